/// A failure that leaves no usable result. It names the source and, when known, the line and
/// column, and says what kind of failure it is, so a screen can act on the case rather than on
/// the words.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as data.
    public enum Kind: Sendable, Hashable {
        /// The file or address does not exist (no such file, HTTP 404 or 410).
        case notFound
        /// The server answered with this status (other than 404 and 410).
        case httpStatus(Int)
        /// No answer, or the transfer took too long.
        case timeout
        /// Stopped on purpose (Esc, a newer load).
        case cancelled
        /// The bytes are not the data expected: see `location` for where.
        case notData
        /// `--offline` and the cache holds no copy.
        case notCached
        /// Over a size limit.
        case tooLarge
        /// The network failed: no such host, refused, the connection lost.
        case network
        /// The secure connection failed: a certificate not trusted, a handshake refused (a
        /// captive portal or a proxy in the way, as often as an attack).
        case secureConnection
        /// Not allowed to read it.
        case permission
        /// Anything else: a bad argument, an address that cannot be loaded, an I/O error.
        case other
    }

    public var source: String
    public var location: SourceLocation?
    public var message: String
    public var kind: Kind

    /// Without a `kind`, an error with a location is about the data there; one without, `other`.
    public init(source: String, location: SourceLocation? = nil, kind: Kind? = nil, _ message: String) {
        self.source = source
        self.location = location
        self.message = message
        self.kind = kind ?? (location == nil ? .other : .notData)
    }

    public var description: String {
        let place = location.map { "\(source):\($0)" } ?? source
        return TerminalSafeText.singleLine("\(place): \(message)")
    }

    /// Like `description`, with the source shortened to its file name: for a status line.
    public var shortDescription: String {
        let name = SourceName.file(source)
        let place = location.map { "\(name):\($0)" } ?? name
        return TerminalSafeText.singleLine("\(place): \(message)")
    }
}
