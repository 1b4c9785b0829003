import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Keeps `article` with the item (`feed`'s cache key, the item's id), over any kept before,
    /// and adds its words to the item's full-text entry. False when the cache no longer holds the
    /// item (its feed dropped it meanwhile): an article is kept only with its item.
    @discardableResult
    public func storeArticle(_ article: FullArticle, feed: String, id: String) throws -> Bool {
        let encoder = JSONEncoder()
        let links = String(decoding: try encoder.encode(article.links), as: UTF8.self)
        let blocks = String(decoding: try encoder.encode(article.blocks), as: UTF8.self)
        // The item's own text rendered before the write begins: no other fremont waits on it
        // (the index's triggers take the item's entry out and put it back with the article's words).
        guard let item = try writer.read({ db in
            try Row.fetchOne(db, sql: "SELECT text FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?", arguments: [feed, id])
        }) else { return false }
        let packed = (item["text"] as Data?) ?? Data()
        let text = (stored: packed, text: ItemSearch.body(of: StoredItemText(packed: packed)))
        return try ItemSearch.withPreparedText([text]) { try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?", arguments: [feed, id]) != nil else {
                return false
            }
            try db.execute(sql: """
                INSERT INTO itemArticle (feedURL, id, url, title, byline, siteName, published, blocks, text, links, notArticle, fetchedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(feedURL, id) DO UPDATE SET url = excluded.url, title = excluded.title, byline = excluded.byline,
                    siteName = excluded.siteName, published = excluded.published, blocks = excluded.blocks, text = excluded.text, links = excluded.links,
                    notArticle = excluded.notArticle, fetchedAt = excluded.fetchedAt
                """, arguments: [feed, id, article.url, article.title, article.byline, article.siteName, article.published,
                                 blocks, article.text, links, article.notArticle, article.fetchedAt])
            return true
        } }
    }

    /// The article kept with an item, or nil when none was fetched (or the item is gone).
    public func article(feed: String, id: String) throws -> FullArticle? {
        try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM itemArticle WHERE feedURL = ? AND id = ?", arguments: [feed, id]) else {
                return nil
            }
            let decoder = JSONDecoder()
            // Written by this code; a damaged row reads as an article without blocks, not a failure.
            let links = (try? decoder.decode([String].self, from: Data((row["links"] as String? ?? "[]").utf8))) ?? []
            let blocks = (try? decoder.decode([ArticleBlock].self, from: Data((row["blocks"] as String? ?? "[]").utf8))) ?? []
            return FullArticle(url: row["url"], title: row["title"], byline: row["byline"], siteName: row["siteName"],
                               published: row["published"], blocks: blocks, links: links, notArticle: row["notArticle"],
                               fetchedAt: row["fetchedAt"])
        }
    }

    /// Of `ids` (items of `feed`), those the cache holds with no article kept: what a feed's
    /// background fetch still has to read.
    public func itemsWithoutArticle(feed: String, ids: [String]) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try writer.read { db in
            let kept = Set(try String.fetchAll(db, sql: "SELECT id FROM itemArticle WHERE feedURL = ?", arguments: [feed]))
            let held = Set(try String.fetchAll(db, sql: "SELECT id FROM item WHERE feedKey = \(Self.feedKeyOfURL)", arguments: [feed]))
            return ids.filter { held.contains($0) && !kept.contains($0) }
        }
    }
}
