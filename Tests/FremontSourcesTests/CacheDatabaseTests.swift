import Foundation
import GRDB
import Synchronization
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

@Suite(.needsSharedData) struct CacheDatabaseTests {
    /// Whole seconds, as the cache keeps milliseconds.
    static let noon = Date(timeIntervalSince1970: 1_700_000_000)

    static func item(_ id: String, _ title: String? = nil) -> FeedItem {
        FeedItem(id: id, title: title ?? "Item \(id)", link: "https://example.org/\(id)", summary: "<p>\(id)</p>")
    }

    @Test(arguments: ["nasa__breaking_news_2018-09-05.rss", "node-feedparser__intertwingly.atom", "feed-rs__rss_2.0_nightvale.xml"])
    func feedsRoundTrip(_ name: String) throws {
        let parsed = try FeedParser.parse(.file(SharedData.path("feeds/real/\(name)"))).feed
        let cache = CacheDatabase()
        let result = try cache.storeFeed(parsed, url: "https://example.org/\(name)",
                                         validators: CacheValidators(etag: "\"abc\"", lastModified: "Tue, 04 Sep 2018 22:48:00 GMT"),
                                         fetchedAt: Self.noon)
        #expect(result.newItemIDs == parsed.items.map(\.id))
        let cached = try #require(try cache.cachedFeed(url: "https://example.org/\(name)"))
        #expect(cached.feed == parsed)
        #expect(cached.feed.items.contains { !$0.enclosures.isEmpty } == parsed.items.contains { !$0.enclosures.isEmpty })
        #expect(cached.validators == CacheValidators(etag: "\"abc\"", lastModified: "Tue, 04 Sep 2018 22:48:00 GMT"))
        #expect(cached.fetchedAt == Self.noon)
        #expect(cached.unreadCount == parsed.items.count)
        #expect(try cache.cachedFeed(url: "https://example.org/other") == nil)
    }

    /// A podcast of items without guid, link or title (RSS 0.92) is 22 items in the cache, not
    /// one, and marking one read marks that one alone.
    @Test func itemsWithoutGuidLinkOrTitleStayDistinct() throws {
        let parsed = try FeedParser.parse(.file(SharedData.path("feeds/real/rust-syndication-rss__rss092.xml"))).feed
        let cache = CacheDatabase()
        let url = "https://example.org/dead.xml"
        let result = try cache.storeFeed(parsed, url: url, fetchedAt: Self.noon)
        #expect(result.newItemIDs.count == 22)
        try cache.markRead(feedURL: url, itemIDs: [parsed.items[3].id])
        let cached = try #require(try cache.cachedFeed(url: url))
        #expect(cached.feed.items.count == 22)
        #expect(cached.readItemIDs == [parsed.items[3].id])
        #expect(cached.unreadCount == 21)
        // The next fetch knows them all: nothing new, the mark kept.
        let again = try cache.storeFeed(parsed, url: url, fetchedAt: Self.noon.addingTimeInterval(60))
        #expect(again.newItemIDs.isEmpty && again.vanishedCount == 0)
        #expect(try cache.cachedFeed(url: url)?.unreadCount == 21)
    }

    @Test func newItemsAreUnreadAndVanishedOnesStay() throws {
        let cache = CacheDatabase()
        let url = "https://example.org/feed"
        try cache.storeFeed(Feed(format: .rss2, title: "T", items: [Self.item("a"), Self.item("b")]), url: url, fetchedAt: Self.noon)
        try cache.markRead(feedURL: url, itemIDs: ["a"])
        let later = Self.noon.addingTimeInterval(3600)
        let result = try cache.storeFeed(Feed(format: .rss2, title: "T2", items: [Self.item("c"), Self.item("b", "B changed")]),
                                         url: url, fetchedAt: later)
        #expect(result.newItemIDs == ["c"] && result.vanishedCount == 1)
        #expect(result.cached == (try cache.cachedFeed(url: url)))
        let cached = try #require(try cache.cachedFeed(url: url))
        #expect(cached.feed.title == "T2")
        // The last fetch in its order, then what left the feed.
        #expect(cached.feed.items.map(\.id) == ["c", "b", "a"])
        #expect(cached.feed.items[1].title == "B changed")
        #expect(cached.readItemIDs == ["a"])
        #expect(cached.unreadCount == 2)
        #expect(cached.fetchedAt == later)
        try cache.markRead(feedURL: url, itemIDs: ["a"], read: false)
        try cache.markAllRead(feedURL: url)
        #expect(try cache.cachedFeed(url: url)?.readItemIDs == ["a", "b", "c"])
    }

