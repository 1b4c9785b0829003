import Foundation

/// Where bytes come from: a file, bytes already in memory (embedded data, a test), or standard input.
/// `name` is what messages call it.
public struct InputSource: Sendable {
    public enum Origin: Sendable {
        case file(path: String)
        case bytes(Data)
        case standardInput
    }

    public var origin: Origin
    public var name: String

    public init(origin: Origin, name: String) {
        self.origin = origin
        self.name = name
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

    /// Opens the source for reading in chunks.
    public func open(chunkSize: Int = ByteReader.defaultChunkSize) throws(ParseError) -> ByteReader {
        switch origin {
        case .file(let path):
            let descriptor = Foundation.open(path, O_RDONLY)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw ParseError(source: name, "cannot open: \(reason)")
            }
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(descriptor)
                throw ParseError(source: name, "is a directory, not a data file")
            }
            return ByteReader(descriptor: descriptor, ownsDescriptor: true, name: name, chunkSize: chunkSize)
        case .bytes(let data):
            return ByteReader(data: data, name: name, chunkSize: chunkSize)
        case .standardInput:
            return ByteReader(descriptor: STDIN_FILENO, ownsDescriptor: false, name: name, chunkSize: chunkSize)
        }
    }
}
