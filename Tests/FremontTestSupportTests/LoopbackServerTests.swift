import Foundation
import FremontTestSupport
import Testing

/// The loopback server keeps answering however busy Swift's cooperative pool is.
@Suite struct LoopbackServerTests {
    /// Every thread of the pool blocked for four seconds: a server whose tasks waited for one
    /// would answer only after them.
    @Test func itAnswersWhileEveryThreadOfThePoolIsBusy() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/data/bikes/fremont-2016-04.csv")
            let threads = ProcessInfo.processInfo.activeProcessorCount + 1
            let blockers = (0..<threads).map { _ in Task.detached { _ = usleep(4_000_000) } }
            let took = try await offPool { () throws -> Duration in
                let started = ContinuousClock.now
                _ = try Data(contentsOf: url)
                return ContinuousClock.now - started
            }
            for blocker in blockers { await blocker.value }
            #expect(took < .seconds(2), "the answer took \(took)")
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
