import FlyingFox
import Foundation
import Synchronization

/// An enclosure served the way podcast hosts serve one: an ETag, `Range` and `If-Range`
/// honoured (206 with `Content-Range`), or not at all when `honoursRange` is off (a 200 with the
/// whole file, as some servers answer). Each answer can be scripted: cut off after so many bytes
/// (the connection drops), or paused part way.
public final class EnclosureRoute: Sendable {
    public struct Answer: Sendable {
        /// Bytes of this answer's body after which the connection drops.
        public var cutAfter: Int?
        /// Bytes of this answer's body after which it pauses, and for how long.
        public var pauseAfter: Int?
        public var pause: Duration = .zero

        public init(cutAfter: Int? = nil, pauseAfter: Int? = nil, pause: Duration = .zero) {
            self.cutAfter = cutAfter
            self.pauseAfter = pauseAfter
            self.pause = pause
        }
    }

    public let data: Data
    public let etag: String
    private let state: Mutex<State>

    private struct State {
        var honoursRange: Bool
        /// Scripted answers, used in turn; afterwards every answer is plain.
        var script: [Answer]
        /// Each request's Range and If-Range headers, and the bytes of body it was sent.
        var seen: [(range: String?, ifRange: String?, status: Int)] = []
    }

    public init(_ data: Data, etag: String = "\"episode-1\"", honoursRange: Bool = true, script: [Answer] = []) {
        self.data = data
        self.etag = etag
        state = Mutex(State(honoursRange: honoursRange, script: script))
    }

    /// `count` bytes of a repeating pattern, so a misplaced range shows.
    public static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) })
    }

    public func setHonoursRange(_ flag: Bool) { state.withLock { $0.honoursRange = flag } }
    public func setScript(_ answers: [Answer]) { state.withLock { $0.script = answers } }

    /// Every request's `Range` header (nil when none), in order.
    public var ranges: [String?] { state.withLock { $0.seen.map(\.range) } }
    public var ifRanges: [String?] { state.withLock { $0.seen.map(\.ifRange) } }
    public var statuses: [Int] { state.withLock { $0.seen.map(\.status) } }

    public func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let range = request.headers[HTTPHeader("Range")]
        let ifRange = request.headers[HTTPHeader("If-Range")]
        let (honours, script) = state.withLock { state -> (Bool, Answer) in
            (state.honoursRange, state.script.isEmpty ? Answer() : state.script.removeFirst())
        }
        var start = 0
        if honours, let range, range.hasPrefix("bytes="), ifRange == nil || ifRange == etag,
           let first = Int(range.dropFirst(6).split(separator: "-").first ?? "") {
            start = first
        }
        if start >= data.count, start > 0 {
            state.withLock { $0.seen.append((range, ifRange, 416)) }
            return HTTPResponse(statusCode: .rangeNotSatisfiable, headers: HTTPHeaders([HTTPHeader("Content-Range"): "bytes */\(data.count)"]))
        }
        let body = data.subdata(in: start..<data.count)
        let status: HTTPStatusCode = start > 0 ? .partialContent : .ok
        state.withLock { $0.seen.append((range, ifRange, status.code)) }
        var headers: HTTPHeaders = [HTTPHeader("ETag"): etag, HTTPHeader("Content-Type"): "audio/mpeg"]
        if honours { headers[HTTPHeader("Accept-Ranges")] = "bytes" }
        if start > 0 { headers[HTTPHeader("Content-Range")] = "bytes \(start)-\(data.count - 1)/\(data.count)" }
        let scripted = ScriptedBody(body, pauseAt: script.pauseAfter, pause: script.pause, failAt: script.cutAfter)
        return HTTPResponse(statusCode: status, headers: headers, body: HTTPBodySequence(from: scripted, count: body.count))
    }
}
