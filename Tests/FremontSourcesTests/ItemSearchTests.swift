import Foundation
import FremontTestSupport
import GRDB
import Testing
import FremontCore
@testable import FremontSources

/// Full-text search over the cache: every word required, the title weighing most, the last word
/// a prefix, no query text read as syntax, and the index following the items.
@Suite struct ItemSearchTests {
    private func item(_ id: String, _ title: String, _ html: String) -> FeedItem {
        FeedItem(id: id, title: title, link: "https://example.org/\(id)", summary: html)
    }

    private func cache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [
            item("a", "Webb sees a distant galaxy", "<p>The <b>James Webb</b> telescope looked far.</p>"),
            item("b", "Budget news", "<p>Funding for the Webb telescope and <a href='x'>Hubble</a>.</p>"),
            item("c", "Crème brûlée recipe", "<p>Caramel on top.</p>"),
        ]), url: "https://space.example/feed")
        try cache.storeFeed(Feed(format: .rss2, title: "Other", items: [
            item("d", "Telescope sale", "<p>Cheap lenses.</p>"),
        ]), url: "https://other.example/feed")
        return cache
    }

    @Test func everyWordIsRequiredAndTheTitleWeighsMost() throws {
        let cache = try cache()
        #expect(try cache.search("webb telescope").map(\.id) == ["a", "b"])
        #expect(try cache.search("telescope").map(\.id).first == "d")  // in its title
        #expect(try cache.search("hubble").map(\.id) == ["b"])
        #expect(try cache.search("webb hubble").map(\.id) == ["b"])
        #expect(try cache.search("nothing here").isEmpty)
        let hit = try #require(try cache.search("hubble").first)
        #expect(hit.feedTitle == "Space" && hit.feedURL == "https://space.example/feed")
        #expect(hit.snippet.contains("[Hubble]"))
        #expect(!hit.snippet.contains("<"))  // words, not markup
    }

    @Test func theLastWordIsAPrefixAndAccentsFold() throws {
        let cache = try cache()
        #expect(try cache.search("galax").map(\.id) == ["a"])
        #expect(try cache.search("creme brulee").map(\.id) == ["c"])
        #expect(try cache.search("WEBB").count == 2)
    }

    @Test func queryTextIsNeverSyntax() throws {
        let cache = try cache()
        for query in ["AND", "\"", "web*", "a OR b", "NEAR(x y)", "title:webb", "(", "-", "*"] {
            #expect(throws: Never.self) { try cache.search(query) }
        }
        #expect(try cache.search("   ").isEmpty)
        #expect(ItemSearch.matchExpression("say \"hi\"") == "\"say\" \"\"\"hi\"\"\"*")
    }

    @Test func theIndexFollowsTheItems() throws {
        let cache = try cache()
        // A changed item is found by its new words only.
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [item("b", "Budget news", "<p>Now about Mars.</p>")]),
                            url: "https://space.example/feed")
        #expect(try cache.search("hubble").isEmpty)
        #expect(try cache.search("mars").map(\.id) == ["b"])
        // A removed item leaves the index.
        try cache.writer.write { try $0.execute(sql: "DELETE FROM item WHERE id = 'a'") }
        #expect(try cache.search("galaxy").isEmpty)
    }

    @Test func anOlderCacheIsIndexedWhenItIsBroughtUpToDate() throws {
        let directory = try TestHome()
        let path = directory.file("cache.sqlite").path
        do {
            let old = try DatabaseQueue(path: path)
            try CacheSchema.migrator.migrate(old, upTo: "v4-feed-details")
            try old.write { db in
                try db.execute(sql: "INSERT INTO feed (url, title) VALUES ('https://old.example/', 'Old')")
                try db.execute(sql: """
                    INSERT INTO item (feedURL, id, position, title, summary, isRead, firstSeen, lastSeen)
                    VALUES ('https://old.example/', 'x', 0, 'Kept', '<p>ancient words</p>', 0, '2023-11-14 22:13:20.000', '2023-11-14 22:13:20.000')
                    """)
            }
        }
        let cache = try CacheDatabase(path: path)
        #expect(try cache.search("ancient").map(\.title) == ["Kept"])
    }
}

@Suite struct StarredTests {
    @Test func starredCopiesRoundTripAndUnstar() throws {
        let cache = CacheDatabase()
        let record = StarredItem(source: "https://e.example/feed", id: "1", title: "Kept", feedName: "E", author: "A",
                                   date: Date(timeIntervalSince1970: 1_700_000_000), text: "Para one\n\nPara two",
                                   links: ["https://e.example/l"], link: "https://e.example/1",
                                   enclosures: [FeedEnclosure(url: "https://e.example/1.mp3", type: "audio/mpeg", length: 5, duration: 60)])
        try cache.setStar(record, starred: true, at: Date(timeIntervalSince1970: 1))
        var second = record
        second.id = "2"
        second.title = "Newer"
        try cache.setStar(second, starred: true, at: Date(timeIntervalSince1970: 2))
        #expect(try cache.starredItems() == [second, record])
        #expect(try cache.starredIDs(source: "https://e.example/feed") == ["1", "2"])
        try cache.setStar(record, starred: false)
        #expect(try cache.starredItems() == [second])
        // Stars are not items: removing every item of the feed leaves them.
        try cache.writer.write { try $0.execute(sql: "DELETE FROM item") }
        #expect(try cache.starredItems().count == 1)
    }
}
