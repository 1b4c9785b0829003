import Foundation
import GRDB
import Synchronization
import Testing
import FremontTestSupport
import FremontCore
@testable import FremontSources

/// Item lists as windows over the cache: every query's rows newest first (undated last, ties
/// in the order stored), the same rows however they are paged (cursors both ways, offsets from
/// either end), read and star flags as the marks have them, and every page an index walk.
@Suite struct ItemWindowTests {
    static let a = "https://a.example/feed", b = "https://b.example/feed", c = "https://c.example/feed"
    static let file = "/home/reader/local.xml"

    private static func at(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(minutes) * 60) }

    /// Three feeds stored a, b, c. a2 and b1 share a date with c1 (ties across feeds), a3 and a4
    /// tie within a feed, b2 has only an updated date, a5, b3 and c3 have no date at all.
    private static func cache(statements: (@Sendable (String) -> Void)? = nil, in folder: TestHome? = nil) throws -> CacheDatabase {
        let cache = try folder.map { try CacheDatabase(path: $0.file("cache.sqlite").path, statements: statements) } ?? CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Feed A", items: [
            FeedItem(id: "a1", title: "A one", summary: "<p>all of a1</p>", published: at(50)),
            FeedItem(id: "a2", title: "A two", published: at(40)),
            FeedItem(id: "a3", title: "A three", published: at(30)),
            FeedItem(id: "a4", title: "A four", published: at(30)),
            FeedItem(id: "a5", title: "A five"),
        ]), url: a)
        try cache.storeFeed(Feed(format: .rss2, title: "Feed B", items: [
            FeedItem(id: "b1", title: "B one", published: at(40)),
            FeedItem(id: "b2", title: "B two", updated: at(45)),
            FeedItem(id: "b3", title: "B three"),
        ]), url: b)
        try cache.storeFeed(Feed(format: .rss2, title: "Feed C", items: [
            FeedItem(id: "c1", title: "C one", published: at(40), updated: at(99)),
            FeedItem(id: "c2", title: "C two", published: at(10)),
            FeedItem(id: "c3", title: "C three"),
        ]), url: c)
        try cache.markRead(feedURL: a, itemIDs: ["a2", "a5"])
        try cache.markRead(feedURL: c, itemIDs: ["c1"])
        try cache.setStar(starred("a3", source: a, date: at(30)), starred: true)
        try cache.setStar(starred("c3", source: c, date: nil), starred: true)
        // A starred item of a feed the cache does not hold (a file), read by its read mark.
        try cache.setStar(starred("f1", source: file, date: at(45)), starred: true)
        try cache.setReadMarks(source: file, itemIDs: ["f1"])
        return cache
    }

    private static func starred(_ id: String, source: String, date: Date?) -> StarredItem {
        StarredItem(source: source, id: id, title: "starred \(id)", feedName: "Starred feed", author: "", date: date,
                    text: "", links: [], link: "", enclosures: [])
    }

    /// The item list's order, written out: newest first (published, else updated), undated
    /// last, ties in the order stored (feed a before b before c, each in its own order).
    static let newestFirst = ["a1", "b2", "a2", "b1", "c1", "a3", "a4", "c2", "a5", "b3", "c3"]
    static let read: Set<String> = ["a2", "a5", "c1", "f1"]

    static let queries: [(ItemQuery, [String])] = [
        (.all, newestFirst),
        (.unread, newestFirst.filter { !read.contains($0) }),
        (.feed(a), ["a1", "a2", "a3", "a4", "a5"]),
        (.feed(b), ["b2", "b1", "b3"]),
        (.feed("https://none.example/feed"), []),
        (.tag("news", feeds: [a, c]), newestFirst.filter { $0.hasPrefix("a") || $0.hasPrefix("c") }),
        (.tag("empty", feeds: []), []),
        (.tag("one", feeds: [b, "https://none.example/feed"]), ["b2", "b1", "b3"]),
        (.starred, ["f1", "a3", "c3"]),
        // Filters: found by walking the list (reach 16) or by testing every row (reach 0).
        (.filter(try! FilterParser.parse("title =~ \"one|TWO\"")), ["a1", "b2", "a2", "b1", "c1", "c2"]),
        (.filter(try! FilterParser.parse("unread = \"no\"")), ["a2", "c1", "a5"]),
        (.filter(try! FilterParser.parse("title = \"none\"")), []),
    ]

    @Test func everyQueryListsItsItemsNewestFirstUndatedLastTiesAsStored() throws {
        let cache = try Self.cache()
        for (query, expected) in Self.queries {
            #expect(try cache.itemWindow(query, .start, limit: 100).map(\.id) == expected, "\(query)")
            #expect(try cache.itemCount(query) == expected.count, "\(query)")
        }
    }

    /// A tag's feeds are looked up one by one when it names a few of many, read from the whole
    /// feed table when it names a good share: the same rows either way, merged or walked.
    @Test(arguments: [0, 16]) func aTagOfFewFeedsAmongManyListsTheirItems(tagScanReach: Int) throws {
        let cache = try Self.cache()
        for index in 0..<9 {
            try cache.storeFeed(Feed(format: .rss2, title: "Other \(index)", items: [
                FeedItem(id: "o\(index)", title: "Other \(index)", published: Self.at(index)),
            ]), url: "https://other\(index).example/feed")
        }
        let rows = { (feeds: Set<String>) in
            try cache.writer.read { db in
                try ItemWindowReader(db: db, tagScanReach: tagScanReach).rows(.tag("t", feeds: feeds), .start, limit: 100).map(\.id)
            }
        }
        // Twelve feeds: two of them are looked up, three read with the rest.
        #expect(try rows([Self.b, "https://other4.example/feed"]) == ["b2", "b1", "o4", "b3"])
        #expect(try rows([Self.a, Self.c, "https://other0.example/feed"]) == ["a1", "a2", "c1", "a3", "a4", "c2", "o0", "a5", "c3"])
    }

    @Test(arguments: [false, true]) func pagesByCursorAndOffsetsGiveTheSameRows(mergingTags: Bool) throws {
        let cache = try Self.cache()
        // A tag's page looks for its rows in the whole list, else merges its feeds, and a filter's
        // tests the rows there, else every row: both ways.
        let reader = { (query: ItemQuery, seek: ItemSeek, limit: Int) throws -> [ItemHeadline] in
            try cache.writer.read { db in
                try ItemWindowReader(db: db, tagScanReach: mergingTags ? 0 : 16).rows(query, seek, limit: limit)
            }
        }
        for (query, expected) in Self.queries {
            for limit in [1, 2, 3, 100] {
                // Forward from the start, a page after the last row of the one before.
                var forward: [String] = []
                var page = try reader(query, .start, limit)
                while let last = page.last {
                    #expect(page.count <= limit)
                    forward += page.map(\.id)
                    page = try reader(query, .after(last.cursor), limit)
                }
                #expect(forward == expected, "\(query) forward by \(limit)")
                // Backward from the end, a page before the first row of the one after.
                var backward: [String] = []
                page = try reader(query, .end, limit)
                while let first = page.first {
                    backward = page.map(\.id) + backward
                    page = try reader(query, .before(first.cursor), limit)
                }
                #expect(backward == expected, "\(query) backward by \(limit)")
                // A jump to any position, counted from either end.
                for position in 0...expected.count {
                    let wanted = Array(expected[position..<min(expected.count, position + limit)])
                    #expect(try reader(query, .offset(position), limit).map(\.id) == wanted, "\(query) at \(position)")
                    guard !wanted.isEmpty else { continue }
                    let fromEnd = expected.count - position - wanted.count
                    #expect(try reader(query, .offsetFromEnd(fromEnd), wanted.count).map(\.id) == wanted,
                            "\(query) \(fromEnd) from the end")
                }
            }
        }
    }

    @Test func headlinesCarryTheirFeedDateAndMarks() throws {
        let cache = try Self.cache()
        let all = try cache.itemWindow(.all, .start, limit: 100)
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        #expect(byID["a1"] == ItemHeadline(feed: Self.a, id: "a1", title: "A one", feedTitle: "Feed A", date: Self.at(50),
                                           isRead: false, isStarred: false, cursor: byID["a1"]!.cursor))
        #expect(byID["b2"]?.date == Self.at(45))  // updated, when not published
        #expect(byID["c1"]?.date == Self.at(40))  // published, before updated
        #expect(byID["a5"]?.date == nil)
        #expect(Set(all.filter(\.isRead).map(\.id)) == Self.read.subtracting(["f1"]))
        #expect(Set(all.filter(\.isStarred).map(\.id)) == ["a3", "c3"])
        let starred = try cache.itemWindow(.starred, .start, limit: 100)
        #expect(starred.map(\.isRead) == [true, false, false])  // f1 by its read mark
        #expect(starred.map(\.isStarred) == [true, true, true])
        #expect(starred[0].feed == Self.file && starred[0].feedTitle == "Starred feed" && starred[0].title == "starred f1")
    }

    @Test func marksMoveItemsInAndOutOfTheirLists() throws {
        let cache = try Self.cache()
        let unread = try cache.itemWindow(.unread, .start, limit: 2)
        try cache.markRead(feedURL: Self.a, itemIDs: ["a1"])
        try cache.markRead(feedURL: Self.a, itemIDs: ["a2"], read: false)
        #expect(try cache.itemWindow(.unread, .start, limit: 3).map(\.id) == ["b2", "a2", "b1"])
        // A cursor on a row that left the list still says where the next page starts.
        #expect(try cache.itemWindow(.unread, .after(unread[0].cursor), limit: 2).map(\.id) == ["b2", "a2"])
        try cache.setStar(Self.starred("a3", source: Self.a, date: Self.at(30)), starred: false)
        #expect(try cache.itemWindow(.starred, .start, limit: 10).map(\.id) == ["f1", "c3"])
        #expect(try cache.itemWindow(.feed(Self.a), .start, limit: 10).first { $0.id == "a3" }?.isStarred == false)
    }

    @Test func aWindowNeverHoldsMoreThanItsBound() throws {
        let cache = try Self.cache()
        #expect(try cache.itemWindow(.all, .start, limit: 0).isEmpty)
        #expect(try cache.itemWindow(.all, .start, limit: -5).isEmpty)
        #expect(try cache.itemWindow(.all, .offset(-3), limit: 2).map(\.id) == ["a1", "b2"])
        #expect(try cache.itemWindow(.all, .offset(1_000), limit: 2).isEmpty)
        #expect(try cache.itemWindow(.all, .start, limit: .max).count == Self.newestFirst.count)
    }

    /// The counts come from tallies triggers keep: after every kind of change they equal the
    /// rows counted one by one.
    @Test func countsFollowEveryChangeToTheItems() throws {
        let cache = try Self.cache()
        func expectCountsAgree(_ step: String, _ location: Testing.SourceLocation = #_sourceLocation) throws {
            for query in [ItemQuery.all, .unread, .feed(Self.a), .feed(Self.b), .tag("t", feeds: [Self.a, Self.c])] {
                var counted = 0
                var page = try cache.itemWindow(query, .start, limit: 1_000)
                while let last = page.last {
                    counted += page.count
                    page = try cache.itemWindow(query, .after(last.cursor), limit: 1_000)
                }
                #expect(try cache.itemCount(query) == counted, "\(query) after \(step)", sourceLocation: location)
            }
        }
        try expectCountsAgree("storing")
        // a's fetch no longer lists a1-a3 (read, so pruning may take them) and keeps none of what
        // vanished; a6 is new.
        try cache.markRead(feedURL: Self.a, itemIDs: ["a1", "a2", "a3"])
        try cache.storeFeed(Feed(format: .rss2, title: "Feed A", items: [
            FeedItem(id: "a4", title: "A four", published: Self.at(30)), FeedItem(id: "a5", title: "A five"),
            FeedItem(id: "a6", title: "A six", published: Self.at(60)),
        ]), url: Self.a, fetchedAt: Date().addingTimeInterval(60),
                            retention: FeedRetention(keptVanished: 0))
        try expectCountsAgree("pruning")
        #expect(try cache.itemCount(.feed(Self.a)) == 3)
        try cache.markRead(feedURL: Self.b, itemIDs: ["b1", "b1", "nothing"])
        try expectCountsAgree("reading")
        try cache.markAllRead(feedURL: Self.a)
        try expectCountsAgree("reading a whole feed")
        try cache.markRead(feedURL: Self.a, itemIDs: ["a4"], read: false)
        try expectCountsAgree("unreading")
        #expect(try cache.itemCount(.unread) == 5)  // a4, b2, b3, c2, c3
        try cache.writer.write { db in try db.execute(sql: "DELETE FROM feed WHERE url = ?", arguments: [Self.c]) }
        try expectCountsAgree("dropping a feed")
        #expect(try cache.itemCount(.all) == 6)
    }

    @Test func anOpenedItemIsReadWhole() throws {
        let cache = try Self.cache()
        let opened = try #require(try cache.item(feed: Self.a, id: "a1"))
        let item = opened.item
        #expect(item.title == "A one" && item.summary == "<p>all of a1</p>" && item.published == Self.at(50))
        #expect(!opened.isStarred)
        #expect(try cache.item(feed: Self.a, id: "b1") == nil)
    }

    @Test func theCountAndTheWindowAreReadTogether() throws {
        let cache = try Self.cache()
        let read = try cache.countedItemWindow(.all) { total in (.offset(total - 2), limit: 10) }
        #expect(read.total == 11 && read.rows.map(\.id) == ["b3", "c3"])
    }

    /// Every page walks an index from where it starts: no sort of the whole list, no scan of
    /// the table (the plan SQLite chose, for each statement a page ran). Filters are not held to
    /// this: a filter that matches few items is tested on every row, in table order, on purpose.
    @Test func everyPageWalksAnIndex() throws {
        let folder = try TestHome()
        let statements = StatementLog()
        let cache = try Self.cache(statements: { statements.append($0) }, in: folder)
        statements.clear()
        for (query, _) in Self.queries {
            if case .filter = query { continue }
            let first = try cache.itemWindow(query, .start, limit: 2)
            if let last = first.last { _ = try cache.itemWindow(query, .after(last.cursor), limit: 2) }
            let end = try cache.itemWindow(query, .end, limit: 2)
            if let top = end.first { _ = try cache.itemWindow(query, .before(top.cursor), limit: 2) }
            _ = try cache.itemCount(query)
        }
        let selects = Set(statements.all.filter { $0.hasPrefix("SELECT") })
        #expect(selects.count >= 10)
        for sql in selects {
            let plan = try cache.writer.read { db in
                // The plan does not depend on the values: every parameter bound to NULL.
                let parameters = sql.filter { $0 == "?" }.count
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql,
                                        arguments: StatementArguments(Array(repeating: nil as String?, count: parameters)))
                    .map { $0["detail"] as String }
            }
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(sql)\n\(plan)")
            // The table itself is only ever reached by rowid or key, from an index.
            // (The tallies, a row a feed, may be read whole.)
            #expect(!plan.contains { $0 == "SCAN item" || $0 == "SCAN starred" }, "\(sql)\n\(plan)")
        }
    }

    /// A cache made before windows had starred items in a table without rowids: migrated, they
    /// are all there, and list by date.
    @Test func starredItemsOfAnOlderCacheSurviveTheMigration() throws {
        let folder = try TestHome()
        let path = folder.file("cache.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try CacheSchema.migrator.migrate(queue, upTo: "v8-series")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO starred (source, id, title, date, starredAt) VALUES
                        ('s', 'old', 'Old', '2020-01-01 00:00:00.000', '2024-01-02 00:00:00.000'),
                        ('s', 'new', 'New', '2023-01-01 00:00:00.000', '2024-01-01 00:00:00.000'),
                        ('s', 'undated', 'Undated', NULL, '2024-01-03 00:00:00.000')
                    """)
            }
        }
        let cache = try CacheDatabase(path: path)
        #expect(try cache.itemWindow(.starred, .start, limit: 10).map(\.id) == ["new", "old", "undated"])
        #expect(try cache.starredItems().map(\.id) == ["undated", "old", "new"])
    }
}

/// The SQL a cache ran, as its trace hook saw it.
final class StatementLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ sql: String) { lines.withLock { $0.append(sql) } }
    func clear() { lines.withLock { $0.removeAll() } }
    var all: [String] { lines.withLock { $0 } }
}
