import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// Another program holding the cache's write lock (a second fremont's reload; here `sqlite3` in a
/// transaction, a process of its own) makes writes wait and try again, not vanish; past the write
/// patience they fail, and say so.
@Suite(.needs("sqlite3")) struct CacheLockTests {
    static func item(_ id: String) -> FeedItem { FeedItem(id: id, title: "Item \(id)", link: "https://example.org/\(id)") }

    @Test func aWriteWaitsOutAnotherProgramsLockAndLands() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.2, writePatience: 60)
        try cache.storeFeed(Feed(format: .rss2, title: "T", items: [Self.item("a"), Self.item("b")]), url: "https://example.org/feed")
        let holder = try await CacheLockHolder.start(path)
        // Let go after a second and a half: past SQLite's own wait, which lost the mark before.
        let release = Task {
            try await Task.sleep(for: .milliseconds(1_500))
            await holder.release()
        }
        let start = Date()
        try await offPool { try cache.markRead(feedURL: "https://example.org/feed", itemIDs: ["a"]) }
        #expect(Date().timeIntervalSince(start) > 1)
        #expect(try cache.cachedFeed(url: "https://example.org/feed")?.readItemIDs == ["a"])
        try await release.value
    }

    @Test func pastThePatienceAWriteFailsAndSaysWhy() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.1, writePatience: 0.5)
        let holder = try await CacheLockHolder.start(path)
        await #expect(throws: CacheLocked.self) {
            try await offPool { try cache.markRead(feedURL: "https://example.org/feed", itemIDs: ["a"]) }
        }
        await holder.release()
    }

    @Test func aFetchTheCacheCouldNotKeepSaysSo() async throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let cache = try CacheDatabase(path: path, busyTimeout: 0.1, writePatience: 0.5)
        try await LoopbackServer.with(answering: { _ in .init(body: CachedFetcherTests.rss(["a", "b"]), etag: "\"v1\"") }) { server in
            let holder = try await CacheLockHolder.start(path)
            let fetch = try await offPool { try CachedFetcherTests.fetcher(cache).feed(server.url("/feed.xml")) }
            #expect(fetch.cached.feed.items.map(\.id) == ["a", "b"])
            #expect(fetch.notKept?.contains("locked") == true, "\(String(describing: fetch.notKept))")
            await holder.release()
        }
    }
}
