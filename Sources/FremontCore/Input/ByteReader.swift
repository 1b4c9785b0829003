import Foundation

/// Reads a source in fixed-size chunks, so no parser ever holds a whole large file in memory.
/// The first bytes can be peeked (for format detection) without being lost to the parser.
/// Not thread-safe: one reader belongs to one parse.
public final class ByteReader {
    public static let defaultChunkSize = 256 * 1024

    public let name: String
    /// Bytes handed out so far (peeked bytes count once they are read).
    public private(set) var bytesRead = 0
    /// Why the source stopped early (a download cut off, say), once a read has thrown: parsers
    /// that read through `XMLParser` lose the thrown error and find it here.
    public private(set) var failure: LoadError?
    /// The most bytes the source may have, and what it is said to be in the error past it
    /// ("bike data"): an endless stream (stdin, a pipe) ends in a message, not in memory use.
    public var limit: (bytes: Int, what: String)?

    private enum Backing {
        case descriptor(Int32, owned: Bool)
        case data(Data, offset: Int)
        case channel(ByteChannel)
    }

    private var backing: Backing
    private let chunkSize: Int
    /// Bytes read from the backing but not yet handed out (filled by `peek`).
    private var pending: [UInt8] = []
    private var reachedEnd = false

    init(descriptor: Int32, ownsDescriptor: Bool, name: String, chunkSize: Int) {
        self.backing = .descriptor(descriptor, owned: ownsDescriptor)
        self.name = name
        self.chunkSize = chunkSize
    }

    init(data: Data, name: String, chunkSize: Int) {
        self.backing = .data(data, offset: 0)
        self.name = name
        self.chunkSize = chunkSize
    }

    init(channel: ByteChannel, name: String, chunkSize: Int) {
        self.backing = .channel(channel)
        self.name = name
        self.chunkSize = chunkSize
    }

    deinit {
        switch backing {
        case .descriptor(let descriptor, true): close(descriptor)
        // The parser is done with the body, whether or not it read all of it: stop the download.
        case .channel(let channel): channel.close()
        default: break
        }
    }

    /// The first `count` bytes (fewer at the end of the source), without consuming them.
    public func peek(_ count: Int) throws(LoadError) -> [UInt8] {
        while pending.count < count && !reachedEnd {
            let want = max(count - pending.count, 4096)
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: want, alignment: 1)
            defer { chunk.deallocate() }
            let got = try readBacking(into: chunk)
            if got > 0 { pending.append(contentsOf: chunk[0..<got]) }
            if got == 0 { reachedEnd = true }
        }
        return Array(pending.prefix(count))
    }

    /// Drops the first `count` bytes, which must have been peeked (whitespace before an XML
    /// declaration, say, which libxml2 refuses).
    public func discardPeeked(_ count: Int) {
        precondition(count <= pending.count, "discardPeeked: only peeked bytes can be dropped")
        pending.removeFirst(count)
        bytesRead += count
    }

    /// Drops a UTF-8 byte order mark at the start, if there is one: it is not data. (libxml2
    /// reads one itself, so XML parsers leave it.)
    public func skipByteOrderMark() throws(LoadError) {
        if try peek(3) == [0xEF, 0xBB, 0xBF] { discardPeeked(3) }
    }

    /// Fills `buffer` with up to its size (and at most the chunk size) in bytes; returns 0 only at
    /// the end of the source. Small chunk sizes let tests put a boundary at every byte.
    public func read(into whole: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        let buffer = UnsafeMutableRawBufferPointer(rebasing: whole[0..<min(whole.count, chunkSize)])
        if !pending.isEmpty {
            let count = min(pending.count, buffer.count)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            pending.removeFirst(count)
            bytesRead += count
            return count
        }
        if reachedEnd { return 0 }
        let count = try readBacking(into: buffer)
        if count == 0 { reachedEnd = true }
        bytesRead += count
        return count
    }

    /// Calls `body` with each chunk in turn until the source ends. The buffer is reused between calls.
    public func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void) throws(LoadError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return }
            try body(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    private func readBacking(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        if let limit, bytesRead + pending.count > limit.bytes {
            let error = LoadError(source: name, kind: .tooLarge, "larger than \(ByteCountText.describe(limit.bytes)), the limit for \(limit.what)")
            failure = error
            throw error
        }
        switch backing {
        case .descriptor(let descriptor, _):
            while true {
                let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw LoadError(source: name, "read failed: \(reason)")
            }
        case .data(let data, let offset):
            let count = min(buffer.count, data.count - offset)
            guard count > 0 else { return 0 }
            let start = data.startIndex + offset
            data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
            backing = .data(data, offset: offset + count)
            return count
        case .channel(let channel):
            do {
                return try channel.read(into: buffer)
            } catch {
                failure = error
                throw error
            }
        }
    }
}
