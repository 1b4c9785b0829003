import FremontCore

/// Names a view, so that loads, reloads and their results find it.
public struct ViewID: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
