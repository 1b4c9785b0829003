import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// A feed that churns its item ids cannot grow the cache without end: what the last fetch listed
/// stays, and of the rest the newest `max-items` and every unread one (up to a ceiling); the file
/// shrinks back as items go. `max-items = 0` keeps all, as in newsboat; `keep-articles-days`
/// deletes old items, read or not, but never a star.
@Suite struct CachePruningTests {
    private func feed(_ round: Int, items: Int) -> Feed {
        Feed(format: .rss2, title: "Churn", items: (0..<items).map { index in
            FeedItem(id: "r\(round)-\(index)", title: "Round\(round)x item \(index)", link: "https://example.org/\(round)/\(index)",
                     summary: String(repeating: "words of a summary ", count: 20))
        })
    }

    @Test func sixtyThousandChurnedItemsStayBounded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-prune-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.sqlite").path
        let cache = CacheDatabase.open(at: URL(fileURLWithPath: path))
        #expect(cache.notice == nil)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var sizes: [Int] = []
        for round in 0..<60 {
            try cache.storeFeed(feed(round, items: 1_000), url: "https://churn.example/rss",
                                fetchedAt: start.addingTimeInterval(Double(round) * 60), retention: FeedRetention(keptVanished: 300))
            // Read, so that the number may prune them.
            try cache.markAllRead(feedURL: "https://churn.example/rss")
            if round % 20 == 19 {
                sizes.append((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
            }
        }
        let cached = try #require(try cache.cachedFeed(url: "https://churn.example/rss"))
        // The last fetch's 1,000 and the newest 300 of the vanished: round 58's first (newest) ones.
        #expect(cached.feed.items.count == 1_300)
        #expect(cached.feed.items.first?.id == "r59-0")
        #expect(cached.feed.items.contains { $0.id == "r58-299" } && !cached.feed.items.contains { $0.id == "r58-300" })
        #expect(!cached.feed.items.contains { $0.id == "r57-0" })
        // The search index lost the pruned items too.
        #expect(try cache.search("Round30x").isEmpty)
        #expect(!(try cache.search("Round59x").isEmpty))
        // The file stopped growing: the same size (within a little) after 40 rounds as after 60.
        #expect(sizes.last! <= sizes[1] + sizes[1] / 5, "\(sizes)")
    }

    /// Unread items that left the feed outlive `max-items`, but not the ceiling: a feed churning
    /// unread ids holds the last fetch and the newest 10,000 gone from it.
    @Test func unreadChurnStopsAtTheCeiling() throws {
        let cache = CacheDatabase()
        let url = "https://churn.example/unread"
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for round in 0..<12 {
            try cache.storeFeed(feed(round, items: 1_000), url: url, fetchedAt: start.addingTimeInterval(Double(round) * 60),
                                retention: FeedRetention(keptVanished: 300))
        }
        let cached = try #require(try cache.cachedFeed(url: url))
        #expect(cached.feed.items.count == 1_000 + FeedRetention.vanishedCeiling)
        #expect(cached.readItemIDs.isEmpty)
        #expect(cached.feed.items.contains { $0.id == "r1-0" } && !cached.feed.items.contains { $0.id == "r0-999" })
    }

    static let noon = Date(timeIntervalSince1970: 1_700_000_000)

    static func item(_ id: String, daysOld: Double? = nil) -> FeedItem {
        FeedItem(id: id, title: "Item \(id)", link: "https://example.org/\(id)", summary: "<p>\(id)</p>",
                 published: daysOld.map { noon.addingTimeInterval(-$0 * 86_400) })
    }

    /// `max-items = 0` keeps every item that left the feed (one empty answer used to wipe them
    /// all); a number prunes only the read ones past it.
    @Test func maxItemsZeroKeepsAllAndANumberPrunesOnlyReadItems() throws {
        for (maxItems, kept) in [(0, ["a", "b", "c", "d", "e"]), (2, ["a", "b", "c", "e"])] {
            let cache = CacheDatabase()
            let url = "https://example.org/feed"
            // Fetched one a minute, so "a" is the newest to have left.
            for (offset, id) in ["e", "d", "c", "b", "a"].enumerated() {
                try cache.storeFeed(Feed(format: .rss2, items: [Self.item(id)]), url: url,
                                    fetchedAt: Self.noon.addingTimeInterval(Double(offset) * 60))
            }
            try cache.markRead(feedURL: url, itemIDs: ["a", "d"])
            let retention = FeedRetention(maxItems: maxItems, keepArticlesDays: nil)
            // The server answers with an empty feed.
            try cache.storeFeed(Feed(format: .rss2), url: url, fetchedAt: Self.noon.addingTimeInterval(3600), retention: retention)
            let cached = try #require(try cache.cachedFeed(url: url))
            #expect(Set(cached.feed.items.map(\.id)) == Set(kept), "max-items = \(maxItems)")
            // "d" was read and past the newest two: gone; "c" and "e" unread: kept.
            #expect(cached.unreadCount == 3)
        }
    }

    /// `keep-articles-days = 30`: an item published 40 days before the fetch goes, read or not,
    /// in the feed or gone from it, and is not counted new; a star on it stays.
    @Test func keepArticlesDaysDeletesOldItemsButNoStar() throws {
        let cache = CacheDatabase()
        let url = "https://example.org/feed"
        try cache.storeFeed(Feed(format: .rss2, items: [Self.item("old-unread", daysOld: 40), Self.item("old-read", daysOld: 45),
                                                          Self.item("recent", daysOld: 2), Self.item("undated")]),
                            url: url, fetchedAt: Self.noon.addingTimeInterval(-50 * 86_400))
        try cache.markRead(feedURL: url, itemIDs: ["old-read"])
        let star = StarredItem(source: url, id: "old-unread", title: "Item old-unread", feedName: "Feed", author: "", date: nil,
                               text: "kept", links: [], link: "", enclosures: [])
        try cache.setStar(star, starred: true)
        let retention = FeedRetention(maxItems: 0, keepArticlesDays: 30)
        let result = try cache.storeFeed(Feed(format: .rss2, items: [Self.item("new"), Self.item("old-read", daysOld: 45),
                                                                         Self.item("older", daysOld: 31)]),
                                         url: url, fetchedAt: Self.noon, retention: retention)
        #expect(result.newItemIDs == ["new"])
        let cached = try #require(try cache.cachedFeed(url: url))
        // "undated" was first seen 50 days ago: old too.
        #expect(Set(cached.feed.items.map(\.id)) == ["new", "recent"])
        #expect(try cache.starredItems().map(\.id) == ["old-unread"])
        // 0 turns it off.
        try cache.storeFeed(Feed(format: .rss2, items: [Self.item("older", daysOld: 31)]), url: url,
                            fetchedAt: Self.noon.addingTimeInterval(60), retention: FeedRetention(maxItems: 0, keepArticlesDays: 0))
        #expect(try cache.cachedFeed(url: url)?.feed.items.map(\.id).contains("older") == true)
    }

    @Test func maxItemsAndKeepArticlesDaysComeFromTheConfig() throws {
        let config = try FremontConfig.parse("max-items = 50\nmax-items = lots\nkeep-articles-days = 30\nkeep-articles-days = -1\n",
                                             name: "config")
        #expect(config.maxItems == 50)
        #expect(config.keepArticlesDays == 30)
        #expect(config.warnings.map(\.message) == [
            "max-items must be a whole number from 0 to 1000000, not 'lots'; ignored",
            "keep-articles-days must be a whole number of days from 0 to 36500, not '-1'; ignored",
        ])
        #expect(FeedRetention(maxItems: 0, keepArticlesDays: 0) == FeedRetention(keptVanished: nil, keepDays: nil))
        #expect(FeedRetention(maxItems: nil, keepArticlesDays: nil) == FeedRetention())
    }
}
