import Foundation
import FremontCore
import GRDB

/// A starred item as kept: what the reader showed, so it can be shown again without its feed.
public struct StarredRecord: Sendable, Equatable {
    public var source: String
    public var id: String
    public var title: String
    public var feedName: String
    public var author: String
    public var date: Date?
    public var text: String
    public var links: [String]
    public var link: String
    public var enclosures: [FeedEnclosure]

    public init(source: String, id: String, title: String, feedName: String, author: String, date: Date?, text: String,
                links: [String], link: String, enclosures: [FeedEnclosure]) {
        self.source = source
        self.id = id
        self.title = title
        self.feedName = feedName
        self.author = author
        self.date = date
        self.text = text
        self.links = links
        self.link = link
        self.enclosures = enclosures
    }
}

extension CacheDatabase {
    /// Stars an item (again: its copy is brought up to date), or takes its star away.
    public func setStar(_ record: StarredRecord, starred: Bool, at date: Date = Date()) throws {
        try writer.write { db in
            guard starred else {
                try db.execute(sql: "DELETE FROM starred WHERE source = ? AND id = ?", arguments: [record.source, record.id])
                return
            }
            let encoder = JSONEncoder()
            let links = String(decoding: try encoder.encode(record.links), as: UTF8.self)
            let enclosures = String(decoding: try encoder.encode(record.enclosures.map(StoredEnclosure.init)), as: UTF8.self)
            try db.execute(sql: """
                INSERT INTO starred (source, id, title, feedName, author, date, text, links, link, enclosures, starredAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(source, id) DO UPDATE SET title = excluded.title, feedName = excluded.feedName,
                    author = excluded.author, date = excluded.date, text = excluded.text, links = excluded.links,
                    link = excluded.link, enclosures = excluded.enclosures
                """, arguments: [record.source, record.id, record.title, record.feedName, record.author, record.date,
                                 record.text, links, record.link, enclosures, date])
        }
    }

    /// Every starred item, the most recently starred first.
    public func starredRecords() throws -> [StarredRecord] {
        try writer.read { db in
            let decoder = JSONDecoder()
            return try Row.fetchAll(db, sql: "SELECT * FROM starred ORDER BY starredAt DESC").map { row in
                StarredRecord(source: row["source"], id: row["id"], title: row["title"], feedName: row["feedName"],
                              author: row["author"], date: row["date"], text: row["text"],
                              links: (try? decoder.decode([String].self, from: Data((row["links"] as String).utf8))) ?? [],
                              link: row["link"],
                              enclosures: ((try? decoder.decode([StoredEnclosure].self, from: Data((row["enclosures"] as String).utf8))) ?? []).map(\.enclosure))
            }
        }
    }

    /// The ids of a feed's starred items.
    public func starredIDs(source: String) throws -> Set<String> {
        try writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT id FROM starred WHERE source = ?", arguments: [source]))
        }
    }
}
