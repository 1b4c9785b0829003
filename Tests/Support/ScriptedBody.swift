import FlyingFox
import FlyingSocks
import Foundation

/// A body that pauses or breaks off part way, sent through FlyingFox's buffered sequence.
public struct ScriptedBody: AsyncBufferedSequence, Sendable {
    public typealias Element = UInt8

    public struct BrokenOff: Error {}

    let bytes: [UInt8]
    var pauseAt: Int?
    var pause: Duration = .zero
    var failAt: Int?

    public init(_ data: Data, pauseAt: Int? = nil, pause: Duration = .zero, failAt: Int? = nil) {
        self.bytes = [UInt8](data)
        self.pauseAt = pauseAt
        self.pause = pause
        self.failAt = failAt
    }

    public func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    public struct Iterator: AsyncBufferedIteratorProtocol {
        let body: ScriptedBody
        var offset = 0
        var paused = false

        public mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        public mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if let failAt = body.failAt, offset >= failAt { throw BrokenOff() }
            if let pauseAt = body.pauseAt, offset >= pauseAt, !paused {
                paused = true
                try await Task.sleep(for: body.pause)
            }
            guard offset < body.bytes.count else { return nil }
            var end = Swift.min(body.bytes.count, offset + Swift.max(count, 1))
            if let failAt = body.failAt, offset < failAt { end = Swift.min(end, failAt) }
            if let pauseAt = body.pauseAt, offset < pauseAt { end = Swift.min(end, pauseAt) }
            defer { offset = end }
            return body.bytes[offset..<end]
        }
    }
}
