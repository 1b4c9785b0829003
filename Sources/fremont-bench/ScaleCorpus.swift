import Foundation
import FremontCore
import FremontSources
import GRDB

/// A heavy reader's feeds, made deterministically from the real feeds in the shared data: 500
/// feeds whose items are the real items (title, link, HTML summary) over and over, dated across
/// two years, one in three read. Feed 0 is the largest (10,000 items at a million), feed 1 has
/// 2,000 (the feed marked read), the rest share what is left. Each feed serves its newest 20
/// items as an RSS file; the same items fill Fremont's cache and newsboat's `cache.db`.
struct ScaleCorpus {
    struct PoolItem {
        var title: String
        var link: String
        var summary: String
        /// The summary rendered to words, as Fremont indexes it for search.
        var body: String
    }

    static let feedCount = 500
    static let served = 20
    static let newPerReload = 5
    /// Every file's Last-Modified before the reload (2026-11-01 00:00:00 UTC), and the newest item's date.
    static let baseTime: TimeInterval = 1_793_491_200
    static let span: TimeInterval = 2 * 365 * 86_400

    let itemCount: Int
    let sizes: [Int]
    let pool: [PoolItem]
    let feedTitles: [String]
    let port: Int
    let dataDirectory: String

    init(itemCount: Int, dataDirectory: String, port: Int) throws {
        self.itemCount = itemCount
        self.port = port
        self.dataDirectory = dataDirectory
        let folder = URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var pool: [PoolItem] = []
        var titles: [String] = []
        for file in files {
            guard let parsed = try? FeedParser.parse(.file(folder.appendingPathComponent(file).path)) else { continue }
            titles.append(parsed.feed.title.isEmpty ? file : parsed.feed.title)
            for item in parsed.feed.items where !item.title.isEmpty {
                // A summary of a few hundred characters: a heavy reader's cache holds summaries, not pages.
                let html = item.summary.isEmpty ? item.content : item.summary
                let summary = String(html.prefix(600))
                pool.append(PoolItem(title: item.title, link: item.link.isEmpty ? "https://example.org/\(pool.count)" : item.link,
                                     summary: summary, body: HTMLText.render(summary).text))
            }
        }
        guard !pool.isEmpty else { throw BenchmarkError("no items read from \(folder.path)") }
        self.pool = pool
        feedTitles = (0..<Self.feedCount).map { "\(titles[$0 % titles.count]) \($0)" }
        // Feed 0 the largest, feed 1 the 2,000 marked read, the rest an even share of what is left.
        let largest = max(Self.served, min(10_000, itemCount / 10))
        let marked = max(Self.served, min(2_000, itemCount / 20))
        let rest = max(0, itemCount - largest - marked)
        let share = rest / (Self.feedCount - 2), extra = rest % (Self.feedCount - 2)
        // Paired so the total holds: one of a pair `spread` above the share, the other below, so
        // that feeds' counts differ (the start's marker is one feed's count).
        let spread = { (pair: Int) in min(share / 2, (pair * 7) % 200) }
        sizes = [largest, marked] + (0..<(Self.feedCount - 2)).map { index in
            let offset = index % 2 == 0 ? spread(index / 2) : -spread(index / 2)
            return max(Self.served, share + offset + (index < extra ? 1 : 0))
        }
    }

    var totalItems: Int { sizes.reduce(0, +) }

    func url(_ feed: Int) -> String { "http://127.0.0.1:\(port)/feed\(feed).xml" }

    /// The pool item behind item `k` (0 the oldest) of `feed`.
    func poolIndex(feed: Int, item k: Int) -> Int { (feed &* 7_919 &+ k) % pool.count }

    func guid(feed: Int, item k: Int) -> String { "f\(feed)-\(k)" }

    /// Item `k` of a feed of `size`: the newest at `baseTime` less a little, the oldest two years before.
    func date(feed: Int, item k: Int, size: Int) -> Int {
        Int(Self.baseTime) - 3_600 - Int(Double(size - 1 - k) * Self.span / Double(max(size, 1))) - (feed * 37) % 3_000
    }

    static func isRead(item k: Int) -> Bool { k % 3 == 0 }

    // MARK: Served files

