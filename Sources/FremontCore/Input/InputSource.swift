import Foundation

/// Where bytes come from: a file, bytes already in memory (embedded data, a test), standard input,
/// or a stream filled as it arrives (a download). `name` is what messages call it.
public struct InputSource: Sendable {
    public enum Origin: Sendable {
        case file(path: String)
        case bytes(Data)
        case standardInput
        /// Read once, as the producer pushes it: parsers start before the body is complete.
        case stream(ByteChannel)
    }

    public var origin: Origin
    public var name: String
    /// Where a download really came from (after redirects, without its user part), which the
    /// relative links in it resolve against: `name` may have a `***` where a password was.
    public var base: String?

    public init(origin: Origin, name: String, base: String? = nil) {
        self.origin = origin
        self.name = name
        self.base = base
    }

    public static func file(_ path: String) -> InputSource {
        InputSource(origin: .file(path: path), name: path)
    }

    public static func bytes(_ data: Data, name: String) -> InputSource {
        InputSource(origin: .bytes(data), name: name)
    }

    public static func string(_ text: String, name: String = "<string>") -> InputSource {
        InputSource(origin: .bytes(Data(text.utf8)), name: name)
    }

    public static var standardInput: InputSource {
        InputSource(origin: .standardInput, name: "<stdin>")
    }

    public static func stream(_ channel: ByteChannel, name: String, base: String? = nil) -> InputSource {
        InputSource(origin: .stream(channel), name: name, base: base)
    }

    /// Whether `open` can be called again to read from the start (false for standard input and
    /// streams, which a parser that reads twice must record as it goes).
    public var canReopen: Bool {
        switch origin {
        case .file, .bytes: return true
        case .standardInput, .stream: return false
        }
    }

    /// Opens the source for reading in chunks.
    public func open(chunkSize: Int = ByteReader.defaultChunkSize) throws(LoadError) -> ByteReader {
        switch origin {
        case .file(let path):
            let descriptor = Foundation.open(path, O_RDONLY)
            guard descriptor >= 0 else {
                let code = errno
                let reason = String(cString: strerror(code))
                let kind: LoadError.Kind = code == ENOENT || code == ENOTDIR ? .notFound : (code == EACCES || code == EPERM ? .permission : .other)
                throw LoadError(source: name, kind: kind, "cannot open: \(reason)")
            }
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(descriptor)
                throw LoadError(source: name, "is a directory, not a data file")
            }
            return ByteReader(descriptor: descriptor, ownsDescriptor: true, name: name, chunkSize: chunkSize)
        case .bytes(let data):
            return ByteReader(data: data, name: name, chunkSize: chunkSize)
        case .standardInput:
            return ByteReader(descriptor: STDIN_FILENO, ownsDescriptor: false, name: name, chunkSize: chunkSize)
        case .stream(let channel):
            guard channel.claim() else { throw LoadError(source: name, "a download can be read only once") }
            return ByteReader(channel: channel, name: name, chunkSize: chunkSize)
        }
    }
}
