import Foundation
import Synchronization
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// A feed load asks the cache what a list needs (items, read marks, stars) in at most two round
/// trips: the validators before the fetch, and the write that stores it and reads it back.
@Suite struct CacheRoundTripTests {
    /// Counts a connection's round trips from the statements it runs: each transaction is one, and
    /// so is each statement run outside one.
    final class RoundTrips: Sendable {
        private struct State {
            var inTransaction = false
            var count = 0
            var statements: [String] = []
        }

        private let state = Mutex(State())

        func heard(_ sql: String) {
            let upper = sql.uppercased()
            state.withLock { state in
                state.statements.append(sql)
                if upper.hasPrefix("BEGIN") {
                    state.inTransaction = true
                    state.count += 1
                } else if upper.hasPrefix("COMMIT") || upper.hasPrefix("ROLLBACK") {
                    state.inTransaction = false
                } else if !state.inTransaction {
                    state.count += 1
                }
            }
        }

        func reset() { state.withLock { $0 = State() } }
        var count: Int { state.withLock { $0.count } }
        var statements: [String] { state.withLock { $0.statements } }
    }

    @Test func aFetchedFeedComesBackWithItsMarksAndStarsInTwoRoundTrips() async throws {
        let version = Mutex(1)
        let server = try await LoopbackServer.start { request in
            let ids = version.withLock { $0 } == 1 ? ["a", "b", "c"] : ["d", "a", "b", "c"]
            let etag = "\"v\(version.withLock { $0 })\""
            if request.ifNoneMatch == etag { return .init(status: .notModified, etag: etag) }
            return .init(body: CachedFetcherTests.rss(ids), etag: etag)
        }
        let folder = try TestHome()
        let trips = RoundTrips()
        let cache = try CacheDatabase(path: folder.file("cache.sqlite").path, statements: { trips.heard($0) })
        let fetcher = CachedFetcherTests.fetcher(cache)
        let url = server.url("/feed.xml")
        let key = RedactedURL.text(url)
        _ = try await offPool { try fetcher.feed(url) }
        try cache.markRead(feedURL: key, itemIDs: ["a"])
        try cache.setStar(StarredItem(source: key, id: "b", title: "Item b", feedName: "Loopback", author: "", date: nil,
                                      text: "", links: [], link: "https://example.org/b", enclosures: []), starred: true)

        // A changed feed: stored, and read back with its marks in the same write.
        version.withLock { $0 = 2 }
        trips.reset()
        let changed = try await offPool { try fetcher.feed(url) }
        #expect((1...2).contains(trips.count), "\(trips.statements.joined(separator: "\n"))")
        #expect(changed.cached.feed.items.map(\.id) == ["d", "a", "b", "c"])
        #expect(changed.cached.readItemIDs == ["a"])
        #expect(changed.cached.starredIDs == ["b"])

        // Not modified: the copy read for its validators is what the list shows.
        trips.reset()
        let same = try await offPool { try fetcher.feed(url) }
        #expect(same.notModified)
        #expect((1...2).contains(trips.count), "\(trips.statements.joined(separator: "\n"))")
        #expect(same.cached.readItemIDs == ["a"] && same.cached.starredIDs == ["b"])
        await server.stop()
    }
}
