import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// Another program holding the cache's write lock (a second fremont's reload, here `sqlite3` in a
/// transaction) makes writes wait and try again, not vanish; past the write patience they fail,
/// and say so.
@Suite struct CacheLockTests {
    /// A process that holds `path`'s write lock for `seconds`, from when this returns.
    static func holdLock(_ path: String, for seconds: Double) async throws -> ChildProcess {
        let holder = try ChildProcess(["/bin/sh", "-c", "(echo '.timeout 5000'; echo 'BEGIN IMMEDIATE;'; echo 'SELECT 1;'; sleep \(seconds)) | sqlite3 \"$0\"", path],
                                      environment: ProcessInfo.processInfo.environment)
        // Held once a write of ours, trying once, finds it locked.
        let probe = try CacheDatabase(path: path, busyTimeout: 0.05, writePatience: 0)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            do {
                try probe.markRead(feedURL: "https://probe.example/", itemIDs: ["probe"])
                try await Task.sleep(for: .milliseconds(20))
            } catch is CacheLocked {
                return holder
            }
        }
        throw LockNeverTaken()
    }

    struct LockNeverTaken: Error {}

    static func item(_ id: String) -> FeedItem { FeedItem(id: id, title: "Item \(id)", link: "https://example.org/\(id)") }

    @Test func aWriteWaitsOutAnotherProgramsLockAndLands() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.2, writePatience: 20)
        try cache.storeFeed(Feed(format: .rss2, title: "T", items: [Self.item("a"), Self.item("b")]), url: "https://example.org/feed")
        let holder = try await Self.holdLock(path, for: 2)
        let start = Date()
        // Was: "database is locked" after the 2 s busy timeout, the mark lost.
        try await offPool { try cache.markRead(feedURL: "https://example.org/feed", itemIDs: ["a"]) }
        #expect(Date().timeIntervalSince(start) > 0.5)
        #expect(try cache.cachedFeed(url: "https://example.org/feed")?.readItemIDs == ["a"])
        _ = await holder.exit(timeout: .seconds(10))
    }

    @Test func pastThePatienceAWriteFailsAndSaysWhy() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.1, writePatience: 0.5)
        let holder = try await Self.holdLock(path, for: 3)
        await #expect(throws: CacheLocked.self) {
            try await offPool { try cache.markRead(feedURL: "https://example.org/feed", itemIDs: ["a"]) }
        }
        _ = await holder.exit(timeout: .seconds(10))
    }

    @Test func aFetchTheCacheCouldNotKeepSaysSo() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.1, writePatience: 0.5)
        try await LoopbackServer.with(answering: { _ in .init(body: CachedFetcherTests.rss(["a", "b"]), etag: "\"v1\"") }) { server in
            let holder = try await Self.holdLock(path, for: 3)
            let fetch = try await offPool { try CachedFetcherTests.fetcher(cache).feed(server.url("/feed.xml")) }
            #expect(fetch.cached.feed.items.map(\.id) == ["a", "b"])
            #expect(fetch.notKept?.contains("locked") == true, "\(String(describing: fetch.notKept))")
            _ = await holder.exit(timeout: .seconds(10))
        }
    }
}
