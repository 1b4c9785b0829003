/// A sync service's password: held only to be sent, and shown nowhere. Printing it, dumping it
/// or interpolating it into a message gives `***`.
public struct SyncPassword: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The password itself, for the one request body that carries it.
    let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "***" }
    public var debugDescription: String { "***" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
