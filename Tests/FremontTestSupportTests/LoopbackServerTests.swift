import Foundation
import FremontTestSupport
import Testing

/// The loopback server keeps answering however busy Swift's cooperative pool is.
@Suite(.needsSharedData) struct LoopbackServerTests {
    /// Every thread of the pool held until the answer has come: a server whose tasks waited for
    /// a thread of the pool would answer only once the holders gave up (after 30 s). What counts
    /// is whether the answer came while the pool was held, not how long it took: on a loaded
    /// machine the same answer took 7 to 9 s, against a bound of 2 s on the clock.
    @Test func itAnswersWhileEveryThreadOfThePoolIsBusy() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/data/bikes/fremont-2016-04.csv")
            let width = ProcessInfo.processInfo.activeProcessorCount
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let request = RequestTime()
            // One more holder than the pool has threads: the last waits for a free one.
            let holders = (0...width).map { _ in
                Task.detached { () -> Bool in
                    started.signal()
                    // True when it gave up waiting for the answer: 30 s after the request went,
                    // not after this holder started (in a busy suite the others may start late).
                    while release.wait(timeout: .now() + 1) == .timedOut {
                        if let sent = request.sent, DispatchTime.now() > sent + 30 { return true }
                    }
                    return false
                }
            }
            // Off the pool: nothing here needs one of its threads.
            let (filled, bytes) = try await offPool { () throws -> (Bool, Int) in
                defer { for _ in 0...width { release.signal() } }
                // The request goes once every thread is held (a loaded machine may start them late).
                for _ in 0..<width where started.wait(timeout: .now() + 120) == .timedOut { return (false, 0) }
                request.sent = .now()
                return (true, try Data(contentsOf: url).count)
            }
            var gaveUp = 0
            for holder in holders where await holder.value { gaveUp += 1 }
            #expect(filled, "the pool's threads were not all held within 120 s")
            #expect(bytes > 0)
            #expect(gaveUp == 0, "the answer came only after \(gaveUp) holders of the pool's threads gave up waiting for it")
            #expect(server.requests.map(\.status) == [200])
        }
    }

    @Test func requestsAreLoggedWithTheirStatusAndAResponderAnswersEverything() async throws {
        try await LoopbackServer.with { server in
            _ = try await offPool { try? Data(contentsOf: server.url("/status/404?a=b%20c")) }
            #expect(server.targets == ["/status/404?a=b%20c"])
            #expect(server.requests.first?.query == ["a": "b c"])
            #expect(server.requests.first?.status == 404)
            server.respond { request in .init(body: Data(request.path.utf8), etag: "\"x\"") }
            let body = try await offPool { try Data(contentsOf: server.url("/anything")) }
            #expect(String(decoding: body, as: UTF8.self) == "/anything")
            #expect(server.requests.map(\.status) == [404, 200])
        }
    }
}

/// When the request went out, shared by the holders and the requester.
private final class RequestTime: @unchecked Sendable {
    private let lock = NSLock()
    private var time: DispatchTime?

    var sent: DispatchTime? {
        get { lock.withLock { time } }
        set { lock.withLock { time = newValue } }
    }
}
