import Foundation

/// Presents a `ByteReader` as an `InputStream`, so `XMLParser(stream:)` parses chunk by chunk.
/// (`XMLParser(data:)` hands libxml2 the whole document at once and fails on Linux past ~10 MB.)
final class ByteReaderStream: InputStream {
    private let reader: ByteReader
    private var status: Stream.Status = .notOpen
    private var failure: Error?

    init(_ reader: ByteReader) {
        self.reader = reader
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
