/// A provider's key (Pirate Weather's): a secret of the reader's. It goes into the one request
/// that needs it and nowhere else: printing it, interpolating it or dumping a value that holds
/// it shows `<key>`.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself: for building the request, never for showing.
    public let value: String

    /// What stands for the key wherever an address with it is shown.
    public static let placeholder = "<key>"

    /// Nil unless it is 1 to 256 letters, digits, `-`, `_` or `.`: a key is put into an address
    /// as it is, so nothing that would change the address's meaning is taken.
    public init?(_ text: String) {
        guard (1...256).contains(text.utf8.count), text.unicodeScalars.allSatisfy(Self.allowed) else { return nil }
        value = text
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || scalar == "-" || scalar == "_" || scalar == "."
    }

    public var description: String { Self.placeholder }
    public var debugDescription: String { Self.placeholder }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
