import Foundation
import FremontTestSupport
import GRDB
import Testing
import FremontCore
@testable import FremontSources

/// Full-text search over the cache: every word required, the title weighing most, the last word
/// a prefix, no query text read as syntax, and the index following the items.
@Suite(.needsSharedData) struct ItemSearchTests {
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

    /// Words many items hold are ranked by a walk of the date index, words few hold by their
    /// dates read and sorted: both give the same order, the title's hits first, each newest
    /// first, undated last, however the hits part between the two ways.
    @Test func manyHitsAreRankedAsFewAre() throws {
        let cache = CacheDatabase()
        var generator = SplitMix64(seed: 26)
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        // The undated tie, broken as stored (the order here).
        var expectedTitle: [(date: Double, stored: Int, id: String)] = [], expectedText: [(date: Double, stored: Int, id: String)] = []
        var minutes = Array(0..<3_000).shuffled(using: &generator)
        for feed in 0..<3 {
            var items: [FeedItem] = []
            for index in 0..<1_000 {
                let id = "\(feed)-\(index)"
                // Every date apart; a few undated, last.
                let undated = index % 400 == 7
                let minute = minutes.removeLast()
                let date = undated ? nil : base.addingTimeInterval(Double(minute) * 60)
                let inTitle = Int.random(in: 0..<2, using: &generator) == 0
                // A word many items hold, and one few hold in their text alone.
                let inText = !inTitle && Int.random(in: 0..<10, using: &generator) > 0
                let rare = !inTitle && index % 300 == 5
                var item = item(id, inTitle ? "River crossing \(index)" : "Crossing \(index)",
                                "<p>\(inText ? "The river rose." : "Dry.")\(rare ? " Rare kelpie." : "")</p>")
                item.published = date
                items.append(item)
                let key = (date?.timeIntervalSince1970 ?? -1e300, feed * 1_000 + index, id)
                if inTitle { expectedTitle.append(key) } else if inText { expectedText.append(key) }
            }
            try cache.storeFeed(Feed(format: .rss2, title: "Feed \(feed)", items: items), url: "https://river.example/\(feed)")
        }
        func newestFirst(_ list: [(date: Double, stored: Int, id: String)]) -> [String] {
            list.sorted { $0.date != $1.date ? $0.date > $1.date : $0.stored < $1.stored }.map(\.id)
        }
        let all = newestFirst(expectedTitle) + newestFirst(expectedText)
        #expect(expectedTitle.count > 1_000 && expectedText.count > 1_000)
        #expect(try cache.search("river", limit: 50).map(\.id) == Array(all.prefix(50)))
        #expect(try cache.search("river", limit: 3_000).map(\.id) == all)
        // Many hits in titles (walked), few in the text alone (their dates read).
        #expect(try cache.search("crossing", limit: 3_000).count == 3_000)
        let kelpie = try cache.search("river kelpie", limit: 50).map(\.id)
        #expect(!kelpie.isEmpty && kelpie.allSatisfy { id in expectedText.contains { $0.id == id } })
        #expect(kelpie == newestFirst(expectedText.filter { kelpie.contains($0.id) }))
    }

