import Foundation
import GRDB
import Testing
import FremontTestSupport
import FremontCore
@testable import FremontSources

/// A cache written before items were kept compact (`v18-compact-items`) keeps everything when
/// brought up to date: dates to the millisecond, summaries and contents, read marks, counts,
/// articles and their words in the search index, and the list's order.
@Suite struct CompactItemsMigrationTests {
    static let url = "https://old.example/feed"
    static let other = "https://other.example/feed"

    @Test func anOlderCacheKeepsEveryItemWhole() throws {
        let directory = try TestHome()
        let path = directory.file("cache.sqlite").path
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in CacheDatabase.registerFunctions(db) }
            let old = try DatabaseQueue(path: path, configuration: configuration)
            try CacheSchema.migrator.migrate(old, upTo: "v17-search-without-copies")
            try old.write { db in
                for url in [Self.url, Self.other] {
                    try db.execute(sql: "INSERT INTO feed (url, title, fetchedAt) VALUES (?, 'Old', '2026-01-02 03:04:05.678')", arguments: [url])
                }
                let insert = """
                    INSERT INTO item (feedURL, id, position, title, summary, content, published, updated, isRead, firstSeen, lastSeen)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-01-02 03:04:05.678', '2026-01-02 03:04:05.678')
                    """
                try db.execute(sql: insert, arguments: [Self.url, "newest", 0, "Webb", "<p>a galaxy far</p>", "", "2025-12-31 23:59:59.250", nil, 0])
                try db.execute(sql: insert, arguments: [Self.url, "older", 1, "Mars", "<p>short</p>", "<div>the rover's full story</div>",
                                                        nil, "2025-06-01 12:00:00.000", 1])
                try db.execute(sql: insert, arguments: [Self.url, "undated", 2, "Undated", "", "", nil, nil, 0])
                try db.execute(sql: insert, arguments: [Self.other, "x", 0, "Other", "<p>elsewhere</p>", "", "2025-01-01 00:00:00.000", nil, 0])
                try db.execute(sql: """
                    INSERT INTO itemArticle (feedURL, id, url, title, blocks, text, fetchedAt)
                    VALUES (?, 'older', 'https://old.example/mars', 'Mars', '[]', 'regolith samples', '2026-01-02 03:04:05.678')
                    """, arguments: [Self.url])
            }
        }
        // A person is told before an older cache is brought up to date, and only then.
        var told = 0
        let cache = try CacheDatabase(path: path, upgrading: { told += 1 })
        #expect(told == 1)
        _ = try CacheDatabase(path: path, upgrading: { told += 1 })
        _ = try CacheDatabase(path: directory.file("fresh.sqlite").path, upgrading: { told += 1 })
        #expect(told == 1)
        let cached = try #require(try cache.cachedFeed(url: Self.url))
        let items = Dictionary(uniqueKeysWithValues: cached.feed.items.map { ($0.id, $0) })
        #expect(items["newest"]?.published == Date(timeIntervalSince1970: 1_767_225_599.25))
        #expect(items["older"]?.updated == Date(timeIntervalSince1970: 1_748_779_200))
        #expect(items["older"]?.summary == "<p>short</p>" && items["older"]?.content == "<div>the rover's full story</div>")
        #expect(items["newest"]?.summary == "<p>a galaxy far</p>" && items["undated"]?.summary == "")
        #expect(cached.readItemIDs == ["older"])
        #expect(try cache.itemCount(.feed(Self.url)) == 3)
        #expect(try cache.itemCount(.unread) == 3)
        // Newest first (published, else updated), undated last.
        #expect(try cache.itemWindow(.feed(Self.url), .start, limit: 10).map(\.id) == ["newest", "older", "undated"])
        #expect(try cache.itemWindow(.all, .start, limit: 10).map(\.id) == ["newest", "older", "x", "undated"])
        // The article and its words came along.
        #expect(try cache.article(feed: Self.url, id: "older")?.url == "https://old.example/mars")
        #expect(try cache.search("regolith").map(\.id) == ["older"])
        #expect(try cache.search("rover").map(\.id) == ["older"])
        try cache.writer.write { try $0.execute(sql: "INSERT INTO itemText (itemText, rank) VALUES ('integrity-check', 1)") }
        // A feed removed takes its items, their article and their entries with it; the other stays.
        try cache.writer.write { try $0.execute(sql: "DELETE FROM feed WHERE url = ?", arguments: [Self.url]) }
        try cache.writer.write { try $0.execute(sql: "INSERT INTO itemText (itemText, rank) VALUES ('integrity-check', 1)") }
        #expect(try cache.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM itemArticle") } == 0)
        #expect(try cache.search("regolith").isEmpty)
        #expect(try cache.itemCount(.all) == 1)
        #expect(try cache.search("elsewhere").map(\.feedURL) == [Self.other])
    }

    @Test func theTitleHoldingEveryWordComesFirstThenTheNewest() throws {
        let home = try TestHome()
        let cache = try CacheDatabase(path: home.file("cache.sqlite").path)
        let day = { (n: Double) in Date(timeIntervalSince1970: 1_700_000_000 + n * 86_400) }
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [
            FeedItem(id: "old-title", title: "Comet returns", summary: "<p>seen again</p>", published: day(1)),
            FeedItem(id: "new-text", title: "Night sky", summary: "<p>a comet tonight</p>", published: day(9)),
            FeedItem(id: "mid-text", title: "Weekly", summary: "<p>the comet faded</p>", published: day(5)),
            FeedItem(id: "new-title", title: "A comet, brighter", summary: "<p>now</p>", published: day(8)),
            FeedItem(id: "none", title: "Mars", summary: "<p>dust</p>", published: day(10)),
        ]), url: "https://space.example/rss")
        let hits = try cache.search("comet")
        #expect(hits.map(\.id) == ["new-title", "old-title", "new-text", "mid-text"])
        #expect(hits.map(\.rank) == [0, 1, 2, 3])
        #expect(hits[2].snippet.contains("[comet]"))
    }
}