    @Test func restartKeepsReadState() throws {
        let directory = try TestHome()
        let path = directory.file("cache.sqlite").path
        let url = "https://example.org/feed"
        do {
            let cache = try CacheDatabase(path: path)
            try cache.storeFeed(Feed(format: .atom10, items: [Self.item("a"), Self.item("b")]), url: url, fetchedAt: Self.noon)
            try cache.markRead(feedURL: url, itemIDs: ["b"])
        }
        let reopened = CacheDatabase.open(at: directory.file("cache.sqlite"))
        #expect(reopened.notice == nil)
        #expect(reopened.path == path)
        let cached = try #require(try reopened.cachedFeed(url: url))
        #expect(cached.readItemIDs == ["b"])
        #expect(cached.feed.format == .atom10)
        // A new fetch of the same items leaves the flag alone.
        let result = try reopened.storeFeed(Feed(format: .atom10, items: [Self.item("a"), Self.item("b")]), url: url)
        #expect(result.newItemIDs.isEmpty)
        #expect(try reopened.cachedFeed(url: url)?.readItemIDs == ["b"])
    }

    @Test func failuresAreRecordedAndTheDataStays() throws {
        let cache = CacheDatabase()
        let url = "https://example.org/feed"
        try cache.recordFeedError(url: "https://never.example/", message: "HTTP 404", at: Self.noon)
        #expect(try cache.cachedFeed(url: "https://never.example/")?.fetchedAt == nil)
        try cache.storeFeed(Feed(format: .rss2, items: [Self.item("a")]), url: url, fetchedAt: Self.noon)
        try cache.recordFeedError(url: url, message: "HTTP 500", at: Self.noon.addingTimeInterval(60))
        var cached = try #require(try cache.cachedFeed(url: url))
        #expect(cached.lastError == "HTTP 500")
        #expect(cached.feed.items.map(\.id) == ["a"])
        #expect(cached.fetchedAt == Self.noon)
        try cache.touchFeed(url: url, validators: CacheValidators(etag: "\"2\""), fetchedAt: Self.noon.addingTimeInterval(120))
        cached = try #require(try cache.cachedFeed(url: url))
        #expect(cached.lastError == nil)
        #expect(cached.validators.etag == "\"2\"")
        #expect(try cache.feedFetchedAt(url: url) == Self.noon.addingTimeInterval(120))
    }

    @Test func bikeRowsRoundTripBySourceAndSpan() throws {
        let counts = try SeriesLoader.load(.file(SharedData.path("bikes/fremont-2016-04.xml")))
        let cache = CacheDatabase()
        let april = try #require(LocalDateTime(year: 2016, month: 4, day: 1))...(try #require(LocalDateTime(year: 2016, month: 4, day: 30, hour: 23)))
        let source = "https://data.seattle.gov/resource/4xy5-26gy.json"
        try cache.storeTable(counts, source: source, span: april, validators: CacheValidators(etag: "W/\"x\""), fetchedAt: Self.noon)
        try cache.storeTable(counts.slice(0..<3), source: source, fetchedAt: Self.noon)
        let cached = try #require(try cache.cachedTable(source: source, span: april))
        #expect(cached.table.rows == counts.rows)
        #expect(cached.table.series == counts.series)
        #expect(cached.validators.etag == "W/\"x\"")
        #expect(cached.fetchedAt == Self.noon)
        #expect(try cache.cachedTable(source: source)?.table.rows == Array(counts.rows.prefix(3)))
        #expect(try cache.cachedTable(source: "elsewhere", span: april) == nil)
        // Storing again replaces the span's rows.
        try cache.storeTable(.fremont([BikeRow(date: april.lowerBound, northbound: nil, southbound: 7)]), source: source, span: april)
        #expect(try cache.cachedTable(source: source, span: april)?.table.rows == [BikeRow(date: april.lowerBound, northbound: nil, southbound: 7)])
        // A table read with other columns is another entry.
        let chosen = SeriesColumnChoice(columns: ["fremont_bridge_sb"])
        #expect(try cache.cachedTable(source: source, span: april, choice: chosen) == nil)
    }

    @Test func anyTableRoundTripsWithItsSeriesAndMissingValues() throws {
        let cache = CacheDatabase()
        let hour = try #require(LocalDateTime(year: 2014, month: 1, day: 1))
        let table = SeriesTable(series: [Series(name: "Ped South"), Series(name: "BGT Total", role: .total), Series(name: "temp")],
                                times: [hour, hour.addingHours(1)],
                                values: [[3, .nan], [10, 12], [-3.5, 0.25]])
        try cache.storeTable(table, source: "bgt")
        let cached = try #require(try cache.cachedTable(source: "bgt")).table
        #expect(cached.series == table.series)
        #expect(cached.times == table.times)
        #expect(cached.value(0, 0) == 3 && cached.value(0, 1) == nil)
        #expect(cached.value(2, 0) == -3.5 && cached.value(2, 1) == 0.25)
    }