    /// The index's triggers take each item's words from the rendering made before the write
    /// (a hostile item never renders while the write holds the lock), found by its stored bytes.
    @Test func theIndexTakesTheWordsRenderedBeforeTheWrite() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [item("a", "Title", "<p>Original words.</p>")]),
                            url: "https://space.example/feed", validators: CacheValidators(), fetchedAt: Date(),
                            retention: FeedRetention(), searchText: { _, _ in "rendered beforehand" })
        #expect(try cache.search("beforehand").map(\.id) == ["a"])
        #expect(try cache.search("original").isEmpty)
    }

    @Test func aSnippetIsTheWordsAroundTheFirstMatchHoweverFarIntoTheText() {
        let filler = String(repeating: "<p>Nothing to see in this paragraph at all.</p>\n", count: 400)
        let far = ItemSearch.snippet(html: filler + "<p>At last the <b>Webb</b>\n telescope (unfolded).</p>", article: "",
                                     query: "webb tele", marks: ("[", "]"))
        #expect(far == "…see in this paragraph at all. At last the [Webb] [telescope] (unfolded).", "\(far)")
        // Only the full article holds it: its words; none holds it: the text's first words.
        #expect(ItemSearch.snippet(html: "<p>Short lead.</p>", article: "Regolith samples came back.", query: "regolith",
                                   marks: ("<", ">")) == "<Regolith> samples came back.")
        #expect(ItemSearch.snippet(html: "<p>Crème brûlée</p>", article: "", query: "creme", marks: ("[", "]")) == "Crème brûlée")
    }

    @Test func queryTextIsNeverSyntax() throws {
        let cache = try cache()
        for query in ["AND", "\"", "web*", "a OR b", "NEAR(x y)", "title:webb", "(", "-", "*"] {
            #expect(throws: Never.self) { try cache.search(query) }
        }
        #expect(try cache.search("   ").isEmpty)
        // A word's tokens, as the index splits text: quotes and hyphens are not syntax.
        #expect(ItemSearch.matchExpression("say \"hi\"") == "\"say\" \"hi\"")
        #expect(ItemSearch.matchExpression("e-mail news") == "\"e\" \"mail\" \"news\"*")
        #expect(ItemSearch.matchExpression("\" - *") == nil)
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

    /// FTS5's own check of the index against the text the view gives (rank 1: the content too).
    private func expectIndexAgrees(_ cache: CacheDatabase, _ step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(throws: Never.self, "\(step)", sourceLocation: sourceLocation) {
            try cache.writer.write { try $0.execute(sql: "INSERT INTO itemText (itemText, rank) VALUES ('integrity-check', 1)") }
        }
    }

    /// The index keeps no copy of the text: every way items are written keeps it in step with
    /// the text rendered from them, so what is taken out is what went in.
    @Test func theIndexAgreesWithTheItemsAfterEveryKindOfWrite() throws {
        let home = try TestHome()
        let cache = try CacheDatabase(path: home.file("cache.sqlite").path)
        let url = "https://space.example/feed"
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [
            item("a", "Webb sees a galaxy", "<p>The <b>James Webb</b> telescope.</p>"),
            item("b", "Budget news", "<p>Funding for <a href='x'>Hubble</a>.</p>"),
            FeedItem(id: "c", title: "Content wins", summary: "<p>summary words</p>", content: "<div>nebula &amp; dust</div>"),
        ]), url: url)
        #expect(try cache.writer.read { try $0.tableExists("itemText_content") } == false)
        expectIndexAgrees(cache, "first store")
        #expect(try cache.search("nebula").map(\.id) == ["c"])
        #expect(try cache.search("summary").isEmpty)
        // Stored again: one title changed, one text changed, one as it was, one new; "a" gone
        // (read, and past what `keptVanished` keeps).
        try cache.markRead(feedURL: url, itemIDs: ["a"])
        expectIndexAgrees(cache, "a read mark")
        try cache.storeFeed(Feed(format: .rss2, title: "Space", items: [
            item("b", "Budget cut", "<p>Funding for <a href='x'>Hubble</a>.</p>"),
            FeedItem(id: "c", title: "Content wins", summary: "<p>summary words</p>", content: "<div>other words now</div>"),
            item("d", "Mars rover", "<p>Dust.</p>"),
        ]), url: url, retention: FeedRetention(keptVanished: 0))
        expectIndexAgrees(cache, "a second store")
        #expect(try cache.search("cut hubble").map(\.id) == ["b"])
        #expect(try cache.search("budget news").isEmpty)
        #expect(try cache.search("nebula").isEmpty)
        #expect(try cache.search("other words").map(\.id) == ["c"])
        #expect(try cache.search("galaxy").isEmpty)
        // An article's words join the item's, are replaced with it, and leave when it says it is none.
        func article(_ text: String, notArticle: String? = nil) -> FullArticle {
            FullArticle(url: "https://space.example/d", title: "Mars", blocks: text.isEmpty ? [] : [ArticleBlock(.paragraph, text)],
                        notArticle: notArticle, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
        #expect(try cache.storeArticle(article("regolith samples"), feed: url, id: "d"))
        expectIndexAgrees(cache, "an article")
        #expect(try cache.search("regolith").map(\.id) == ["d"])
        #expect(try cache.storeArticle(article("olympus mons"), feed: url, id: "d"))
        expectIndexAgrees(cache, "an article again")
        #expect(try cache.search("regolith").isEmpty)
        #expect(try cache.search("olympus").map(\.id) == ["d"])
        #expect(try cache.storeArticle(article("", notArticle: "no article found"), feed: url, id: "d"))
        expectIndexAgrees(cache, "no article")
        #expect(try cache.search("olympus").isEmpty)
        #expect(try cache.search("dust").map(\.id) == ["d"])
        #expect(try cache.storeArticle(article("craters"), feed: url, id: "d"))
        // Items a sync brings, new and changed.
        let synced = "ttrss://example/feed/1"
        try cache.writer.write { try $0.execute(sql: "INSERT INTO feed (url, title) VALUES (?, 'Synced')", arguments: [synced]) }
        try cache.storeSyncedItems([.init(feedKey: synced, item: item("7", "Synced one", "<p>aurora</p>"), unread: true, starred: false)])
        try cache.storeSyncedItems([.init(feedKey: synced, item: item("7", "Synced one", "<p>borealis</p>"), unread: true, starred: false)])
        expectIndexAgrees(cache, "a sync")
        #expect(try cache.search("borealis").map(\.id) == ["7"])
        #expect(try cache.search("aurora").isEmpty)
        // A feed removed takes its items, their articles and their entries with it.
        try cache.writer.write { try $0.execute(sql: "DELETE FROM feed WHERE url = ?", arguments: [url]) }
        expectIndexAgrees(cache, "a feed removed")
        #expect(try cache.search("craters").isEmpty)
        #expect(try cache.search("dust").isEmpty)
        #expect(try cache.search("borealis").map(\.id) == ["7"])
        let borealis = Data(StoredItemText(link: "https://example.org/7", summary: "<p>borealis</p>").packed)
        #expect(ItemSearch.PreparedText.shared.text(for: borealis) == nil)
    }

    /// The index takes entries out with the text they went in with, rendered again: if the
    /// rendering changes, entries of items indexed before would no longer come out whole. When
    /// this fails, HTMLText's output changed: append a migration that rebuilds the index
    /// (`INSERT INTO itemText (itemText) VALUES ('rebuild')`), then record the new digest here.
    @Test func theRenderingTheIndexRestsOnIsPinned() throws {
        let folder = URL(fileURLWithPath: SharedData.path("feeds/real"))
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        var items = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard let parsed = try? FeedParser.parse(.file(folder.appendingPathComponent(file).path)) else { continue }
            for item in parsed.feed.items {
                items += 1
                for byte in ItemSearch.body(summary: item.summary, content: item.content).utf8 + [0] {
                    digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
        }
        #expect(items > 100)
        #expect(digest == Self.renderingDigest, "rendering changed: digest \(String(digest, radix: 16)) over \(items) items")
    }

    static let renderingDigest: UInt64 = 0xac9a_aa32_bd83_3881

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

@Suite(.needsSharedData) struct StarredTests {
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
