import Foundation
import FremontCore
import GRDB
import Synchronization

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
///
/// The index keeps no copy of the text it indexes (an external-content table over the view
/// `itemSearchSource`): the text is the item's HTML rendered by `fremont_search_text`, made again
/// whenever FTS5 needs it (a snippet, an entry to remove). Triggers keep the index in step with
/// `item` (and `storeArticle` with `itemArticle`), so the text removed is always the text that was
/// indexed, as long as the rendering does not change: a change to it takes a migration that
/// rebuilds the index (`ItemSearchTests.theRenderingTheIndexRestsOnIsPinned` says when).
public enum ItemSearch {
    /// The searchable text of an item: its content (else summary) rendered from HTML to words.
    static func body(summary: String, content: String) -> String {
        let html = html(summary: summary, content: content)
        guard !html.isEmpty else { return "" }
        return PreparedText.shared.text(for: html) ?? HTMLText.render(html).text
    }

    static let functionName = "fremont_search_text"

    /// `fremont_search_text(summary, content)`, which the index's view and triggers call: on every
    /// connection to the cache, as SQLite finds it there and nowhere else.
    static let function = DatabaseFunction(functionName, argumentCount: 2, pure: true) { values in
        body(summary: String.fromDatabaseValue(values[0]) ?? "", content: String.fromDatabaseValue(values[1]) ?? "")
    }

    /// Runs `work` (a write) with the text of `htmls` rendered beforehand, so that the triggers
    /// find it rather than render it while the write holds every other fremont off: a large or
    /// hostile item renders outside the lock. (A benchmark filling a cache in SQL uses it too.)
    public static func withPreparedText<T>(_ prepared: [(html: String, text: String)], _ work: () throws -> T) rethrows -> T {
        PreparedText.shared.add(prepared)
        defer { PreparedText.shared.remove(prepared.map(\.html)) }
        return try work()
    }

    /// Rendered texts waiting for the write they were made for, each held until the last writer
    /// that prepared it is done (two stores of the same HTML at once share an entry).
    final class PreparedText: Sendable {
        static let shared = PreparedText()
        private let entries = Mutex<[String: (text: String, holders: Int)]>([:])

        func text(for html: String) -> String? { entries.withLock { $0[html]?.text } }

        func add(_ prepared: [(html: String, text: String)]) {
            guard !prepared.isEmpty else { return }
            entries.withLock { entries in
                for (html, text) in prepared where !html.isEmpty {
                    entries[html, default: (text, 0)].holders += 1
                }
            }
        }

        func remove(_ htmls: [String]) {
            guard !htmls.isEmpty else { return }
            entries.withLock { entries in
                for html in htmls where !html.isEmpty {
                    guard let entry = entries[html] else { continue }
                    entries[html] = entry.holders > 1 ? (entry.text, entry.holders - 1) : nil
                }
            }
        }
    }

    /// The HTML an item's searchable text is rendered from: its content, else its summary.
    private static func html(summary: String, content: String) -> String { content.isEmpty ? summary : content }

    /// That HTML and its rendered `text`, for `withPreparedText`.
    public static func prepared(summary: String, content: String, text: String) -> (html: String, text: String) {
        (html(summary: summary, content: content), text)
    }

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
            // Ranked and cut inside FTS5 (its `rank`, bm25 with the title weighing ten times the
            // text, lets it keep only the best), then joined to the items. A snippet renders the
            // item's HTML again (the index keeps no copy of the text): FTS5 makes it only for the
            // rows the cut keeps, in rank order, never for every match.
            var arguments: StatementArguments = [marks.0, marks.1, match]
            // Hidden items are left out before the cut, so they never take a visible one's place:
            // each match is tested as FTS5 hands it over (`FilterSQL`), a cost of the matches
            // read, not of the cache.
            let visible = try hiding.map { try FilterSQL.prepared(nil, hiding: $0, feeds: FilterFeedList(), db: db) }
            if let visible { arguments += visible.arguments }
            arguments += [max(1, limit)]
            let sql = """
                SELECT item.feedURL, feed.title AS feedTitle, item.id, item.title, item.link, item.published, best.snippet, best.rank
                FROM (SELECT rowid, rank, snippet(itemText, 1, ?, ?, '…', 12) AS snippet
                      FROM itemText WHERE itemText MATCH ?
                      \(visible.map { "AND EXISTS (SELECT 1 FROM item WHERE item.rowid = itemText.rowid AND (\($0.condition)))" } ?? "")
                      ORDER BY rank LIMIT ?) AS best
                JOIN item ON item.rowid = best.rowid
                JOIN feed ON feed.url = item.feedURL
                ORDER BY best.rank
                """
            let hits = { try Self.searchHits(Row.fetchCursor(db, sql: sql, arguments: arguments)) }
            return try visible.map { try $0.withFunctions(db, hits) } ?? hits()
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
