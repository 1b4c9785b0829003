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
    /// Its place among the hits, the best 0.
    public var rank: Double
}

/// Full-text search over every cached item (SQLite FTS5): the words of a query, each one
/// required; the items holding them all in the title first, then the rest, each newest first.
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

    /// `fremont_search_text(text)`, which the index's view and triggers call with an item's
    /// stored text (`StoredItemText`): on every connection to the cache, as SQLite finds it there
    /// and nowhere else.
    static let function = DatabaseFunction(functionName, argumentCount: 1, pure: true) { values in
        let stored = StoredItemText(values[0])
        return body(summary: stored.summary, content: stored.content)
    }

    /// `fremont_search_text(summary, content)`: what the index's view called before items kept
    /// their text deflated (migration `v17-search-without-copies` builds the index with it).
    static let functionOfColumns = DatabaseFunction(functionName, argumentCount: 2, pure: true) { values in
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

    /// The query as FTS5 reads it: each word's tokens (its runs of letters and digits, as the
    /// index splits text: "e-mail" is "e" and "mail"), each quoted (so no character of the query
    /// is syntax) and each required, the last a prefix when it has three letters or more, so
    /// `jam webb` finds "James Webb" (a prefix of one letter would match nearly everything,
    /// slowly); nil when it has no word. The index keeps which column holds a token, not where
    /// (`detail=column`, half its size), so a word's tokens are found anywhere in the item.
    public static func matchExpression(_ query: String) -> String? {
        let tokens = tokens(query)
        guard let last = tokens.last else { return nil }
        return tokens.map { "\"" + $0 + "\"" }.joined(separator: " ") + (last.count >= 3 ? "*" : "")
    }

    /// `matchExpression` within the title alone.
    static func titleMatchExpression(_ query: String) -> String? {
        matchExpression(query).map { "title : (\($0))" }
    }

    private static func tokens(_ query: String) -> [String] {
        query.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }
}

extension CacheDatabase {
    /// The items whose title or text hold every word of `query`, best first (those with every
    /// word in the title, then the rest, each newest first), at most `limit`; in the snippet,
    /// each match between `marks`. Items the display mode's ignore rules hide are never found
    /// (`hideItems(matching:)`), as no list shows them.
    public func search(_ query: String, limit: Int = 50, marks: (String, String) = ("[", "]")) throws -> [SearchHit] {
        guard let match = ItemSearch.matchExpression(query), let titleMatch = ItemSearch.titleMatchExpression(query) else { return [] }
        let hiding = hiddenItems
        return try writer.read { db in
            // Hidden items are left out before the cut, so they never take a visible one's place:
            // each match is tested as it is read (`FilterSQL`), a cost of the matches, not of the cache.
            let visible = try hiding.map { try FilterSQL.prepared(nil, hiding: $0, feeds: FilterFeedList(), db: db) }
            // The best first, by the index and the items' dates alone (no text read); the title's
            // matches are one more look in the index.
            var arguments: StatementArguments = [match]
            if let visible { arguments += visible.arguments }
            arguments += [titleMatch, max(1, limit)]
            let best = """
                SELECT item.key FROM item
                WHERE item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?)\(visible.map { " AND (\($0.condition))" } ?? "")
                ORDER BY item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?) DESC,
                         \(ItemWindowReader.itemKey) DESC, item.key
                LIMIT ?
                """
            let keys = try visible.map { filter in try filter.withFunctions(db) { try Int64.fetchAll(db, sql: best, arguments: arguments) } }
                ?? Int64.fetchAll(db, sql: best, arguments: arguments)
            guard !keys.isEmpty else { return [] }
            let list = "[" + keys.map(String.init).joined(separator: ",") + "]"
            // Snippets for those alone: each renders the item's HTML again (the index keeps no text).
            var snippets: [Int64: String] = [:]
            let snippetRows = try Row.fetchCursor(db, sql: """
                SELECT rowid, snippet(itemText, 1, ?, ?, '…', 12) AS snippet FROM itemText
                WHERE itemText MATCH ? AND rowid IN (SELECT value FROM json_each(?))
                """, arguments: [marks.0, marks.1, match, list])
            while let row = try snippetRows.next() { snippets[row["rowid"]] = row["snippet"] ?? "" }
            let places = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            var hits: [SearchHit?] = Array(repeating: nil, count: keys.count)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT item.key, feed.url AS feedURL, feed.title AS feedTitle, item.id, item.title, item.text, item.published
                FROM item JOIN feed ON feed.key = item.feedKey WHERE item.key IN (SELECT value FROM json_each(?))
                """, arguments: [list])
            while let row = try rows.next() {
                let key: Int64 = row["key"]
                guard let place = places[key] else { continue }
                hits[place] = SearchHit(feedURL: row["feedURL"], feedTitle: row["feedTitle"] ?? "", id: row["id"], title: row["title"],
                                        link: StoredItemText(row["text"] as DatabaseValue).link, published: row["published"],
                                        snippet: snippets[key] ?? "", rank: Double(place))
            }
            return hits.compactMap { $0 }
        }
    }
}