    /// Writes every feed's file, its newest `served` items (plus `extra` new ones after them),
    /// with the Last-Modified the server will give it.
    func writeFeed(_ feed: Int, extra: Int, to folder: URL, modified: TimeInterval) throws {
        let size = sizes[feed]
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel>\n"
        document += "<title>\(Self.escaped(feedTitles[feed]))</title><link>https://example.org/\(feed)/</link><description>generated</description>\n"
        for k in stride(from: size + extra - 1, through: max(0, size - Self.served), by: -1) {
            let item = pool[poolIndex(feed: feed, item: k)]
            let date = Date(timeIntervalSince1970: TimeInterval(k < size ? self.date(feed: feed, item: k, size: size) : Int(Self.baseTime) + 60 * (k - size + 1)))
            document += "<item><title>\(Self.escaped(item.title))</title><link>\(Self.escaped(item.link))</link>"
            document += "<guid isPermaLink=\"false\">\(guid(feed: feed, item: k))</guid><pubDate>\(Self.rfc822(date))</pubDate>"
            document += "<description>\(Self.escaped(item.summary))</description></item>\n"
        }
        document += "</channel></rss>\n"
        let file = folder.appendingPathComponent("feed\(feed).xml")
        try Data(document.utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: modified)], ofItemAtPath: file.path)
    }

    /// The Last-Modified a server sends for `time` (RFC 7231's IMF-fixdate).
    static func httpDate(_ time: TimeInterval) -> String {
        rfc822(Date(timeIntervalSince1970: time)).replacingOccurrences(of: "+0000", with: "GMT")
    }

    static func rfc822(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S +0000", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    // MARK: Fremont's cache

    /// Fremont's cache, made by `CacheDatabase` (every migration), filled in SQL a feed a
    /// transaction from the pool (a temporary table), the search index with it (its triggers).
    func fillFremont(_ path: String) throws {
        _ = try CacheDatabase(path: path)
        var configuration = Configuration()
        configuration.prepareDatabase { db in CacheDatabase.registerFunctions(db) }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        // The search index's triggers find each pool item's text rendered already.
        // The link and summary as the cache keeps them (deflated, `StoredItemText`).
        let stored = pool.map { Data(StoredItemText(link: $0.link, summary: $0.summary).packed) }
        let texts = zip(stored, pool).map { (stored: $0, text: $1.body) }
        try ItemSearch.withPreparedText(texts) { try queue.writeWithoutTransaction { db in
            // A benchmark's cache, made once: no fsync per feed's transaction.
            try db.execute(sql: "PRAGMA cache_size = -262144")
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "CREATE TEMP TABLE pool (slot INTEGER PRIMARY KEY, title TEXT, text BLOB)")
            try db.inTransaction {
                let insert = try db.makeStatement(sql: "INSERT INTO pool VALUES (?, ?, ?)")
                for (index, item) in pool.enumerated() {
                    try insert.execute(arguments: [index, item.title, stored[index]])
                }
                return .commit
            }
            let seen = "2026-11-01 00:00:00.000"
            let feedRow = try db.makeStatement(sql: """
                INSERT INTO feed (url, format, title, link, description, lastModified, fetchedAt) VALUES (?, 'rss', ?, ?, 'generated', ?, ?)
                """)
            // Item k of the feed: k counts from 0 (the oldest); its place in the feed newest first.
            let items = try db.makeStatement(sql: """
                WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < :size - 1)
                INSERT INTO item (feedKey, id, position, title, text, published, isRead, firstSeen, lastSeen)
                SELECT (SELECT key FROM feed WHERE url = :url), 'f' || :feed || '-' || k, :size - 1 - k, p.title, p.text,
                       :base - 3600 - CAST((:size - 1 - k) * :span / :size AS INTEGER) - (:feed * 37) % 3000,
                       k % 3 = 0, :base, :base
                FROM n JOIN pool p ON p.slot = (:feed * 7919 + k) % :poolCount
                """)
            for feed in 0..<Self.feedCount {
                try db.inTransaction {
                    try feedRow.execute(arguments: [url(feed), feedTitles[feed], "https://example.org/\(feed)/", Self.httpDate(Self.baseTime), seen])
                    let arguments: StatementArguments = ["size": sizes[feed], "url": url(feed), "feed": feed, "base": Int(Self.baseTime),
                                                         "span": Self.span, "poolCount": pool.count]
                    try items.execute(arguments: arguments)
                    return .commit
                }
            }
            try db.execute(sql: "DROP TABLE pool")
        } }
    }

    // MARK: newsboat's cache

    /// newsboat's `cache.db`: its schema made by newsboat itself (`newsboat -x print-unread` on an
    /// empty cache: the schema of the installed version), then filled in SQL as newsboat stores
    /// items: pubDate in seconds, `unread`, content the summary's HTML, the feed's Last-Modified.
    func fillNewsboat(_ path: String, urls: String, config: String) throws {
        guard let newsboat = ScaleBenchmark.which("newsboat") else { throw BenchmarkError("newsboat is not installed") }
        _ = WholeCommand.output(of: newsboat, ["-u", urls, "-c", path, "-C", config, "-x", "print-unread"])
        guard FileManager.default.fileExists(atPath: path) else { throw BenchmarkError("newsboat made no cache at \(path)") }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -262144")
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "CREATE TEMP TABLE pool (slot INTEGER PRIMARY KEY, title TEXT, link TEXT, summary TEXT)")
            try db.inTransaction {
                let insert = try db.makeStatement(sql: "INSERT INTO pool VALUES (?, ?, ?, ?)")
                for (index, item) in pool.enumerated() { try insert.execute(arguments: [index, item.title, item.link, item.summary]) }
                return .commit
            }
            let feedRow = try db.makeStatement(sql: "INSERT OR REPLACE INTO rss_feed (rssurl, url, title, lastmodified, etag) VALUES (?, ?, ?, ?, '')")
            let items = try db.makeStatement(sql: """
                WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < :size - 1)
                INSERT INTO rss_item (guid, title, author, url, feedurl, pubDate, content, unread, enclosure_url, enclosure_type, enqueued, flags, deleted, base)
                SELECT 'f' || :feed || '-' || k, p.title, '', p.link, :url,
                       :base - 3600 - CAST((:size - 1 - k) * :span / :size AS INTEGER) - (:feed * 37) % 3000,
                       p.summary, k % 3 != 0, '', '', 0, '', 0, ''
                FROM n JOIN pool p ON p.slot = (:feed * 7919 + k) % :poolCount
                """)
            for feed in 0..<Self.feedCount {
                try db.inTransaction {
                    try feedRow.execute(arguments: [url(feed), "https://example.org/\(feed)/", feedTitles[feed], Int(Self.baseTime)])
                    try items.execute(arguments: ["size": sizes[feed], "url": url(feed), "feed": feed, "base": Int(Self.baseTime),
                                                  "span": Self.span, "poolCount": pool.count])
                    return .commit
                }
            }
            try db.execute(sql: "DROP TABLE pool")
        }
    }
}
