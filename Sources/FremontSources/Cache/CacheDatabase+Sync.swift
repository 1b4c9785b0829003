import Foundation
import FremontCore
import GRDB

/// The cache's side of syncing with a feed service: the feeds it subscribes to, the changes
/// made here that wait for it, and the server's state taken in.
extension CacheDatabase {
    // MARK: Feeds

    /// The synced feeds, in the server's order; of one service, or of all.
    public func syncedFeeds(service: String? = nil) throws -> [SyncedFeed] {
        try writer.read { db in
            let rows = try Row.fetchAll(db, sql: service == nil
                ? "SELECT * FROM syncFeed ORDER BY service, position"
                : "SELECT * FROM syncFeed WHERE service = ? ORDER BY position", arguments: service.map { [$0] } ?? [])
            return rows.map { row in
                SyncedFeed(key: row["feedURL"], service: row["service"], remoteID: row["remoteID"], title: row["title"],
                           category: row["category"], address: row["address"], position: row["position"], stream: row["stream"])
            }
        }
    }

    /// Makes the service's feeds exactly `feeds`: new ones added (with an empty feed row), known
    /// ones brought up to date, and those the server no longer has removed with their items
    /// (starred copies stay, as for any feed). Returns the keys added and removed.
    @discardableResult
    public func replaceSyncedFeeds(service: String, with feeds: [SyncedFeed]) throws -> (added: [String], removed: [String]) {
        try write { db in
            let known = Set(try String.fetchAll(db, sql: "SELECT feedURL FROM syncFeed WHERE service = ?", arguments: [service]))
            let wanted = Set(feeds.map(\.key))
            let removed = known.subtracting(wanted).sorted()
            for key in removed {
                try db.execute(sql: "DELETE FROM syncFeed WHERE feedURL = ?", arguments: [key])
                try db.execute(sql: "DELETE FROM feed WHERE url = ?", arguments: [key])
                try db.execute(sql: "DELETE FROM syncChange WHERE feedURL = ?", arguments: [key])
            }
            for feed in feeds {
                try db.execute(sql: """
                    INSERT INTO syncFeed (feedURL, service, remoteID, title, category, address, position, stream) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(feedURL) DO UPDATE SET service = excluded.service, remoteID = excluded.remoteID,
                        title = excluded.title, category = excluded.category, address = excluded.address, position = excluded.position,
                        stream = excluded.stream
                    """, arguments: [feed.key, service, feed.remoteID, feed.title, feed.category, feed.address, feed.position, feed.stream])
                try db.execute(sql: """
                    INSERT INTO feed (url, format, title, link) VALUES (?, ?, ?, ?)
                    ON CONFLICT(url) DO UPDATE SET title = excluded.title, link = excluded.link
                    """, arguments: [feed.key, FeedFormat.rss2.rawValue, feed.title, feed.address])
            }
            return (feeds.map(\.key).filter { !known.contains($0) }, removed)
        }
    }

    // MARK: Items

    /// An article from the server, with its state there.
    public struct SyncedItem: Sendable {
        public var feedKey: String
        public var item: FeedItem
        public var unread: Bool
        public var starred: Bool
        /// Its place in the feed (smaller first); nil: the server's ids grow with time, newest first.
        public var position: Int?

        public init(feedKey: String, item: FeedItem, unread: Bool, starred: Bool, position: Int? = nil) {
            self.feedKey = feedKey
            self.item = item
            self.unread = unread
            self.starred = starred
            self.position = position
        }
    }

