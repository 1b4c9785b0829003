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

    /// Writes an item's full-text entry: its rowid, title and rendered text, then its feed's key
    /// and its id, by which the text of its full article (when one is kept) is added. Every
    /// writer of the index uses it, so storing a feed again keeps the article's words findable.
    static let indexSQL = """
        INSERT OR REPLACE INTO itemText (rowid, title, body) VALUES (?, ?, ? || coalesce(
            (SELECT char(10) || char(10) || text FROM itemArticle WHERE feedURL = ? AND id = ? AND notArticle IS NULL), ''))
        """

    /// The query as FTS5 reads it: each word quoted (so no character of the query is syntax),
    /// the last a prefix when it has three letters or more, so `jam webb` finds "James Webb" (a
    /// prefix of one letter would match nearly everything, slowly); nil when it has no word.
    public static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { $0.isWhitespace })
        guard let last = words.last else { return nil }
        let quoted = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return quoted.joined(separator: " ") + (last.count >= 3 ? "*" : "")
    }
}

extension CacheDatabase {
    /// The items whose title or text hold every word of `query`, best first, at most `limit`;
    /// in the snippet, each match between `marks`. Items the display mode's ignore rules hide
    /// are never found (`hideItems(matching:)`), as no list shows them.
    public func search(_ query: String, limit: Int = 50, marks: (String, String) = ("[", "]")) throws -> [SearchHit] {
        guard let match = ItemSearch.matchExpression(query) else { return [] }
        let hiding = hiddenItems
        return try writer.read { db in
            guard let hiding else {
                // Ranked and cut inside FTS5 first (its `rank`, bm25 with the title weighing ten
                // times the text, lets it keep only the best), then joined to the items.
                return try Self.searchHits(Row.fetchCursor(db, sql: """
                    SELECT item.feedURL, feed.title AS feedTitle, item.id, item.title, item.link, item.published,
                           best.snippet, best.rank
                    FROM (SELECT rowid, rank, snippet(itemText, 1, ?, ?, '…', 12) AS snippet
                          FROM itemText WHERE itemText MATCH ? ORDER BY rank LIMIT ?) AS best
                    JOIN item ON item.rowid = best.rowid
                    JOIN feed ON feed.url = item.feedURL
                    ORDER BY best.rank
                    """, arguments: [marks.0, marks.1, match, max(1, limit)]))
            }
            // Hidden items are left out before the cut, so they never take a visible one's place:
            // each match is tested (`FilterSQL`), a cost of the matches, not of the cache.
            let visible = try FilterSQL.prepared(nil, hiding: hiding, feeds: FilterFeedList(), db: db)
            var arguments: StatementArguments = [marks.0, marks.1, match]
            arguments += visible.arguments
            arguments += [max(1, limit)]
            let sql = """
                SELECT item.feedURL, feed.title AS feedTitle, item.id, item.title, item.link, item.published,
                       best.snippet, best.rank
                FROM (SELECT rowid, rank, snippet(itemText, 1, ?, ?, '…', 12) AS snippet
                      FROM itemText WHERE itemText MATCH ?) AS best
                JOIN (SELECT rowid, feedURL, id, title, link, published FROM item WHERE \(visible.condition)) AS item
                    ON item.rowid = best.rowid
                JOIN feed ON feed.url = item.feedURL
                ORDER BY best.rank LIMIT ?
                """
            return try visible.withFunctions(db) { try Self.searchHits(Row.fetchCursor(db, sql: sql, arguments: arguments)) }
        }
    }

    private static func searchHits(_ rows: RowCursor) throws -> [SearchHit] {
        var hits: [SearchHit] = []
        while let row = try rows.next() {
            hits.append(SearchHit(feedURL: row["feedURL"], feedTitle: row["feedTitle"] ?? "", id: row["id"], title: row["title"],
                                  link: row["link"], published: row["published"], snippet: row["snippet"] ?? "", rank: row["rank"]))
        }
        return hits
    }
}
