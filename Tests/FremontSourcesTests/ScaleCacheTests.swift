import Foundation
import GRDB
import Testing
import FremontTestSupport
import FremontCore
@testable import FremontSources

/// A heavy reader's cache at a twentieth of `fremont-bench --only scale`: 50,000 items in 500
/// feeds of uneven sizes (one of 2,500, one of 2,000, the rest about 91), dated over two years
/// with ties, one in three read. Functional only: every window walk gives every item once in the
/// list's order, and counts follow marks exactly, per feed and in total.
@Suite(.serialized) struct ScaleCacheTests {
    static let feeds = 500
    static let sizes: [Int] = {
        let rest = 50_000 - 2_500 - 2_000
        return [2_500, 2_000] + (0..<(feeds - 2)).map { rest / (feeds - 2) + ($0 < rest % (feeds - 2) ? 1 : 0) }
    }()
    static func url(_ feed: Int) -> String { "http://127.0.0.1:1/feed\(feed).xml" }

    /// Filled in SQL, a feed a statement, through the schema's triggers (the counts kept per feed,
    /// the search index: one item in seven speaks of a comet).
    static func filledCache(_ home: TestHome, statements: (@Sendable (String) -> Void)? = nil) throws -> CacheDatabase {
        let cache = try CacheDatabase(path: home.file("cache.sqlite").path, statements: statements)
        try cache.writer.write { db in
            for feed in 0..<feeds {
                try db.execute(sql: "INSERT INTO feed (url, title) VALUES (?, ?)", arguments: [url(feed), "Feed \(feed)"])
                // Two items a minute across feeds (ties), one in 97 undated.
                try db.execute(sql: """
                    WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ? - 1)
                    INSERT INTO item (feedKey, id, position, title, text, published, isRead, firstSeen, lastSeen)
                    SELECT \(CacheDatabase.feedKeyOfURL), 'f' || ? || '-' || k, ? - 1 - k, 'Headline ' || k,
                           fremont_pack('', CASE WHEN k % 7 = 0 THEN 'a Comet seen' ELSE 'clear skies' END, ''),
                           CASE WHEN (k + ?) % 97 = 0 THEN NULL ELSE 1700000000 + ((k * 7919 + ? * 31) % 60000) / 2 * 60 END,
                           k % 3 = 0, 1767225600, 1767225600
                    FROM n
                    """, arguments: [sizes[feed], url(feed), feed, sizes[feed], feed, feed])
            }
        }
        return cache
    }

