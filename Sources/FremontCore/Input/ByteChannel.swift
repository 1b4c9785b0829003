import Foundation

/// Carries a body from a producer (a download) to one consumer (a parser on another thread) as
/// it arrives: the producer pushes chunks and then finishes or fails; the consumer's reads block
/// until there is data, the end, or the failure. Data pushed before a failure is still read
/// first, so a parser sees everything that arrived and then the reason it stopped.
public final class ByteChannel: @unchecked Sendable {
    // Every stored property below is guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [Data] = []
    /// The first chunk not yet fully read, and how far into it the reader is.
    private var head = 0
    private var offset = 0
    private var finished = false
    private var failure: LoadError?
    private var closed = false
    private var claimed = false
    private var onClose: (@Sendable () -> Void)?
    private var bufferedCount = 0

    public init() {}

    /// Bytes pushed but not read yet.
    public var buffered: Int {
        condition.lock()
        defer { condition.unlock() }
        return bufferedCount
    }

    // MARK: Producer

    /// Appends a chunk. Ignored once the channel has ended or the reader has gone.
    public func push(_ data: Data) {
        guard !data.isEmpty else { return }
        condition.lock()
        defer { condition.unlock() }
        guard !finished, failure == nil, !closed else { return }
        chunks.append(data)
        bufferedCount += data.count
        condition.broadcast()
    }

    /// The body is complete: reads return 0 once the buffered bytes are taken.
    public func finish() {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil else { return }
        finished = true
        condition.broadcast()
    }

    /// The body ends in an error, which reads throw once the buffered bytes are taken. The first
    /// ending wins: a finished channel cannot fail afterwards, nor fail twice.
    public func fail(_ error: LoadError) {
        condition.lock()
        defer { condition.unlock() }
        guard !finished, failure == nil else { return }
        failure = error
        condition.broadcast()
    }

    /// Runs `handler` once when the reader closes the channel (it stopped reading, or finished):
    /// the producer can then stop downloading. Runs at once if the reader is already gone.
    public func whenClosed(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        if closed {
            condition.unlock()
            handler()
            return
        }
        onClose = handler
        condition.unlock()
    }

    // MARK: Consumer

    /// The reader has stopped: buffered bytes are dropped and later pushes ignored.
    public func close() {
        condition.lock()
        guard !closed else {
            condition.unlock()
            return
        }
        closed = true
        chunks = []
        head = 0
        offset = 0
        bufferedCount = 0
        let handler = onClose
        onClose = nil
        condition.broadcast()
        condition.unlock()
        handler?()
    }

    /// Takes the right to read: a channel has one reader, and a body cannot be read twice.
    func claim() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }

    /// Copies up to `buffer.count` bytes, blocking until some arrive; 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while head == chunks.count && !finished && failure == nil && !closed {
            condition.wait()
        }
        if head < chunks.count {
            let chunk = chunks[head]
            let count = min(buffer.count, chunk.count - offset)
            let start = chunk.startIndex + offset
            chunk.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<(start + count))
            offset += count
            bufferedCount -= count
            if offset == chunk.count {
                head += 1
                offset = 0
                // Drop read chunks now and then rather than shifting the array on every one.
                if head > 64 || head == chunks.count {
                    chunks.removeFirst(head)
                    head = 0
                }
            }
            return count
        }
        if let failure { throw failure }
        return 0
    }
}
