import Foundation
import FremontCore
import GRDB

/// One item found by a full-text search of the cache.
public struct SearchHit: Sendable, Equatable {
    public var feedURL: String
    public var feedTitle: String
    public var id: String
    public var title: String
    public var link: String
    public var published: Date?
    /// Words around the first match, the matches between `[` and `]`.
    public var snippet: String
    /// SQLite's bm25 rank: lower is better.
    public var rank: Double
}

/// Full-text search over every cached item (SQLite FTS5): the words of a query, each one
/// required, ranked by bm25 with the title weighing ten times the text.
public enum ItemSearch {
    /// The searchable text of an item: its content (else summary) rendered from HTML to words.
    static func body(summary: String, content: String) -> String {
        let html = content.isEmpty ? summary : content
        guard !html.isEmpty else { return "" }
        return HTMLText.render(html).text
    }

    /// The query as FTS5 reads it: each word quoted (so no character of the query is syntax),
    /// the last a prefix, so `jam web` finds "James Webb"; nil when it has no word.
    public static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { $0.isWhitespace }).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        guard !words.isEmpty else { return nil }
        return words.dropLast().joined(separator: " ") + (words.count > 1 ? " " : "") + words[words.count - 1] + "*"
    }
}

extension CacheDatabase {
    /// The items whose title or text hold every word of `query`, best first, at most `limit`.
    public func search(_ query: String, limit: Int = 50) throws -> [SearchHit] {
        guard let match = ItemSearch.matchExpression(query) else { return [] }
        return try writer.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT item.feedURL, feed.title AS feedTitle, item.id, item.title, item.link, item.published,
                       snippet(itemText, -1, '[', ']', '…', 12) AS snippet, bm25(itemText, 10.0, 1.0) AS rank
                FROM itemText
                JOIN item ON item.rowid = itemText.rowid
                JOIN feed ON feed.url = item.feedURL
                WHERE itemText MATCH ?
                ORDER BY rank
                LIMIT ?
                """, arguments: [match, max(1, limit)])
            return rows.map { row in
                SearchHit(feedURL: row["feedURL"], feedTitle: row["feedTitle"] ?? "", id: row["id"], title: row["title"],
                          link: row["link"], published: row["published"], snippet: row["snippet"] ?? "", rank: row["rank"])
            }
        }
    }
}
