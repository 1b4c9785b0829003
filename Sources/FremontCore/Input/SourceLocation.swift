/// Where in a source something happened. Lines and columns count from 1.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int?

    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }

    public var description: String {
        if let column { return "\(line):\(column)" }
        return "\(line)"
    }
}