    /// Stores articles from the server into their feeds: new ones with the server's read state,
    /// known ones brought up to date (their read state is `applyServerState`'s). Nothing else of
    /// the feed is touched: a sync brings only what is new. Returns how many were new.
    @discardableResult
    public func storeSyncedItems(_ items: [SyncedItem], at date: Date = Date()) throws -> Int {
        let encoder = JSONEncoder()
        // The slow work (HTML to text, JSON) before the write transaction.
        let prepared = try items.map { synced in
            (synced, String(decoding: try encoder.encode(synced.item.categories), as: UTF8.self),
             String(decoding: try encoder.encode(synced.item.enclosures.map(StoredEnclosure.init)), as: UTF8.self),
             ItemSearch.body(summary: synced.item.summary, content: synced.item.content),
             Data(StoredItemText(link: synced.item.link, summary: synced.item.summary, content: synced.item.content).packed))
        }
        let texts = prepared.map { (stored: $0.4, text: $0.3) }
        return try ItemSearch.withPreparedText(texts) { try write { db in
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO item (feedKey, id, position, title, text, published, updated, author,
                                  categories, enclosures, isRead, firstSeen, lastSeen)
                VALUES (\(Self.feedKeyOfURL), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(feedKey, id) DO UPDATE SET title = excluded.title,
                    text = excluded.text, published = excluded.published,
                    updated = excluded.updated, author = excluded.author, categories = excluded.categories,
                    enclosures = excluded.enclosures, lastSeen = excluded.lastSeen
                RETURNING firstSeen = lastSeen AS isNew
                """)
            var new = 0
            let seen = date.timeIntervalSince1970
            for (synced, categories, enclosures, _, text) in prepared {
                let item = synced.item
                // Newest first within a feed: the server's ids grow with time.
                let position = synced.position ?? -(Int(item.id) ?? 0)
                guard let row = try Row.fetchOne(upsert, arguments: [synced.feedKey, item.id, position, item.title,
                                                                     text, item.published?.timeIntervalSince1970,
                                                                     item.updated?.timeIntervalSince1970,
                                                                     item.author, categories, enclosures, !synced.unread, seen, seen])
                else { continue }
                if row["isNew"] as Bool { new += 1 }
            }
            try db.execute(sql: "UPDATE feed SET fetchedAt = ?, lastError = NULL, lastErrorAt = NULL WHERE url IN (SELECT feedURL FROM syncFeed)",
                           arguments: [date])
            return new
        } }
    }

    /// The articles of the service's feeds first stored since `date` (this sync's) that the
    /// download mode's ignore rules match, deleted as a fetch's are: they reach no list, count or
    /// search. Returns how many went.
    @discardableResult
    public func dropIgnoredSyncedItems(service: String, since date: Date, ignoring rule: FilterExpression,
                                       feeds: FilterFeedList = FilterFeedList()) throws -> Int {
        // The rules are asked in a read (patterns never run under the write lock); what they
        // match goes in a short write, by row.
        let matched = try writer.read { db in
            let prepared = try FilterSQL.prepared(rule, feeds: feeds, db: db, now: Date())
            return try prepared.withFunctions(db) {
                try Int64.fetchAll(db, sql: """
                    SELECT rowid FROM item WHERE firstSeen >= ?
                      AND feedKey IN (SELECT key FROM feed WHERE url IN (SELECT feedURL FROM syncFeed WHERE service = ?))
                      AND \(prepared.condition)
                    """, arguments: [date.timeIntervalSince1970, service] + prepared.arguments)
            }
        }
        guard !matched.isEmpty else { return 0 }
        return try write { db in
            var dropped = 0
            let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE rowid = ? AND firstSeen >= ?")
            for row in matched {
                try delete.execute(arguments: [row, date.timeIntervalSince1970])
                dropped += db.changesCount
            }
            return dropped
        }
    }

    /// What taking the server's state changed here.
    public struct ServerStateChanges: Sendable, Equatable {
        public var read = 0
        public var unread = 0
        public var starred = 0
        public var unstarred = 0
    }

    /// Takes the server's read and starred state for the service's items, except where a change
    /// made here still waits to be sent (it wins: it is newer than what the server knew).
    /// `unread` and `starred` are the server's article ids in that state, nil when not known whole
    /// (a listing cut short), so nothing is concluded from what it lacks.
    public func applyServerState(service: String, unread: Set<Int>?, starred: Set<Int>?) throws -> ServerStateChanges {
        try applyServerState(service: service, read: { id in unread.map { !$0.contains(id) } },
                             starred: { id in starred.map { $0.contains(id) } })
    }

    /// Each synced feed's count of unread items and of starred ones here, by key: what the
    /// server's counters are compared with.
    public func syncedFeedCounts(service: String) throws -> [String: (unread: Int, starred: Int)] {
        try writer.read { db in
            var counts: [String: (unread: Int, starred: Int)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT syncFeed.feedURL, coalesce(itemTally.unread, 0) AS unread,
                       (SELECT count(*) FROM starred WHERE starred.source = syncFeed.feedURL) AS starred
                FROM syncFeed LEFT JOIN itemTally ON itemTally.feedURL = syncFeed.feedURL WHERE syncFeed.service = ?
                """, arguments: [service]) {
                counts[row["feedURL"]] = (row["unread"], row["starred"])
            }
            return counts
        }
    }

    /// Takes the server's state where it is known: `read` and `starred` say an article's state on
    /// the server by its id, nil where it is not known (not listed); the same rule as above.
    public func applyServerState(service: String, read serverRead: (Int) -> Bool?, starred serverStarred: (Int) -> Bool?) throws
        -> ServerStateChanges {
        try applyServerState(service: service, readByID: { Int($0).flatMap(serverRead) }, starredByID: { Int($0).flatMap(serverStarred) })
    }

    /// The same, by the item's id as the cache keeps it (a Google Reader server's ids).
    public func applyServerState(service: String, readByID serverRead: (String) -> Bool?, starredByID serverStarred: (String) -> Bool?)
        throws -> ServerStateChanges {
        // Rows to star are rendered before the write (HTML to text).
        struct Row_ { var feedURL: String; var id: String; var isRead: Bool; var isStarred: Bool; var pendingRead: Bool; var pendingStar: Bool }
        let rows = try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT syncFeed.feedURL, item.id, item.isRead,
                       EXISTS (SELECT 1 FROM starred WHERE starred.source = syncFeed.feedURL AND starred.id = item.id) AS isStarred,
                       EXISTS (SELECT 1 FROM syncChange c WHERE c.feedURL = syncFeed.feedURL AND (c.itemID = item.id OR c.field = 'catchup')
                               AND c.field IN ('read', 'catchup')) AS pendingRead,
                       EXISTS (SELECT 1 FROM syncChange c WHERE c.feedURL = syncFeed.feedURL AND c.itemID = item.id AND c.field = 'starred') AS pendingStar
                FROM syncFeed JOIN feed ON feed.url = syncFeed.feedURL JOIN item ON item.feedKey = feed.key WHERE syncFeed.service = ?
                """, arguments: [service]).map {
                Row_(feedURL: $0["feedURL"], id: $0["id"], isRead: $0["isRead"], isStarred: $0["isStarred"],
                     pendingRead: $0["pendingRead"], pendingStar: $0["pendingStar"])
            }
        }
        var changes = ServerStateChanges()
        var readChanges: [(String, String, Bool)] = []
        var starChanges: [(String, String, Bool)] = []
        for row in rows {
            let remote = row.id
            if let serverRead = serverRead(remote), !row.pendingRead {
                if serverRead != row.isRead {
                    readChanges.append((row.feedURL, row.id, serverRead))
                    if serverRead { changes.read += 1 } else { changes.unread += 1 }
                }
            }
            if let serverStarred = serverStarred(remote), !row.pendingStar {
                if serverStarred != row.isStarred {
                    starChanges.append((row.feedURL, row.id, serverStarred))
                    if serverStarred { changes.starred += 1 } else { changes.unstarred += 1 }
                }
            }
        }
        let copies = try starChanges.filter(\.2).map { change in try starredCopy(feedURL: change.0, id: change.1) }
        guard !readChanges.isEmpty || !starChanges.isEmpty else { return changes }
        try write { db in
            let mark = try db.cachedStatement(sql: "UPDATE item SET isRead = ? WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            for (feedURL, id, read) in readChanges { try mark.execute(arguments: [read, feedURL, id]) }
            let unstar = try db.cachedStatement(sql: "DELETE FROM starred WHERE source = ? AND id = ?")
            for (feedURL, id, value) in starChanges where !value { try unstar.execute(arguments: [feedURL, id]) }
            for copy in copies.compactMap({ $0 }) { try Self.insertStar(db, copy, at: Date()) }
        }
        return changes
    }

    /// What a star keeps of a cached item, as the browser would keep it.
    private func starredCopy(feedURL: String, id: String) throws -> StarredItem? {
        let found = try writer.read { db -> (Row, String)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?", arguments: [feedURL, id]) else { return nil }
            let title = try String.fetchOne(db, sql: "SELECT title FROM feed WHERE url = ?", arguments: [feedURL]) ?? ""
            return (row, title)
        }
        guard let (row, feedName) = found else { return nil }
        let item = Self.feedItem(row, decoder: JSONDecoder())
        let rendered = HTMLText.render(item.content.isEmpty ? item.summary : item.content)
        return StarredItem(source: feedURL, id: id, title: item.title, feedName: feedName, author: item.author,
                           date: item.published ?? item.updated, text: rendered.text, links: rendered.links, link: item.link,
                           enclosures: item.enclosures)
    }

    /// The ids of every item the cache holds of the service's feeds.
    public func syncedItemIDs(service: String) throws -> Set<String> {
        try writer.read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT item.id FROM syncFeed JOIN feed ON feed.url = syncFeed.feedURL JOIN item ON item.feedKey = feed.key
                WHERE syncFeed.service = ?
                """, arguments: [service]))
        }
    }

    /// How many items the cache holds of a synced feed.
    public func syncedItemCount(feedURL: String) throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT total FROM itemTally WHERE feedURL = ?", arguments: [feedURL]) ?? 0 }
    }

    // MARK: The queue of changes

    /// Queues a change to a synced item in the transaction that made it; a feed that is not
    /// synced queues nothing.
    static func enqueueSyncChange(_ db: Database, feedURL: String, itemID: String, field: SyncChange.Field, value: Bool) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO syncChange (feedURL, itemID, field, value, madeAt)
            SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM syncFeed WHERE feedURL = ?)
            """)
        try statement.execute(arguments: [feedURL, itemID, field.rawValue, value, Date(), feedURL])
    }

    /// The oldest changes waiting, in the order they were made.
    public func pendingSyncChanges(service: String? = nil, limit: Int = 1_000) throws -> [SyncChange] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.* FROM syncChange c JOIN syncFeed f ON f.feedURL = c.feedURL
                WHERE ? IS NULL OR f.service = ? ORDER BY c.id LIMIT ?
                """, arguments: [service, service, limit]).map { row in
                SyncChange(id: row["id"], feedURL: row["feedURL"], itemID: row["itemID"],
                           field: SyncChange.Field(rawValue: row["field"]) ?? .read, value: row["value"],
                           madeAt: row["madeAt"], attempts: row["attempts"])
            }
        }
    }

    /// How many changes wait.
    public func pendingSyncChangeCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM syncChange") ?? 0 }
    }

    /// The server took these changes.
    public func removeSyncChanges(_ ids: [Int64]) throws {
        try write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM syncChange WHERE id = ?")
            for id in ids { try statement.execute(arguments: [id]) }
        }
    }

    /// The server refused these changes: each is tried again at later syncs, up to `attempts`
    /// tries in all, then dropped. Returns the dropped ones. One that a later change to the same
    /// item and field supersedes goes at once, unsaid: sent after it, it would undo it.
    public func refuseSyncChanges(_ ids: [Int64], because message: String, attempts: Int) throws -> [SyncChange] {
        try write { db in
            var dropped: [SyncChange] = []
            for id in ids {
                try db.execute(sql: """
                    DELETE FROM syncChange WHERE id = ? AND EXISTS (
                        SELECT 1 FROM syncChange later WHERE later.id > syncChange.id AND later.feedURL = syncChange.feedURL
                            AND later.itemID = syncChange.itemID AND later.field = syncChange.field)
                    """, arguments: [id])
                try db.execute(sql: "UPDATE syncChange SET attempts = attempts + 1, lastError = ? WHERE id = ?", arguments: [message, id])
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM syncChange WHERE id = ? AND attempts >= ?", arguments: [id, attempts])
                else { continue }
                dropped.append(SyncChange(id: row["id"], feedURL: row["feedURL"], itemID: row["itemID"],
                                          field: SyncChange.Field(rawValue: row["field"]) ?? .read, value: row["value"],
                                          madeAt: row["madeAt"], attempts: row["attempts"]))
                try db.execute(sql: "DELETE FROM syncChange WHERE id = ?", arguments: [id])
            }
            return dropped
        }
    }

    // MARK: Where the last sync left off

    public func syncSinceID(service: String) throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT sinceID FROM syncState WHERE service = ?", arguments: [service]) ?? 0 }
    }

    public func syncedAt(service: String) throws -> Date? {
        try writer.read { db in try Date.fetchOne(db, sql: "SELECT syncedAt FROM syncState WHERE service = ?", arguments: [service]) }
    }

    public func recordSync(service: String, sinceID: Int, at date: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO syncState (service, sinceID, syncedAt) VALUES (?, ?, ?)
                ON CONFLICT(service) DO UPDATE SET sinceID = excluded.sinceID, syncedAt = excluded.syncedAt
                """, arguments: [service, sinceID, date])
        }
    }
}
