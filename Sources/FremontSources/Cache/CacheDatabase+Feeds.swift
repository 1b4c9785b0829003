import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Stores a feed as just fetched. Items the cache had not seen start unread; items it knew keep
    /// their read flag and first sighting; what stays of the items no longer in the feed, and of
    /// old ones, `retention` says (unread ones stay unless `keepDays` says otherwise; starred
    /// items are kept apart, whole), and a feed that churns its ids cannot grow the cache without end.
    @discardableResult
    /// `readingBack`: how many of its items the stored feed is read back with (nil: all; see
    /// `cachedFeed(url:newest:)`).
    public func storeFeed(_ feed: Feed, url: String, validators: CacheValidators = CacheValidators(),
                          fetchedAt: Date = Date(), retention: FeedRetention = FeedRetention(), readingBack: Int? = nil) throws -> FeedStoreResult {
        try storeFeed(feed, url: url, validators: validators, fetchedAt: fetchedAt, retention: retention,
                      searchText: ItemSearch.body(summary:content:), readingBack: readingBack)
    }

    /// `storeFeed`, with the rendering of an item's searchable text given (tests slow it down or
    /// write from it). The slow work on the items written (HTML rendered, JSON encoded) is done
    /// before the write transaction begins: a hostile item must not keep every other fremont
    /// waiting on the lock. Reading the feed back is done inside it, on purpose: one round trip.
    @discardableResult
    func storeFeed(_ feed: Feed, url: String, validators: CacheValidators, fetchedAt: Date, retention: FeedRetention,
                   searchText: @Sendable (_ summary: String, _ content: String) -> String, applyingReadMarks: Bool = false,
                   readingBack: Int? = nil) throws -> FeedStoreResult {
        let cutoff = retention.keepDays.map { fetchedAt.addingTimeInterval(-Double($0) * 86_400) }
        let feedCategories = String(decoding: try JSONEncoder().encode(feed.categories), as: UTF8.self)
        let ignoredIDs = try ignoredNewItems(of: feed, url: url, fetchedAt: fetchedAt, retention: retention)
        // A feed that repeats an id shows it once, as its first appearance.
        var seen = Set<String>()
        let kept = feed.items.enumerated().filter { position, item in
            guard seen.insert(item.id).inserted else { return false }
            // Older than `keep-articles-days`: not kept (and gone below if it was), as newsboat does.
            if let cutoff, let date = item.published ?? item.updated, date < cutoff { return false }
            return true
        }.map { (position: $0.offset, item: $0.element) }.filter { !ignoredIDs.contains($0.item.id) }
        // Rendered and deflated on every core: a first fetch of a feed of thousands of long items
        // is mostly this work.
        let items = try kept.parallelMap { kept in
            let encoder = JSONEncoder()
            let item = kept.item
            return PreparedItem(position: kept.position, item: item,
                                categories: String(decoding: try encoder.encode(item.categories), as: UTF8.self),
                                enclosures: String(decoding: try encoder.encode(item.enclosures.map(StoredEnclosure.init)), as: UTF8.self),
                                searchText: searchText(item.summary, item.content),
                                text: Data(StoredItemText(link: item.link, summary: item.summary, content: item.content).packed))
        }
        let hiding = hiddenItems, hidingFeeds = hiddenFeeds
        let prepared = items.map { (stored: $0.text, text: $0.searchText) }
        // Dates are kept as seconds since 1970 (`v18-compact-items`).
        let seenAt = fetchedAt.timeIntervalSince1970
        let result = try ItemSearch.withPreparedText(prepared) { try write { db in
            try db.execute(sql: """
                INSERT INTO feed (url, format, title, link, description, updated, etag, lastModified, fetchedAt, lastError, lastErrorAt,
                                  image, categories, feedID)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET format = excluded.format, title = excluded.title, link = excluded.link,
                    description = excluded.description, updated = excluded.updated, etag = excluded.etag,
                    lastModified = excluded.lastModified, fetchedAt = excluded.fetchedAt, lastError = NULL, lastErrorAt = NULL,
                    image = excluded.image, categories = excluded.categories, feedID = excluded.feedID
                """, arguments: [url, feed.format.rawValue, feed.title, feed.link, feed.description, feed.updated,
                                 validators.etag, validators.lastModified, fetchedAt, feed.image, feedCategories, feed.id])
            let feedKey = try Int64.fetchOne(db, sql: "SELECT key FROM feed WHERE url = ?", arguments: [url]) ?? 0
            let known = Set(try String.fetchAll(db, sql: "SELECT id FROM item WHERE feedKey = ?", arguments: [feedKey]))
            // Items deleted in the reader the marks were imported from stay deleted.
            let tombstones = Set(try String.fetchAll(db, sql: "SELECT id FROM importedMark WHERE feedURL = ? AND deleted",
                                                     arguments: [url]))
            let before = known.count
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO item (feedKey, id, position, title, text, published, updated, author,
                                  categories, enclosures, isRead, firstSeen, lastSeen, comments, sourceTitle, sourceURL, image)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(feedKey, id) DO UPDATE SET position = excluded.position, title = excluded.title,
                    text = excluded.text,
                    published = excluded.published, updated = excluded.updated, author = excluded.author,
                    categories = excluded.categories, enclosures = excluded.enclosures, lastSeen = excluded.lastSeen,
                    comments = excluded.comments, sourceTitle = excluded.sourceTitle, sourceURL = excluded.sourceURL,
                    image = excluded.image
                """)
            var new: [String] = []
            var seenAgain = 0
            for prepared in items where !tombstones.contains(prepared.item.id) {
                let item = prepared.item
                if known.contains(item.id) { seenAgain += 1 } else { new.append(item.id) }
                try upsert.execute(arguments: [feedKey, item.id, prepared.position, item.title, prepared.text,
                                               item.published?.timeIntervalSince1970, item.updated?.timeIntervalSince1970, item.author,
                                               prepared.categories, prepared.enclosures, seenAt, seenAt,
                                               item.comments, item.sourceTitle, item.sourceURL, item.image])
            }
            // Items this fetch did not list (lastSeen before it): past the newest few, the read
            // ones go; past the ceiling, any; with a cutoff, the dated before it.
            let vanishedBeyond = "rowid NOT IN (SELECT rowid FROM item WHERE feedKey = ? AND lastSeen < ? ORDER BY lastSeen DESC, position LIMIT ?)"
            if let kept = retention.keptVanished {
                try db.execute(sql: "DELETE FROM item WHERE feedKey = ? AND lastSeen < ? AND isRead AND " + vanishedBeyond,
                               arguments: [feedKey, seenAt, feedKey, seenAt, max(0, kept)])
            }
            try db.execute(sql: "DELETE FROM item WHERE feedKey = ? AND lastSeen < ? AND " + vanishedBeyond,
                           arguments: [feedKey, seenAt, feedKey, seenAt, FeedRetention.vanishedCeiling])
            if let cutoff {
                try db.execute(sql: "DELETE FROM item WHERE feedKey = ? AND lastSeen < ? AND coalesce(published, updated, firstSeen) < ?",
                               arguments: [feedKey, seenAt, cutoff.timeIntervalSince1970])
            }
            // Items first stored now that an imported mark says were read start read.
            try db.execute(sql: """
                UPDATE item SET isRead = 1 WHERE feedKey = ? AND isRead = 0 AND firstSeen = ?
                    AND id IN (SELECT id FROM importedMark WHERE feedURL = ? AND isRead)
                """, arguments: [feedKey, seenAt, url])
            // A file's read marks are kept apart (they outlive its items): its stored items follow them.
            if applyingReadMarks {
                try db.execute(sql: """
                    UPDATE item SET isRead = 1 WHERE feedKey = ? AND isRead = 0 AND id IN (SELECT id FROM readMark WHERE source = ?)
                    """, arguments: [feedKey, url])
            }
            // What the list shows, marks and stars included, read back in the same transaction:
            // a load costs the cache two round trips (the validators before the fetch, this).
            let cached = try Self.cachedFeed(db, url: url, hiding: hiding, hidingFeeds: hidingFeeds, newest: readingBack)
            let reclaim = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 > Self.reclaimThreshold
            return (stored: FeedStoreResult(newItemIDs: new, vanishedCount: before - seenAgain, cached: cached), reclaim: reclaim)
        } }
        // Pages freed go back once enough have gathered: a round trip of its own, now and then,
        // after the commit (run inside the write, it gave the file system nothing back).
        if result.reclaim { try reclaimSpace() }
        return result.stored
    }

    /// The ids of `feed`'s items new to the cache that the download mode's ignore rules leave
    /// out: never written, so they reach no list, count or notice. Asked before the write
    /// transaction, in memory (`DownloadIgnoreRule`); an item another fremont stores meanwhile
    /// is simply no longer new.
    private func ignoredNewItems(of feed: Feed, url: String, fetchedAt: Date, retention: FeedRetention) throws -> Set<String> {
        guard let ignored = retention.ignored else { return [] }
        let rule = try DownloadIgnoreRule(ignored, feed: feed, url: url, feeds: retention.ignoredFeeds, fetchedAt: fetchedAt, reading: writer)
        let known = try writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT id FROM item WHERE feedKey = \(Self.feedKeyOfURL)", arguments: [url]))
        }
        var ignoredIDs = Set<String>()
        for (position, item) in feed.items.enumerated() where !known.contains(item.id) && !ignoredIDs.contains(item.id) {
            if try rule.ignores(item, position: position) { ignoredIDs.insert(item.id) }
        }
        return ignoredIDs
    }

    /// An item as it is written: its JSON columns and searchable text made before the transaction.
    private struct PreparedItem: Sendable {
        var position: Int
        var item: FeedItem
        var categories: String
        var enclosures: String
        var searchText: String
        /// The link, summary and content as stored (`StoredItemText`), deflated before the lock is taken.
        var text: Data
    }

    /// Gives the pages deleted items freed back to the file system, a few at a time, once enough
    /// have gathered: the file shrinks back rather than only ever growing.
    /// Its one caller has counted the free pages already, in the write that freed them.
    func reclaimSpace() throws {
        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
    }

    /// The number the cache gives the feed at the address bound here: items name their feed by it.
    static let feedKeyOfURL = "(SELECT key FROM feed WHERE url = ?)"

    /// Free pages worth giving back to the file system.
    static let reclaimThreshold = 256

    /// A `304 Not Modified`: the cached items stand; the fetch time and validators are brought up to date.
    public func touchFeed(url: String, validators: CacheValidators, fetchedAt: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE feed SET etag = coalesce(?, etag), lastModified = coalesce(?, lastModified), fetchedAt = ?,
                    lastError = NULL, lastErrorAt = NULL WHERE url = ?
                """, arguments: [validators.etag, validators.lastModified, fetchedAt, url])
        }
    }

    /// Remembers a failed fetch; what was cached before stays.
    public func recordFeedError(url: String, message: String, at date: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO feed (url, lastError, lastErrorAt) VALUES (?, ?, ?)
                ON CONFLICT(url) DO UPDATE SET lastError = excluded.lastError, lastErrorAt = excluded.lastErrorAt
                """, arguments: [url, message, date])
        }
    }

    /// The feed at `url` as cached, or nil when it never was.
    /// `newest`: read only that many of its items (the last fetch's first), with the counts of
    /// all of them (`storedCounts`): what a caller that shows counts, not items, needs of a feed
    /// of 10,000. Nil reads every item.
    public func cachedFeed(url: String, newest: Int? = nil) throws -> CachedFeed? {
        let hiding = hiddenItems, feeds = hiddenFeeds
        return try writer.read { db in try Self.cachedFeed(db, url: url, hiding: hiding, hidingFeeds: feeds, newest: newest) }
    }

    /// The feed at `url` as cached, read in a transaction already open.
    /// `hiding`: items the display mode's ignore rules leave out (`hideItems(matching:)`).
    static func cachedFeed(_ db: Database, url: String, hiding: FilterExpression? = nil, hidingFeeds: FilterFeedList = FilterFeedList(),
                           newest: Int? = nil) throws -> CachedFeed? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM feed WHERE url = ?", arguments: [url]) else { return nil }
        var feed = Feed(format: (row["format"] as String?).flatMap(FeedFormat.init(rawValue:)) ?? .rss2,
                        title: row["title"], link: row["link"], description: row["description"], updated: row["updated"])
        let decoder = JSONDecoder()
        feed.image = row["image"]
        feed.id = row["feedID"]
        feed.categories = (try? decoder.decode([String].self, from: Data((row["categories"] as String).utf8))) ?? []
        var read = Set<String>()
        // The last fetch's items lead (their lastSeen is the newest); the vanished follow.
        let visible = try hiding.map { try FilterSQL.prepared(nil, hiding: $0, feeds: hidingFeeds, db: db) }
        let condition = visible.map { " AND \($0.condition)" } ?? ""
        let sql = "SELECT * FROM item WHERE feedKey = \(Self.feedKeyOfURL)\(condition) ORDER BY lastSeen DESC, position LIMIT ?"
        var counts: CachedFeed.StoredCounts?
        func readItems() throws {
            let items = try Row.fetchCursor(db, sql: sql, arguments: [url] + (visible?.arguments ?? []) + [newest ?? -1])
            while let item = try items.next() {
                feed.items.append(feedItem(item, decoder: decoder))
                if item["isRead"] as Bool { read.insert(item["id"]) }
            }
            // Hidden items are not counted: the tally (kept by triggers) counts them all.
            if newest != nil, let visible {
                let row = try Row.fetchOne(db, sql: "SELECT count(*) AS total, coalesce(sum(isRead = 0), 0) AS unread FROM item WHERE feedKey = \(Self.feedKeyOfURL)\(condition)",
                                           arguments: [url] + visible.arguments)
                counts = CachedFeed.StoredCounts(total: row?["total"] ?? 0, unread: row?["unread"] ?? 0)
            }
        }
        if let visible { try visible.withFunctions(db, readItems) } else { try readItems() }
        let starred = try starredIDs(db, source: url)
        if newest != nil, visible == nil {
            let tally = try Row.fetchOne(db, sql: "SELECT total, unread FROM itemTally WHERE feedURL = ?", arguments: [url])
            counts = CachedFeed.StoredCounts(total: tally?["total"] ?? 0, unread: tally?["unread"] ?? 0)
        }
        if newest != nil {
            // The first entry of the feed's date index: one look, however many items it has.
            counts?.newest = try Date.fetchOne(db.cachedStatement(sql: """
                SELECT coalesce(published, updated) FROM item WHERE feedKey = \(Self.feedKeyOfURL)
                ORDER BY \(ItemWindowReader.itemKey) DESC LIMIT 1
                """), arguments: [url])
        }
        return CachedFeed(url: url, feed: feed, readItemIDs: read,
                          validators: CacheValidators(etag: row["etag"], lastModified: row["lastModified"]),
                          fetchedAt: row["fetchedAt"], lastError: row["lastError"], lastErrorAt: row["lastErrorAt"], starredIDs: starred,
                          storedCounts: counts)
    }

    /// An item row as the feed gave it.
    static func feedItem(_ item: Row, decoder: JSONDecoder) -> FeedItem {
        let categories = (try? decoder.decode([String].self, from: Data((item["categories"] as String).utf8))) ?? []
        let enclosures = (try? decoder.decode([StoredEnclosure].self, from: Data((item["enclosures"] as String).utf8))) ?? []
        let text = StoredItemText(item["text"] as DatabaseValue)
        var cached = FeedItem(id: item["id"], title: item["title"], link: text.link, summary: text.summary,
                              content: text.content, published: item["published"], updated: item["updated"],
                              author: item["author"], categories: categories, enclosures: enclosures.map(\.enclosure))
        cached.comments = item["comments"]
        cached.sourceTitle = item["sourceTitle"]
        cached.sourceURL = item["sourceURL"]
        cached.image = item["image"]
        return cached
    }

    /// Marks items read (or unread again); the flag outlives restarts and later fetches. For a
    /// synced feed, each change is queued for the server in the same transaction.
    public func markRead(feedURL: String, itemIDs: some Collection<String>, read: Bool = true) throws {
        let ids = Array(itemIDs)
        try write { db in
            let statement = try db.cachedStatement(sql: "UPDATE item SET isRead = ? WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            for id in ids {
                try statement.execute(arguments: [read, feedURL, id])
                try Self.enqueueSyncChange(db, feedURL: feedURL, itemID: id, field: .read, value: read)
            }
        }
    }

    /// Read state for a feed read from a file: marks by source and item id, kept apart from its
    /// stored items (a file can be read with no cache of its items), and on those items too.
    public func setReadMarks(source: String, itemIDs: some Collection<String>, read: Bool = true) throws {
        let ids = Array(itemIDs)
        try write { db in
            let statement = try db.cachedStatement(sql: read
                ? "INSERT OR IGNORE INTO readMark (source, id) VALUES (?, ?)"
                : "DELETE FROM readMark WHERE source = ? AND id = ?")
            let stored = try db.cachedStatement(sql: "UPDATE item SET isRead = ? WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            for id in ids {
                try statement.execute(arguments: [source, id])
                try stored.execute(arguments: [read, source, id])
            }
        }
    }

    /// A feed read from a file (or built in), stored under `key` so item lists over the cache
    /// show it beside fetched feeds; its read marks applied in the same transaction.
    public func storeLocalFeed(_ feed: Feed, key: String, retention: FeedRetention = FeedRetention(), fetchedAt: Date = Date()) throws
        -> FeedStoreResult {
        try storeFeed(feed, url: key, validators: CacheValidators(), fetchedAt: fetchedAt, retention: retention,
                      searchText: ItemSearch.body(summary:content:), applyingReadMarks: true)
    }

    /// The items of a feed the cache does not hold that were read.
    public func readMarks(source: String) throws -> Set<String> {
        try writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT id FROM readMark WHERE source = ?", arguments: [source]))
        }
    }

    /// Marks every item of a feed read.
    public func markAllRead(feedURL: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE item SET isRead = 1 WHERE feedKey = \(Self.feedKeyOfURL)", arguments: [feedURL])
            try Self.enqueueSyncChange(db, feedURL: feedURL, itemID: "", field: .catchUp, value: true)
        }
    }

    /// Marks every item of these feeds read in one transaction (their unread items only: the
    /// tally's trigger runs for those alone). `keepsReadMarks`: a feed read from a file, whose
    /// marks are also kept apart from its items (`setReadMarks`).
    public func markAllRead(feedURLs feeds: [(url: String, keepsReadMarks: Bool)]) throws {
        guard !feeds.isEmpty else { return }
        try write { db in
            for feed in feeds where feed.keepsReadMarks {
                try db.execute(sql: "INSERT OR IGNORE INTO readMark (source, id) SELECT ?, id FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND isRead = 0",
                               arguments: [feed.url, feed.url])
            }
            let urls = ItemWindowReader.jsonArray(Set(feeds.map(\.url)))
            let feedKeys = "(SELECT key FROM feed WHERE url IN (SELECT value FROM json_each(?)))"
            let unread = try Int.fetchOne(db, sql: "SELECT coalesce(sum(unread), 0) FROM itemTally WHERE feedURL IN (SELECT value FROM json_each(?))",
                                          arguments: [urls]) ?? 0
            let items = try Int.fetchOne(db, sql: "SELECT coalesce(sum(total), 0) FROM itemTally") ?? 0
            if unread * 8 >= items, unread > 10_000 {
                // Many of the cache's items (mark all read at a million: 666,666), spread over
                // every page: one pass in table order, each page read and written once, in a
                // larger page cache for the index entries it removes. A statement per feed
                // visited every page once per feed: 13 s where this takes 4.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
                try db.execute(sql: "PRAGMA cache_size = -32768")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                try db.execute(sql: "UPDATE item SET isRead = 1 WHERE +isRead = 0 AND +feedKey IN \(feedKeys)", arguments: [urls])
            } else {
                // A few feeds' items: each feed's, by its index.
                for feed in feeds {
                    try db.execute(sql: "UPDATE item SET isRead = 1 WHERE feedKey = \(Self.feedKeyOfURL) AND isRead = 0", arguments: [feed.url])
                }
            }
            for feed in feeds {
                try Self.enqueueSyncChange(db, feedURL: feed.url, itemID: "", field: .catchUp, value: true)
            }
        }
    }

    /// When the feed was last fetched whole, for a status line ("cached 3 h ago").
    public func feedFetchedAt(url: String) throws -> Date? {
        try writer.read { db in try Date.fetchOne(db, sql: "SELECT fetchedAt FROM feed WHERE url = ?", arguments: [url]) }
    }
}

/// A followed feed as the cache knows it, without its items: for a list of many feeds.
public struct FeedStatus: Sendable, Equatable {
    public var url: String
    public var title: String
    /// The feed's own link: its site.
    public var link: String?
    public var total: Int
    public var unread: Int
    /// The last fetch that brought the feed whole; nil when none did.
    public var fetchedAt: Date?
    /// The last failure, cleared by the next success.
    public var lastError: String?
    public var lastErrorAt: Date?

    public init(url: String, title: String = "", total: Int = 0, unread: Int = 0, fetchedAt: Date? = nil,
                lastError: String? = nil, lastErrorAt: Date? = nil) {
        self.url = url
        self.title = title
        self.total = total
        self.unread = unread
        self.fetchedAt = fetchedAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }
}

extension CacheDatabase {
    /// Every cached feed's title, counts, last fetch and last failure, by address, in one query.
    /// Items hidden by the display mode's ignore rules are not counted; without such rules the
    /// counts are the ones the triggers keep per feed.
    public func feedStatuses() throws -> [String: FeedStatus] {
        let hiding = hiddenItems, hidingFeeds = hiddenFeeds
        return try writer.read { db in
            // The rule tested on each item where the items are counted (`FilterSQL`).
            let visible = try hiding.map { try FilterSQL.prepared(nil, hiding: $0, feeds: hidingFeeds, db: db) }
            guard let visible else {
                // The counts the triggers keep per feed, not a count of a million items.
                return try Self.feedStatuses(Row.fetchCursor(db, sql: """
                    SELECT feed.url, feed.title, feed.link, feed.fetchedAt, feed.lastError, feed.lastErrorAt,
                           coalesce(itemTally.total, 0) AS total, coalesce(itemTally.unread, 0) AS unread
                    FROM feed LEFT JOIN itemTally ON itemTally.feedURL = feed.url
                    """))
            }
            let sql = """
                SELECT feed.url, feed.title, feed.link, feed.fetchedAt, feed.lastError, feed.lastErrorAt,
                       count(item.id) AS total, coalesce(sum(item.isRead = 0), 0) AS unread
                FROM feed LEFT JOIN (SELECT feedKey, id, isRead FROM item WHERE \(visible.condition)) AS item
                    ON item.feedKey = feed.key
                GROUP BY feed.url
                """
            return try visible.withFunctions(db) { try Self.feedStatuses(Row.fetchCursor(db, sql: sql, arguments: visible.arguments)) }
        }
    }

    private static func feedStatuses(_ rows: RowCursor) throws -> [String: FeedStatus] {
        var statuses: [String: FeedStatus] = [:]
        while let row = try rows.next() {
            let url: String = row["url"]
            var status = FeedStatus(url: url, title: row["title"] ?? "", total: row["total"], unread: row["unread"],
                                    fetchedAt: row["fetchedAt"], lastError: row["lastError"], lastErrorAt: row["lastErrorAt"])
            let link: String = row["link"] ?? ""
            status.link = link.isEmpty ? nil : link
            statuses[url] = status
        }
        return statuses
    }
}
