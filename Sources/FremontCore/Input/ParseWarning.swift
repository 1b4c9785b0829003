/// A problem the parser survived: the data it concerns was kept (or skipped, as the message says).
/// Warnings are data, collected by the parser and printed by whoever shows them.
public struct ParseWarning: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation?
    public var message: String
    /// For the last warning of a parse that kept only its first ones: how many were not kept
    /// (its message says of which kinds); 0 for an ordinary warning.
    public var untold = 0

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    /// `line 12: message`, for joining after a source name.
    public var description: String {
        guard let location else { return message }
        return "line \(location): \(message)"
    }

    /// `source:line:column: warning: message`, the form compilers use, so editors can jump to it.
    public func formatted(source: String) -> String {
        let place = location.map { "\(source):\($0)" } ?? source
        return TerminalSafeText.singleLine("\(place): warning: \(message)")
    }
}