    @Test func forecastRoundTrips() throws {
        let path = SharedData.path("weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json")
        let json = try Data(contentsOf: URL(fileURLWithPath: path))
        let cache = CacheDatabase()
        try cache.storeForecast(json: json, source: "https://api.example/forecast", fetchedAt: Self.noon)
        let cached = try #require(try cache.cachedForecast(source: "https://api.example/forecast"))
        #expect(cached.forecast == (try ForecastReader.read(.file(path))))
        #expect(cached.json == json)
        #expect(cached.fetchedAt == Self.noon)
        // What is not a forecast is refused, and the stored one stays.
        #expect(throws: LoadError.self) {
            try cache.storeForecast(json: Data("<html>oops</html>".utf8), source: "https://api.example/forecast")
        }
        #expect(try cache.cachedForecast(source: "https://api.example/forecast")?.json == json)
    }

    @Test func migrationsRunOnAnOldFile() throws {
        let directory = try TestHome()
        let path = directory.file("cache.sqlite").path
        // A cache as the first version left it: only the first migration, with data in it.
        do {
            let old = try DatabaseQueue(path: path)
            try CacheSchema.migrator.migrate(old, upTo: "v1-feeds")
            try old.write { db in
                try db.execute(sql: "INSERT INTO feed (url, title, fetchedAt) VALUES ('https://old.example/', 'Old', '2023-11-14 22:13:20.000')")
                try db.execute(sql: """
                    INSERT INTO item (feedURL, id, position, title, isRead, firstSeen, lastSeen)
                    VALUES ('https://old.example/', 'x', 0, 'Kept', 1, '2023-11-14 22:13:20.000', '2023-11-14 22:13:20.000')
                    """)
            }
            #expect(try old.read { try $0.tableExists("bikeRow") } == false)
        }
        let cache = CacheDatabase.open(at: directory.file("cache.sqlite"))
        #expect(cache.notice == nil)
        let cached = try #require(try cache.cachedFeed(url: "https://old.example/"))
        #expect(cached.feed.title == "Old")
        #expect(cached.feed.items.map(\.title) == ["Kept"])
        #expect(cached.readItemIDs == ["x"])
        #expect(cached.fetchedAt == Self.noon)
        let applied = try cache.writer.read { try CacheSchema.migrator.appliedIdentifiers($0) }
        #expect(applied == ["v1-feeds", "v2-bikes", "v3-forecast", "v4-feed-details", "v5-item-search", "v6-read-marks", "v7-starred", "v8-series", "v9-item-window",
                           "v10-feed-id", "v11-sync", "v12-imported-marks", "v13-article-fulltext", "v14-greader-sync", "v15-podcasts-downloads",
                           "v16-scale-title-order-read-tally", "v17-search-without-copies", "v18-compact-items", "v19-viewed-feeds"])
        // The search index, built afresh by the last, holds what the old file held.
        #expect(try cache.search("kept").map(\.id) == ["x"])
        // The log the migrations wrote is emptied but for a page: not read through at every
        // start, and not missing (a pool opened while another fremont writes would fail to make it).
        let log = try FileManager.default.attributesOfItem(atPath: directory.file("cache.sqlite").path + "-wal")[.size] as? Int ?? 0
        #expect(log > 0 && log < 64 * 1024, "\(log) bytes")
        let hour = try #require(LocalDateTime(year: 2016, month: 4, day: 1))
        try cache.storeTable(.fremont([BikeRow(date: hour, northbound: 1, southbound: 2)]), source: "s")
        #expect(try cache.cachedTable(source: "s")?.table.rowCount == 1)
    }

    @Test func aCorruptFileIsMovedAsideForAFreshCache() throws {
        let directory = try TestHome()
        let file = directory.file("cache.sqlite")
        var generator = SystemRandomNumberGenerator()
        let junk = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try junk.write(to: file)
        let cache = CacheDatabase.open(at: file, now: Self.noon)
        let notice = try #require(cache.notice)
        let aside = file.path + ".corrupt-20231114T221320Z"
        #expect(notice == "the cache \(file.path) was unreadable (file is not a database); moved it to \(aside) and started a fresh one")
        #expect(!notice.contains("\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == junk)
        #expect(cache.path == file.path)
        try cache.storeFeed(Feed(format: .rss2, items: [Self.item("a")]), url: "u")
        #expect(try cache.cachedFeed(url: "u")?.feed.items.count == 1)
        // The fresh file is a good cache the next time.
        #expect(CacheDatabase.open(at: file).notice == nil)
    }

    @Test func aForeignDatabaseIsMovedAsideToo() throws {
        let directory = try TestHome()
        let file = directory.file("cache.sqlite")
        do {
            let other = try DatabaseQueue(path: file.path)
            try other.write { try $0.execute(sql: "CREATE TABLE feed (something INTEGER)") }
        }
        let cache = CacheDatabase.open(at: file, now: Self.noon)
        #expect(cache.notice?.hasPrefix("the cache \(file.path) was unreadable (") == true)
        #expect(cache.path == file.path)
        try cache.storeFeed(Feed(format: .rss2), url: "u")
    }

    @Test func aLockedFileLeavesItAloneForAnEmptyCache() throws {
        let directory = try TestHome()
        let file = directory.file("cache.sqlite")
        let other = try DatabaseQueue(path: file.path)
        try CacheSchema.migrator.migrate(other, upTo: "v1-feeds")
        // Another program in the middle of a write: the migrations cannot run.
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? other.writeWithoutTransaction { db in
                try db.inTransaction(.exclusive) {
                    locked.signal()
                    release.wait()
                    return .rollback
                }
            }
            done.signal()
        }
        locked.wait()
        defer {
            release.signal()
            done.wait()
        }
        let cache = CacheDatabase.open(at: file, busyTimeout: 0.1)
        #expect(cache.notice == "the cache \(file.path) is locked by another program; using an empty cache for this run")
        #expect(cache.path == nil)
        try cache.storeFeed(Feed(format: .rss2, items: [Self.item("a")]), url: "u")
        #expect(try cache.cachedFeed(url: "u")?.feed.items.count == 1)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    /// Rendering an item's HTML (slow for a large or hostile one) happens before the write
    /// transaction: meanwhile another fremont's write goes through at once, not "database is locked".
    @Test func anotherConnectionWritesWhileItemsRender() throws {
        let directory = try TestHome()
        let file = directory.file("cache.sqlite")
        let cache = try CacheDatabase(path: file.path)
        let other = try CacheDatabase(path: file.path, busyTimeout: 0)
        let othersWrites = Mutex<[Bool]>([])
        let feed = Feed(format: .rss2, items: [Self.item("a"), Self.item("b")])
        try cache.storeFeed(feed, url: "u", validators: CacheValidators(), fetchedAt: Self.noon,
                            retention: FeedRetention()) { summary, content in
            let wrote = (try? other.recordFeedError(url: "v", message: "down", at: Self.noon)) != nil
            othersWrites.withLock { $0.append(wrote) }
            return ItemSearch.body(summary: summary, content: content)
        }
        #expect(othersWrites.withLock { $0 } == [true, true])
        #expect(try cache.cachedFeed(url: "u")?.feed.items.map(\.id) == ["a", "b"])
        #expect(try cache.search("b").map(\.id) == ["b"])
    }

    @Test func manyThreadsReadAndWriteAtOnce() throws {
        let directory = try TestHome()
        let cache = try CacheDatabase(path: directory.file("cache.sqlite").path)
        let failures = Mutex(0)
        // Eight loads store their feeds while others read and mark: one writer at a time, no waiting readers.
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let url = "https://example.org/\(index % 8)"
            do {
                if index < 8 {
                    try cache.storeFeed(Feed(format: .rss2, items: (0..<50).map { Self.item("\(index)-\($0)") }), url: url)
                } else {
                    _ = try cache.cachedFeed(url: url)
                    try cache.markRead(feedURL: url, itemIDs: ["\(index % 8)-0"])
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        for index in 0..<8 {
            #expect(try cache.cachedFeed(url: "https://example.org/\(index)")?.feed.items.count == 50)
        }
    }

    @Test func ageInWords() {
        #expect(CacheAge.text(since: Self.noon, now: Self.noon.addingTimeInterval(20)) == "cached just now")
        #expect(CacheAge.text(since: Self.noon, now: Self.noon.addingTimeInterval(5 * 60 + 10)) == "cached 5 min ago")
        #expect(CacheAge.text(since: Self.noon, now: Self.noon.addingTimeInterval(3 * 3600 + 1800)) == "cached 3 h ago")
        #expect(CacheAge.text(since: Self.noon, now: Self.noon.addingTimeInterval(3 * 86400)) == "cached 3 days ago")
        // A clock set back does not make the data younger than now.
        #expect(CacheAge.text(since: Self.noon, now: Self.noon.addingTimeInterval(-60)) == "cached just now")
    }
}
