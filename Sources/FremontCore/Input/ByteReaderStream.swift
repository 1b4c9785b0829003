import Foundation

/// Presents a `ByteReader` as an `InputStream`, so `XMLParser(stream:)` parses chunk by chunk.
/// (`XMLParser(data:)` hands libxml2 the whole document at once and fails on Linux past ~10 MB.)
final class ByteReaderStream: InputStream {
    private let reader: ByteReader
    private let limit: Int?
    private var status: Stream.Status = .notOpen
    private var failure: Error?
    /// Set when the source went past `limit`: the stream then fails, which ends the parse.
    private(set) var exceededLimit = false
    /// Every byte handed out, when asked for: a source that cannot be read twice (stdin) can
    /// still be parsed again after a repair.
    private(set) var recorded: Data?

    init(_ reader: ByteReader, limit: Int? = nil, recording: Bool = false) {
        self.reader = reader
        self.limit = limit
        self.recorded = recording ? Data() : nil
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { failure }
    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        do {
            let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            if let limit, reader.bytesRead > limit {
                exceededLimit = true
                status = .error
                return -1
            }
            recorded?.append(buffer, count: count)
            return count
        } catch {
            failure = error
            status = .error
            return -1
        }
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>) -> Bool {
        false
    }
}
