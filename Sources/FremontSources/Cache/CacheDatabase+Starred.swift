import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Stars an item (again: its copy is brought up to date), or takes its star away. For a
    /// synced feed, the change is queued for the server in the same transaction.
    public func setStar(_ item: StarredItem, starred: Bool, at date: Date = Date()) throws {
        try write { db in
            try Self.enqueueSyncChange(db, feedURL: item.source, itemID: item.id, field: .starred, value: starred)
            guard starred else {
                try db.execute(sql: "DELETE FROM starred WHERE source = ? AND id = ?", arguments: [item.source, item.id])
                return
            }
            try Self.insertStar(db, item, at: date)
        }
    }

    /// Keeps a starred item's copy, in a transaction already open.
    static func insertStar(_ db: Database, _ item: StarredItem, at date: Date) throws {
        let encoder = JSONEncoder()
        let links = String(decoding: try encoder.encode(item.links), as: UTF8.self)
        let enclosures = String(decoding: try encoder.encode(item.enclosures.map(StoredEnclosure.init)), as: UTF8.self)
        try db.execute(sql: """
            INSERT INTO starred (source, id, title, feedName, author, date, text, links, link, enclosures, starredAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(source, id) DO UPDATE SET title = excluded.title, feedName = excluded.feedName,
                author = excluded.author, date = excluded.date, text = excluded.text, links = excluded.links,
                link = excluded.link, enclosures = excluded.enclosures
            """, arguments: [item.source, item.id, item.title, item.feedName, item.author, item.date,
                             item.text, links, item.link, enclosures, date])
    }

    /// Every starred item, the most recently starred first.
    public func starredItems() throws -> [StarredItem] {
        try writer.read { db in
            let decoder = JSONDecoder()
            return try Row.fetchAll(db, sql: "SELECT * FROM starred ORDER BY starredAt DESC").map { row in
                StarredItem(source: row["source"], id: row["id"], title: row["title"], feedName: row["feedName"],
                              author: row["author"], date: row["date"], text: row["text"],
                              links: (try? decoder.decode([String].self, from: Data((row["links"] as String).utf8))) ?? [],
                              link: row["link"],
                              enclosures: ((try? decoder.decode([StoredEnclosure].self, from: Data((row["enclosures"] as String).utf8))) ?? []).map(\.enclosure))
            }
        }
    }

    /// The ids of a feed's starred items.
    public func starredIDs(source: String) throws -> Set<String> {
        try writer.read { db in try Self.starredIDs(db, source: source) }
    }

    /// The same, in a transaction already open.
    static func starredIDs(_ db: Database, source: String) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT id FROM starred WHERE source = ?", arguments: [source]))
    }
}