    /// The list's order straight from the table: newest first, undated last, ties in the order stored.
    static func expectedOrder(_ cache: CacheDatabase, where condition: String = "1", _ arguments: StatementArguments = []) throws -> [String] {
        try cache.writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT \(ItemWindowReader.itemFeedURL) || ' ' || id FROM item WHERE \(condition)
                ORDER BY \(ItemWindowReader.itemKey) DESC, rowid
                """, arguments: arguments)
        }
    }

    /// Every row of `query`, window after window from the start (`limit` rows each).
    static func walk(_ cache: CacheDatabase, _ query: ItemQuery, limit: Int) throws -> [ItemHeadline] {
        var rows = try cache.itemWindow(query, .start, limit: limit)
        var all = rows
        while let last = rows.last, rows.count == limit {
            rows = try cache.itemWindow(query, .after(last.cursor), limit: limit)
            all += rows
        }
        return all
    }

    /// Items of the feed at the address bound.
    static let inFeed = "feedKey = \(CacheDatabase.feedKeyOfURL)"

    /// An item's k (its id is `f<feed>-<k>`), in SQL.
    static let itemNumber = "CAST(substr(id, instr(id, '-') + 1) AS INTEGER)"

    static func counts(_ cache: CacheDatabase) throws -> [String: (total: Int, unread: Int)] {
        try cache.writer.read { db in
            var counts: [String: (Int, Int)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT \(ItemWindowReader.itemFeedURL) AS feedURL, count(*) AS total, sum(isRead = 0) AS unread FROM item GROUP BY feedKey") {
                counts[row["feedURL"]] = (row["total"], row["unread"])
            }
            return counts
        }
    }

    @Test func windowsWalkEveryItemOnceInTheListsOrder() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        #expect(try cache.itemCount(.all) == 50_000)
        let all = try Self.walk(cache, .all, limit: 997)
        #expect(all.map { "\($0.feed) \($0.id)" } == (try Self.expectedOrder(cache)))
        let unread = try Self.walk(cache, .unread, limit: 500)
        #expect(unread.map { "\($0.feed) \($0.id)" } == (try Self.expectedOrder(cache, where: "isRead = 0")))
        #expect(try cache.itemCount(.unread) == unread.count)
        let largest = try Self.walk(cache, .feed(Self.url(0)), limit: 100)
        #expect(largest.map { "\($0.feed) \($0.id)" } == (try Self.expectedOrder(cache, where: Self.inFeed, [Self.url(0)])))
        // Backwards from the end, window before window: the same rows, in the same order.
        var rows = try cache.itemWindow(.all, .end, limit: 1_000)
        var backwards = rows
        while let first = rows.first, rows.count == 1_000 {
            rows = try cache.itemWindow(.all, .before(first.cursor), limit: 1_000)
            backwards = rows + backwards
        }
        #expect(backwards.map(\.cursor) == all.map(\.cursor))
        // Jumps land where the walk says.
        for position in [0, 1, 12_345, 25_000, 49_900] {
            #expect(try cache.itemWindow(.all, .offset(position), limit: 100).map(\.cursor) == Array(all[position..<min(all.count, position + 100)].map(\.cursor)))
            #expect(try cache.itemWindow(.all, .offsetFromEnd(position), limit: 100).map(\.cursor)
                    == Array(all[max(0, all.count - position - 100)..<(all.count - position)].map(\.cursor)))
        }
    }

    @Test func countsFollowMarksPerFeedAndInTotal() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        func expectCountsAgree() throws {
            let counted = try Self.counts(cache)
            let statuses = try cache.feedStatuses()
            #expect(statuses.count == Self.feeds)
            for feed in 0..<Self.feeds {
                let url = Self.url(feed)
                #expect(statuses[url]?.total == counted[url]?.total && statuses[url]?.unread == counted[url]?.unread, "\(url)")
                #expect(try cache.itemCount(.feed(url)) == counted[url]?.total)
            }
            #expect(try cache.itemCount(.unread) == counted.values.reduce(0) { $0 + $1.unread })
            #expect(try cache.itemCount(.all) == 50_000)
        }
        try expectCountsAgree()
        // Some items of the 2,000-item feed read, some of them twice, some read ones marked unread.
        let marked = Self.url(1)
        try cache.markRead(feedURL: marked, itemIDs: (0..<300).map { "f1-\($0)" })
        try cache.markRead(feedURL: marked, itemIDs: (200..<400).map { "f1-\($0)" })
        try cache.markRead(feedURL: marked, itemIDs: (0..<30).map { "f1-\($0 * 3)" }, read: false)
        try expectCountsAgree()
        // 1,333 unread at first (k % 3 != 0), 266 of them among the first 400, then 30 read ones unread again.
        #expect(try cache.feedStatuses()[marked]?.unread == 1_333 - 266 + 30)
        // The whole feed read: its unread none, every other feed's unchanged.
        let before = try cache.feedStatuses()
        try cache.markAllRead(feedURL: marked)
        try expectCountsAgree()
        let after = try cache.feedStatuses()
        #expect(after[marked]?.unread == 0 && after[marked]?.total == 2_000)
        #expect(after.filter { $0.key != marked }.mapValues(\.unread) == before.filter { $0.key != marked }.mapValues(\.unread))
        #expect(try Self.walk(cache, .unread, limit: 1_000).allSatisfy { $0.feed != marked && !$0.isRead })
        // Every feed read: nothing unread anywhere, the unread list empty, the totals kept.
        for feed in 0..<Self.feeds { try cache.markAllRead(feedURL: Self.url(feed)) }
        try expectCountsAgree()
        #expect(try cache.itemCount(.unread) == 0)
        #expect(try cache.itemWindow(.unread, .start, limit: 100).isEmpty)
        #expect(try cache.feedStatuses().values.allSatisfy { $0.unread == 0 })
    }

    @Test func searchWindowsWalkTheMatchesInTheListsOrder() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        let comets = "\(Self.itemNumber) % 7 = 0"
        // Every item of every feed searched: the matches, once each, newest first, in windows.
        let all = try Self.walk(cache, .search("comet", within: .all), limit: 500)
        let expected = try Self.expectedOrder(cache, where: comets)
        #expect(expected.count > 7_000)
        #expect(all.map { "\($0.feed) \($0.id)" } == expected)
        #expect(try cache.itemCount(.search("comet", within: .all)) == expected.count)
        // The last word is a prefix; case and words elsewhere do not matter; a word no item holds finds none.
        #expect(try Self.walk(cache, .search("COM", within: .all), limit: 1_000).map(\.cursor) == all.map(\.cursor))
        #expect(try cache.itemCount(.search("a comet", within: .all)) == expected.count)
        #expect(try cache.itemCount(.search("comet skies", within: .all)) == 0)
        #expect(try cache.itemWindow(.search("   ", within: .all), .start, limit: 10).isEmpty)
        // Within one feed, and within the unread items; from the end backwards, and by jumps.
        let feed = try Self.walk(cache, .search("comet", within: .feed(Self.url(0))), limit: 100)
        #expect(feed.map { "\($0.feed) \($0.id)" } == (try Self.expectedOrder(cache, where: "\(Self.inFeed) AND \(comets)", [Self.url(0)])))
        let unread = try Self.walk(cache, .search("comet", within: .unread), limit: 300)
        #expect(unread.map { "\($0.feed) \($0.id)" } == (try Self.expectedOrder(cache, where: "isRead = 0 AND \(comets)")))
        #expect(try cache.itemWindow(.search("comet", within: .all), .end, limit: 50).map(\.cursor) == Array(all.suffix(50).map(\.cursor)))
        #expect(try cache.itemWindow(.search("comet", within: .all), .offset(3_000), limit: 50).map(\.cursor)
                == Array(all[3_000..<3_050].map(\.cursor)))
        // A feed read whole leaves the unread search without its items.
        try cache.markAllRead(feedURL: Self.url(0))
        let after = try Self.walk(cache, .search("comet", within: .unread), limit: 300)
        #expect(after.map { "\($0.feed) \($0.id)" } == unread.filter { $0.feed != Self.url(0) }.map { "\($0.feed) \($0.id)" })
        #expect(try cache.itemCount(.search("comet", within: .unread)) == after.count)
        // By title, the order of another sort: the same matches.
        let byTitle = try cache.itemWindow(.search("comet", within: .feed(Self.url(1))), .start, limit: 1_000, order: ItemOrder(.title))
        #expect(Set(byTitle.map(\.id)) == Set(try Self.expectedOrder(cache, where: "\(Self.inFeed) AND \(comets)", [Self.url(1)]).map { String($0.split(separator: " ")[1]) }))
        #expect(byTitle.map(\.title) == byTitle.map(\.title).sorted { $0.lowercased() < $1.lowercased() })
    }

    /// A search of every item for a word many items hold reads only the rows it shows: the hits
    /// come from the full-text index alone, the list's order from the date index, and no
    /// statement sorts the hits' rows (which would read every one of them), whichever way it pages.
    @Test func aSearchForACommonWordReadsOnlyTheRowsItShows() throws {
        let home = try TestHome()
        let statements = StatementLog()
        let cache = try Self.filledCache(home, statements: { statements.append($0) })
        let query = ItemQuery.search("comet", within: .all)
        statements.clear()
        let first = try cache.firstItems(query, limit: 50).rows
        let next = try cache.itemWindow(query, .after(try #require(first.last).cursor), limit: 50)
        let end = try cache.itemWindow(query, .end, limit: 50)
        let before = try cache.itemWindow(query, .before(try #require(end.first).cursor), limit: 50)
        let all = try Self.walk(cache, query, limit: 500)
        #expect((first + next).map(\.cursor) == Array(all.prefix(100)).map(\.cursor))
        #expect((before + end).map(\.cursor) == Array(all.suffix(100)).map(\.cursor))
        let selects = Set(statements.all.filter { $0.hasPrefix("SELECT") })
        #expect(selects.contains { $0.contains("itemText MATCH") })
        for sql in selects {
            let plan = try cache.writer.read { db in
                let parameters = sql.filter { $0 == "?" }.count
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql,
                                        arguments: StatementArguments(Array(repeating: nil as String?, count: parameters)))
                    .map { $0["detail"] as String }
            }
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(sql)\n\(plan)")
            #expect(!plan.contains { $0 == "SCAN item" }, "\(sql)\n\(plan)")
        }
    }

    /// Words few items hold, or held only where the list's walk comes last (the oldest items),
    /// are found by reading their rows: the same windows, in the list's order.
    @Test func searchesForRareOrBunchedWordsPageInTheListsOrder() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        // "headline 124": Headline 124 and 1240…1249 (the last word a prefix), of the two largest feeds.
        let rare = try Self.expectedOrder(cache, where: "title LIKE 'Headline 124%'")
        #expect(rare.count == 22)
        for limit in [7, 60, 1_000] {
            #expect(try Self.walk(cache, .search("headline 124", within: .all), limit: limit).map { "\($0.feed) \($0.id)" } == rare, "\(limit)")
        }
        // The oldest 3,000 items hold "zebra": many enough to walk for, all of them at the far end.
        let oldest = Array(try Self.expectedOrder(cache).suffix(3_000))
        try cache.writer.write { db in
            try db.execute(sql: """
                UPDATE item SET text = fremont_pack('', fremont_body(text) || ' zebra', '') WHERE rowid IN (
                    SELECT rowid FROM item ORDER BY \(ItemWindowReader.itemKey) ASC, rowid DESC LIMIT 3000)
                """)
        }
        let zebras = try Self.walk(cache, .search("zebra", within: .all), limit: 60)
        #expect(zebras.map { "\($0.feed) \($0.id)" } == oldest)
        #expect(try cache.itemWindow(.search("zebra", within: .all), .end, limit: 60).map(\.cursor) == Array(zebras.suffix(60)).map(\.cursor))
        #expect(try cache.itemWindow(.search("zebra", within: .all), .offset(100), limit: 60).map(\.cursor) == Array(zebras[100..<160]).map(\.cursor))
        #expect(try cache.itemCount(.search("zebra", within: .all)) == 3_000)
        // Backwards from the end, window by window, the common word's matches too.
        let comets = try Self.walk(cache, .search("comet", within: .all), limit: 500)
        var back = try cache.itemWindow(.search("comet", within: .all), .end, limit: 333)
        var backwards = back
        while let top = back.first, back.count == 333 {
            back = try cache.itemWindow(.search("comet", within: .all), .before(top.cursor), limit: 333)
            backwards = back + backwards
        }
        #expect(backwards.map(\.cursor) == comets.map(\.cursor))
        #expect(try cache.itemWindow(.search("comet", within: .all), .offsetFromEnd(1_000), limit: 50).map(\.cursor)
                == Array(comets[(comets.count - 1_050)..<(comets.count - 1_000)]).map(\.cursor))
    }

    /// A list's first screen comes without a count that would scan the items (a query feed's,
    /// a search's): its rows are the list's first ones; the count, asked apart, is the list's
    /// length, before and after marks; lists counted by the tally bring their count along.
    @Test func firstScreensComeBeforeCountsThatScan() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        let query = ItemQuery.filter(try FilterExpression(parsing: "unread = \"yes\" and title =~ \"Headline 1\""), feeds: FilterFeedList())
        let condition = "isRead = 0 AND title LIKE 'Headline 1%'"
        let expected = try Self.expectedOrder(cache, where: condition)
        #expect(expected.count > 5_000)
        let first = try cache.firstItems(query, limit: 200)
        #expect(first.total == nil)
        #expect(first.rows.map { "\($0.feed) \($0.id)" } == Array(expected.prefix(200)))
        #expect(try cache.itemCount(query) == expected.count)
        // Paged on from the first screen, the query's rows, once each, in order.
        let walked = try Self.walk(cache, query, limit: 997)
        #expect(walked.map { "\($0.feed) \($0.id)" } == expected)
        // A query few items match: walked a stretch at a time along the unread items' index, each
        // stretch twice the last, then (past a quarter of the items) tested where they lie.
        let rare = ItemQuery.filter(try FilterExpression(parsing: "unread = \"yes\" and title =~ \"Headline 24[0-9][0-9]$\""), feeds: FilterFeedList())
        let rareExpected = try Self.expectedOrder(cache, where: "isRead = 0 AND \(Self.inFeed) AND title GLOB 'Headline 24[0-9][0-9]'", [Self.url(0)])
        #expect(rareExpected.count == 66)
        for limit in [5, 20, 997] {
            #expect(try Self.walk(cache, rare, limit: limit).map { "\($0.feed) \($0.id)" } == rareExpected, "\(limit)")
        }
        #expect(try cache.itemWindow(rare, .offset(30), limit: 10).map { "\($0.feed) \($0.id)" } == Array(rareExpected[30..<40]))
        #expect(try cache.itemWindow(rare, .offsetFromEnd(3), limit: 10).map { "\($0.feed) \($0.id)" } == Array(rareExpected[53..<63]))
        // Which expressions want unread items only.
        for (text, unreadOnly) in [("unread = \"yes\" and title =~ \"a\"", true), ("title =~ \"a\" and unread != \"no\"", true),
                                   ("unread = \"yes\" or title =~ \"a\"", false), ("unread = \"no\"", false),
                                   ("(unread = \"yes\" and age < 3) or unread # \"yes\"", true)] {
            #expect(FilterSQL.requiresUnread(try FilterExpression(parsing: text)) == unreadOnly, "\(text)")
        }
        // Marks move the count and the first screen alike.
        try cache.markAllRead(feedURL: Self.url(0))
        let after = try Self.expectedOrder(cache, where: condition)
        #expect(after.count < expected.count)
        #expect(try cache.itemCount(query) == after.count)
        #expect(try cache.firstItems(query, limit: 200).rows.map { "\($0.feed) \($0.id)" } == Array(after.prefix(200)))
        // A search of every item is counted from its index alone, with its first rows (the hits read
        // for them); within the unread items, apart; All items and a feed from the tally, with their rows.
        let comets = try Self.expectedOrder(cache, where: "\(Self.itemNumber) % 7 = 0")
        let searched = try cache.firstItems(.search("comet", within: .all), limit: 50)
        #expect(searched.total == comets.count)
        #expect(searched.rows.map { "\($0.feed) \($0.id)" } == Array(comets.prefix(50)))
        let fewHits = try cache.firstItems(.search("headline 124", within: .all), limit: 50)
        #expect(fewHits.total == 22 && fewHits.rows.count == 22)
        #expect(try cache.firstItems(.search("comet", within: .unread), limit: 50).total == nil)
        #expect(try cache.itemCount(.search("comet", within: .all)) == comets.count)
        #expect(try cache.firstItems(.all, limit: 50).total == 50_000)
        #expect(try cache.firstItems(.feed(Self.url(1)), limit: 50).total == 2_000)
    }

    /// What the browser reads of each feed at start: its counts and newest date, none of its
    /// items; and the feeds marked read as one intent, a statement per feed.
    @Test func feedsReadAtStartAreCountsAndMarkedReadAsAnIntent() throws {
        let home = try TestHome()
        let cache = try Self.filledCache(home)
        let counted = try Self.counts(cache)
        let newest = try cache.writer.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT \(ItemWindowReader.itemFeedURL) AS feedURL, max(published) AS newest FROM item GROUP BY feedKey").map {
                ($0["feedURL"] as String, $0["newest"] as Date?)
            })
        }
        for feed in [0, 1, 2, 250, 499] {
            let url = Self.url(feed)
            let read = try #require(try cache.cachedFeed(url: url, newest: 0))
            #expect(read.feed.items.isEmpty)
            #expect(read.storedCounts?.total == counted[url]?.total && read.storedCounts?.unread == counted[url]?.unread)
            #expect(read.storedCounts?.newest == newest[url] ?? nil)
        }
        // Three feeds read: each one statement; the others untouched; read again, nothing changes.
        let marked = [Self.url(0), Self.url(1), Self.url(7)]
        let before = try cache.feedStatuses()
        try cache.markAllRead(feedURLs: marked.map { ($0, keepsReadMarks: false) })
        let after = try cache.feedStatuses()
        #expect(marked.allSatisfy { after[$0]?.unread == 0 && after[$0]?.total == before[$0]?.total })
        #expect(after.filter { !marked.contains($0.key) } == before.filter { !marked.contains($0.key) })
        #expect(try Self.counts(cache).filter { marked.contains($0.key) }.allSatisfy { $0.value.unread == 0 })
        try cache.markAllRead(feedURLs: marked.map { ($0, keepsReadMarks: true) })
        #expect(try cache.feedStatuses() == after)
        // A file's feed keeps its marks apart too.
        #expect(try cache.readMarks(source: Self.url(7)).count == 0)
        try cache.markRead(feedURL: Self.url(8), itemIDs: [], read: true)
        try cache.markAllRead(feedURLs: [(Self.url(8), keepsReadMarks: true)])
        #expect(try cache.readMarks(source: Self.url(8)).count == counted[Self.url(8)]?.unread)
        // Every feed but one (mark all read, most of the cache's items): one pass in table
        // order, the feed left out untouched, every count following.
        let left = Self.url(499)
        let beforeAll = try cache.feedStatuses()
        try cache.markAllRead(feedURLs: beforeAll.keys.filter { $0 != left }.map { ($0, keepsReadMarks: false) })
        let unread = try cache.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE isRead = 0 AND feedKey <> \(CacheDatabase.feedKeyOfURL)", arguments: [left])
        }
        #expect(unread == 0)
        let afterAll = try cache.feedStatuses()
        #expect(afterAll[left] == beforeAll[left] && (beforeAll[left]?.unread ?? 0) > 0)
        #expect(afterAll.filter { $0.key != left }.values.allSatisfy { $0.unread == 0 })
        #expect(try Self.counts(cache).filter { $0.key != left }.values.allSatisfy { $0.unread == 0 })
    }
}
