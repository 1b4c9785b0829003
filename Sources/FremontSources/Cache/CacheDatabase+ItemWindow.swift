import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// How many cached items `query` has.
    public func itemCount(_ query: ItemQuery) throws -> Int {
        try writer.read { db in try ItemWindowReader(db: db, hidden: hiddenItems, hiddenFeeds: hiddenFeeds, excludesViewed: try ItemWindowReader.hasViewedFeeds(db)).count(query) }
    }

    /// At most `limit` (at most `ItemSeek.maxWindowRows`) headlines of `query` from `seek`, in `order` (newest first unless said).
    public func itemWindow(_ query: ItemQuery, _ seek: ItemSeek, limit: Int, order: ItemOrder = .newestFirst) throws -> [ItemHeadline] {
        try writer.read { db in
            try ItemWindowReader(db: db, hidden: hiddenItems, hiddenFeeds: hiddenFeeds, order: order, excludesViewed: try ItemWindowReader.hasViewedFeeds(db)).rows(query, seek, limit: limit)
        }
    }

    /// The count and a window read in one transaction, so a store landing between them cannot
    /// make them disagree; `seek` chooses where the window starts knowing the count (a jump
    /// near the end counts from the end).
    /// `highlights`: each row says the first of them it matches (`ItemHeadline.highlight`).
    public func countedItemWindow(_ query: ItemQuery, order: ItemOrder = .newestFirst, highlights: [FilterExpression] = [],
                                  seek: (_ total: Int) -> (ItemSeek, limit: Int)) throws
        -> (total: Int, rows: [ItemHeadline]) {
        try writer.read { db in
            let reader = ItemWindowReader(db: db, hidden: hiddenItems, hiddenFeeds: hiddenFeeds, order: order, highlights: highlights,
                                          excludesViewed: try ItemWindowReader.hasViewedFeeds(db))
            let total = try reader.count(query)
            let (start, limit) = seek(total)
            return (total, try reader.rows(query, start, limit: limit))
        }
    }

    /// A list's first rows without waiting for its count: the count comes with them only where
    /// it costs the feeds, not the items (from `itemTally`), or where the rows' read gives it (a
    /// search of every item, from its hits); nil where it would scan (a filter, a narrower
    /// search, hidden items), which the caller asks for after, apart.
    public func firstItems(_ query: ItemQuery, order: ItemOrder = .newestFirst, highlights: [FilterExpression] = [], limit: Int) throws
        -> (total: Int?, rows: [ItemHeadline]) {
        try writer.read { db in
            let reader = ItemWindowReader(db: db, hidden: hiddenItems, hiddenFeeds: hiddenFeeds, order: order, highlights: highlights,
                                          excludesViewed: try ItemWindowReader.hasViewedFeeds(db))
            // A search of every item reads its hits for its rows: their number comes with them.
            if let both = try reader.searchWithCount(query, limit: limit) { return (both.total, both.rows) }
            let total = reader.isCountCheap(query) ? try reader.count(query) : nil
            return (total, try reader.rows(query, .start, limit: limit))
        }
    }

    /// One cached item whole (its text) with its marks, for when it is opened from a list of headlines.
    public func item(feed: String, id: String) throws -> (item: FeedItem, isRead: Bool, isStarred: Bool)? {
        try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?", arguments: [feed, id]) else {
                return nil
            }
            let starred = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM starred WHERE source = ? AND id = ?)",
                                            arguments: [feed, id]) ?? false
            return (Self.feedItem(row, decoder: JSONDecoder()), row["isRead"] as Bool? ?? false, starred)
        }
    }

    /// A cached feed's own title; empty when it has none or is not cached.
    public func cachedFeedTitle(url: String) throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT title FROM feed WHERE url = ?", arguments: [url]) ?? "" }
    }
}
