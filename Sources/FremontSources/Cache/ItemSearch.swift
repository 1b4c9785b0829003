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
        body(of: StoredItemText(summary: summary, content: content))
    }

    /// The same of a stored text, read back.
    static func body(of stored: StoredItemText) -> String {
        stored.body.isEmpty ? "" : HTMLText.render(stored.body).text
    }

    static let functionName = "fremont_search_text"

    /// `fremont_search_text(text)`, which the index's view and triggers call with an item's
    /// stored text (`StoredItemText`): on every connection to the cache, as SQLite finds it there
    /// and nowhere else. A text the write at hand prepared is found by its stored bytes, neither
    /// inflated nor rendered again.
    static let function = DatabaseFunction(functionName, argumentCount: 1, pure: true) { values in
        guard case .blob(let stored) = values[0].storage else { return "" }
        if let text = PreparedText.shared.text(for: stored) { return text }
        return body(of: StoredItemText(packed: stored))
    }

    /// `fremont_search_text(summary, content)`: what the index's view called before items kept
    /// their text deflated (migration `v17-search-without-copies` builds the index with it).
    static let functionOfColumns = DatabaseFunction(functionName, argumentCount: 2, pure: true) { values in
        body(summary: String.fromDatabaseValue(values[0]) ?? "", content: String.fromDatabaseValue(values[1]) ?? "")
    }

    /// Runs `work` (a write) with the searchable text of each stored text (`item.text`, as
    /// `StoredItemText.packed` makes it) rendered beforehand, so that the triggers find it rather
    /// than render it while the write holds every other fremont off: a large or hostile item
    /// renders outside the lock. (A benchmark filling a cache in SQL uses it too.)
    public static func withPreparedText<T>(_ prepared: [(stored: Data, text: String)], _ work: () throws -> T) rethrows -> T {
        PreparedText.shared.add(prepared)
        defer { PreparedText.shared.remove(prepared.map(\.stored)) }
        return try work()
    }

    /// Rendered texts waiting for the write they were made for, each held until the last writer
    /// that prepared it is done (two stores of the same text at once share an entry). Keyed by
    /// the stored bytes: a third of the HTML's size, and hashed whole as bytes (a `String` key
    /// would be normalized to be hashed, the HTML inflated to be looked up).
    final class PreparedText: Sendable {
        static let shared = PreparedText()
        private let entries = Mutex<[StoredBytes: (text: String, holders: Int)]>([:])

        /// Every byte hashed (`Data`'s own hash takes its first 80: a feed could make its items
        /// collide).
        private struct StoredBytes: Hashable {
            let bytes: Data
            func hash(into hasher: inout Hasher) {
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }

        func text(for stored: Data) -> String? { entries.withLock { $0[StoredBytes(bytes: stored)]?.text } }

        func add(_ prepared: [(stored: Data, text: String)]) {
            guard !prepared.isEmpty else { return }
            entries.withLock { entries in
                for (stored, text) in prepared where !stored.isEmpty {
                    entries[StoredBytes(bytes: stored), default: (text, 0)].holders += 1
                }
            }
        }

        func remove(_ stored: [Data]) {
            guard !stored.isEmpty else { return }
            entries.withLock { entries in
                for bytes in stored where !bytes.isEmpty {
                    let key = StoredBytes(bytes: bytes)
                    guard let entry = entries[key] else { continue }
                    entries[key] = entry.holders > 1 ? (entry.text, entry.holders - 1) : nil
                }
            }
        }
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
        words(in: query).map(String.init)
    }

    /// The runs of letters and digits of `text`, as the index splits it.
    private static func words(in text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// About `words` words of an item's text around the first of the query's words in it, each
    /// of them between `marks`, "…" where the text goes on. The HTML is rendered only as far as
    /// it takes to find a word (a prefix, doubled until one is in it): a long article costs what
    /// its first screens cost. No word found (one FTS5 matched with its accents folded, or only
    /// in the full article): the text's first words, then the article's. `surelyHeld`: a word
    /// of the query is in the text or the article (not only the title), so a long text is read
    /// on until it is found; otherwise a few screens' worth is looked through.
    static func snippet(html: String, article: String, query: String, marks: (String, String), words: Int = 12,
                        surelyHeld: Bool = true) -> String {
        let wanted = tokens(query).map { $0.lowercased() }
        guard let last = wanted.last else { return "" }
        let prefixed = last.count >= 3
        func matches(_ word: Substring) -> Bool {
            let word = word.lowercased()
            return wanted.dropLast().contains(word) || word == last || (prefixed && word.hasPrefix(last))
        }
        /// `text`'s words (`all`) around the one at `found`, or its first words.
        func window(_ text: String, _ all: [Substring], around found: Int?, cut: Bool) -> String? {
            guard !all.isEmpty else { return nil }
            let start = found.map { max(0, min($0 - words / 3, all.count - words)) } ?? 0
            let end = min(all.count, start + words)
            var out = start > 0 ? "…" : ""
            // What lies between two words, its runs of white space (line breaks too) one space.
            func gap(_ between: Substring, last: Bool = false) {
                var space = false
                for character in between {
                    if character.isWhitespace { space = true; continue }
                    if space { out += " "; space = false }
                    out.append(character)
                }
                if space, !last { out += " " }
            }
            var cursor = all[start].startIndex
            for word in all[start..<end] {
                gap(text[cursor..<word.startIndex])
                out += matches(word) ? marks.0 + word + marks.1 : String(word)
                cursor = word.endIndex
            }
            guard end == all.count, !cut else { return out + "…" }
            gap(text[cursor...], last: true)
            return out
        }
        let bytes = html.utf8.count
        var reach = 4_096
        var lead: String?
        var articleWords: [Substring]?
        while true {
            let cut = reach < bytes
            let text = HTMLText.render(cut ? String(decoding: html.utf8.prefix(reach), as: UTF8.self) : html).text
            let all = Self.words(in: text)
            if let found = all.firstIndex(where: matches) { return window(text, all, around: found, cut: cut) ?? "" }
            if lead == nil { lead = window(text, all, around: nil, cut: cut) }
            // The full article (plain text, cheap to look through) before more of a long text.
            if articleWords == nil {
                let inArticle = Self.words(in: article)
                articleWords = inArticle
                if let found = inArticle.firstIndex(where: matches) { return window(article, inArticle, around: found, cut: false) ?? "" }
            }
            guard cut, surelyHeld || reach < 16_384 else { break }
            reach *= 2
        }
        return lead ?? window(article, articleWords ?? Self.words(in: article), around: nil, cut: false) ?? ""
    }
}

extension CacheDatabase {
    /// The items whose title or text hold every word of `query`, best first (those with every
    /// word in the title, then the rest, each newest first), at most `limit`; in the snippet,
    /// each match between `marks`. Items the display mode's ignore rules hide are never found
    /// (`hideItems(matching:)`), as no list shows them.
    public func search(_ query: String, limit: Int = 50, marks: (String, String) = ("[", "]")) throws -> [SearchHit] {
        guard let match = ItemSearch.matchExpression(query), let titleMatch = ItemSearch.titleMatchExpression(query) else { return [] }
        let hiding = hiddenItems, hidingFeeds = hiddenFeeds
        return try writer.read { db in
            let visible = try hiding.map { try FilterSQL.prepared(nil, hiding: $0, feeds: hidingFeeds, db: db) }
            let (keys, inTitle) = try visible.map { try Self.ranked(db, match: match, titleMatch: titleMatch, visible: $0, limit: limit) }
                ?? Self.ranked(db, match: match, titleMatch: titleMatch, limit: limit)
            guard !keys.isEmpty else { return [] }
            let list = ItemWindowReader.jsonArray(keys)
            let places = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            var hits: [SearchHit?] = Array(repeating: nil, count: keys.count)
            var texts: [(place: Int, body: String, article: String, inTitle: Bool)] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT item.key, feed.url AS feedURL, feed.title AS feedTitle, item.id, item.title, item.text, item.published,
                       (SELECT a.text FROM itemArticle a WHERE a.feedURL = feed.url AND a.id = item.id AND a.notArticle IS NULL) AS article
                FROM item JOIN feed ON feed.key = item.feedKey WHERE item.key IN (SELECT value FROM json_each(?))
                """, arguments: [list])
            while let row = try rows.next() {
                let key: Int64 = row["key"]
                guard let place = places[key] else { continue }
                let stored = StoredItemText(row["text"] as DatabaseValue)
                texts.append((place, stored.body, row["article"] ?? "", inTitle.contains(key)))
                hits[place] = SearchHit(feedURL: row["feedURL"], feedTitle: row["feedTitle"] ?? "", id: row["id"], title: row["title"],
                                        link: stored.link, published: row["published"], snippet: "", rank: Double(place))
            }
            // The words around a match, made here from each item's own text (the index keeps
            // none, and FTS5's snippet would render and tokenize every text whole), on every core.
            let snippets = Mutex<[Int: String]>([:])
            let found = texts
            DispatchQueue.concurrentPerform(iterations: found.count) { index in
                let text = found[index]
                let snippet = ItemSearch.snippet(html: text.body, article: text.article, query: query, marks: marks,
                                                 surelyHeld: !text.inTitle)
                snippets.withLock { $0[text.place] = snippet }
            }
            for (place, snippet) in snippets.withLock({ $0 }) { hits[place]?.snippet = snippet }
            return hits.compactMap { $0 }
        }
    }

    /// How many items `search` finds in all (those the display mode's rules hide not counted).
    public func searchCount(_ query: String) throws -> Int {
        guard let match = ItemSearch.matchExpression(query) else { return 0 }
        let hiding = hiddenItems, hidingFeeds = hiddenFeeds
        return try writer.read { db in
            guard let hiding else { return try ItemWindowReader(db: db).searchHits(match).count }
            let visible = try FilterSQL.prepared(nil, hiding: hiding, feeds: hidingFeeds, db: db)
            return try visible.withFunctions(db) {
                try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM item WHERE item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?) AND (\(visible.condition))
                    """, arguments: [match] + visible.arguments) ?? 0
            }
        }
    }

    /// The best `limit` hits' keys (every word in the title first, then the rest, each newest
    /// first) and which of them hold every word in their title. Words many items hold are
    /// ranked by a walk of the date index keeping the hits (`ItemWindowReader.newest`), which
    /// reads no row; words few hold, by reading their dates and sorting them.
    private static func ranked(_ db: Database, match: String, titleMatch: String, limit: Int) throws -> (keys: [Int64], inTitle: Set<Int64>) {
        let reader = ItemWindowReader(db: db)
        let limit = max(1, limit)
        let titleHits = try reader.searchHits(titleMatch)
        let inTitle = try reader.newest(of: titleHits, limit: limit) ?? newestByDate(db, match: titleMatch, besides: nil, limit: limit)
        guard inTitle.count < limit else { return (inTitle, Set(inTitle)) }
        // The rest: hits by their text alone. Both lists are in rowid order, so one pass parts them.
        let hits = try reader.searchHits(match)
        var others: [Int64] = []
        others.reserveCapacity(max(0, hits.count - titleHits.count))
        var titleIndex = 0
        for hit in hits {
            while titleIndex < titleHits.count, titleHits[titleIndex] < hit { titleIndex += 1 }
            if titleIndex < titleHits.count, titleHits[titleIndex] == hit { continue }
            others.append(hit)
        }
        let rest = limit - inTitle.count
        let after = try reader.newest(of: others, limit: rest) ?? newestByDate(db, match: match, besides: titleMatch, limit: rest)
        return (inTitle + after, Set(inTitle))
    }

    /// The newest `limit` items matching `match` and not `besides`, each hit's date read.
    private static func newestByDate(_ db: Database, match: String, besides: String?, limit: Int) throws -> [Int64] {
        let without = besides == nil ? "" : " AND item.key NOT IN (SELECT rowid FROM itemText WHERE itemText MATCH ?)"
        var arguments: StatementArguments = [match]
        if let besides { arguments += [besides] }
        arguments += [limit]
        return try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT item.key FROM item WHERE item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?)\(without)
            ORDER BY \(ItemWindowReader.itemKey) DESC, item.key LIMIT ?
            """), arguments: arguments)
    }

    /// The same where some items are hidden: each match tested as it is read (`FilterSQL`),
    /// before the cut, so a hidden item never takes a visible one's place.
    private static func ranked(_ db: Database, match: String, titleMatch: String, visible: FilterSQL, limit: Int)
        throws -> (keys: [Int64], inTitle: Set<Int64>) {
        let best = """
            SELECT item.key, item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?) AS inTitle FROM item
            WHERE item.key IN (SELECT rowid FROM itemText WHERE itemText MATCH ?) AND (\(visible.condition))
            ORDER BY inTitle DESC, \(ItemWindowReader.itemKey) DESC, item.key
            LIMIT ?
            """
        let rows = try visible.withFunctions(db) {
            try Row.fetchAll(db, sql: best, arguments: [titleMatch, match] + visible.arguments + [max(1, limit)])
        }
        return (rows.map { $0["key"] }, Set(rows.filter { $0["inTitle"] as Bool }.map { $0["key"] as Int64 }))
    }
}
