import Foundation
import FremontCore
import GRDB

/// The queries behind an item list's window, inside one read transaction. Each walks an index
/// of migration `v9-item-window` from where the window starts and stops after the window's rows,
/// so a page costs what a screen costs however many items the cache holds; only a jump to a
/// position (`ItemSeek.offset`) counts its way there, through the index alone.
///
/// The order is the item list's: newest first by the item's date (published, else updated),
/// undated last (their key is the lowest, `ItemSortKey.undated`), ties in the order the items were stored (rowid). Another
/// `article-sort-order` (`ItemOrder`) sorts by its field's value the same way, ties by rowid, and
/// pages by keyset on that value; no index holds it, so each page sorts the list's rows.
struct ItemWindowReader {
    let db: Database
    /// How far, in rows per row wanted, a tag's or a filter's page looks through the whole list
    /// for its own before merging the tag's feeds, or testing every row, instead (tests set 0 to
    /// do so always).
    var tagScanReach = 16
    /// Items the display mode's ignore rules hide: left out of every list but the starred one
    /// (a starred item is a copy kept apart, whole), and out of its count.
    var hidden: FilterExpression?
    /// The followed feeds' order and tags the hidden items' rule reads (`tags # "x"`), where the
    /// query gives none of its own.
    var hiddenFeeds = FilterFeedList()
    var order = ItemOrder.newestFirst
    /// `highlight-article` rules: each row says the first it matches (`ItemHeadline.highlight`).
    var highlights: [FilterExpression] = []
    /// Whether some feeds are only viewed (`feed.viewedOnly`): their items are left out of the
    /// merged lists of every item (All items, Unread items, a search of them) and their counts.
    var excludesViewed = false

    /// Whether the cache holds feeds only viewed: asked once a read (a few hundred feed rows).
    static func hasViewedFeeds(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM feed WHERE viewedOnly)")) ?? false
    }

    /// The condition leaving a viewed feed's items out (its feeds' numbers read once a statement).
    static let followedOnly = "+feedKey NOT IN (SELECT key FROM feed WHERE viewedOnly)"
    /// The same for the feeds' tallies.
    static let followedTally = "feedURL NOT IN (SELECT url FROM feed WHERE viewedOnly)"

    /// The sort key, written exactly as the indexes are, so SQLite matches them.
    static let itemKey = "coalesce(published, updated, \(ItemSortKey.undatedValue))"
    /// The address of an item's feed (rows name their feed by its number, `feed.key`).
    static let itemFeedURL = "(SELECT url FROM feed WHERE feed.key = item.feedKey)"
    /// An item's flags as newsboat writes them: Fremont's one flag is the star, `s`.
    static let itemFlags = "(CASE WHEN EXISTS (SELECT 1 FROM starred WHERE starred.source = \(itemFeedURL) AND starred.id = item.id) THEN 's' ELSE '' END)"
    static let starredKey = "coalesce(date, '')"

    /// The sort key of `order` over `item`, never NULL: a date is a number, the rest text.
    static func orderKey(_ order: ItemOrder) -> String {
        switch order.field {
        case .date: itemKey
        case .title: "coalesce(title, '') COLLATE NOCASE"
        case .author: "coalesce(author, '') COLLATE NOCASE"
        case .link: "\(StoredItemText.linkFunctionName)(text)"
        case .guid: "id"
        // Fremont's one flag is the star (`s`), as the filters have it.
        case .flags: itemFlags
        }
    }

    /// A headline's columns from `item`: the feed's title and the star by key lookups, a row at a time.
    private static func columns(key: String) -> String {
        """
        rowid AS rowKey, \(itemFeedURL) AS feed, id, title, (SELECT title FROM feed WHERE feed.key = item.feedKey) AS feedTitle,
        coalesce(published, updated) AS date, \(key) AS sortKey, isRead,
        EXISTS (SELECT 1 FROM starred WHERE starred.source = \(itemFeedURL) AND starred.id = item.id) AS isStarred
        """
    }
    private static let itemColumns = columns(key: itemKey)

    /// The same from `starred`, which keeps its items whatever became of their feed: read as
    /// the cache has the item, else as the read marks of a feed it does not hold have it.
    private static let starredColumns = """
        rowid AS rowKey, source AS feed, id, title, feedName AS feedTitle, date, \(starredKey) AS sortKey,
        coalesce((SELECT isRead FROM item WHERE item.feedKey = (SELECT key FROM feed WHERE url = starred.source) AND item.id = starred.id),
                 EXISTS (SELECT 1 FROM readMark WHERE readMark.source = starred.source AND readMark.id = starred.id)) AS isRead,
        1 AS isStarred
        """

    /// Which rows of which table a query reads.
    private struct Selection {
        var table: String
        var columns: String
        var key: String
        /// The list runs from the largest key to the smallest (newest first).
        var runsDown = true
        /// Nil for every row of the table.
        var filter: String?
        var arguments: StatementArguments = []
        /// A filter's statement is its own, made afresh: kept, every expression tried would
        /// stay in the connection's cache, calling functions gone with its query.
        var isCached = true
        /// What every row of a tested selection also holds, on an indexed column (`isRead = 0`):
        /// the walk of the list's order then follows the narrower index.
        var walk: String?
    }

    /// The query's rows in `order`: the list's own unless `order` is another.
    private static func selection(_ query: ItemQuery, _ order: ItemOrder, excludingViewed: Bool = false) -> Selection {
        var selection = selection(query, excludingViewed: excludingViewed)
        guard order != .newestFirst else { return selection }
        // Starred items keep their date order, either way.
        guard selection.table == "item" else {
            selection.runsDown = order.field == .date ? order.runsDown : true
            return selection
        }
        selection.runsDown = order.runsDown
        selection.key = orderKey(order)
        selection.columns = columns(key: selection.key)
        return selection
    }

    private static func selection(_ query: ItemQuery, excludingViewed: Bool = false) -> Selection {
        switch query {
        case .all: Selection(table: "item", columns: itemColumns, key: itemKey, filter: excludingViewed ? followedOnly : nil)
        // The literal `isRead = 0` is what lets SQLite use the partial index of unread items.
        case .unread: Selection(table: "item", columns: itemColumns, key: itemKey, filter: "isRead = 0" + (excludingViewed ? " AND \(followedOnly)" : ""))
        case .feed(let feed): Selection(table: "item", columns: itemColumns, key: itemKey, filter: "feedKey = (SELECT key FROM feed WHERE url = ?)",
                                        arguments: [feed])
        // Only a jump reads a tag this way: walking the list's order, the feed of each row looked
        // up (`+` keeps SQLite from reading the tag's feeds one by one and sorting them all).
        case .tag(_, let feeds), .feeds(let feeds):
            Selection(table: "item", columns: itemColumns, key: itemKey, filter: "+feedKey IN (SELECT key FROM feed WHERE url IN (SELECT value FROM json_each(?)))",
                      arguments: [jsonArray(feeds)])
        case .starred: Selection(table: "starred", columns: starredColumns, key: starredKey)
        // Walking the list's order, each row tested until the window is full (see `FilterSQL`).
        case .filter(_, _): Selection(table: "item", columns: itemColumns, key: itemKey, filter: excludingViewed ? followedOnly : nil)
        case .search(let text, let within): searched(selection(within, excludingViewed: excludingViewed), for: text)
        }
    }

    /// `scope` narrowed to the rows holding every word of `text`. Items are looked up in the
    /// full-text index (a few rowids, then those rows sorted: not a walk of the list testing a
    /// million rows); starred items, kept apart and few, are tested word by word.
    private static func searched(_ scope: Selection, for text: String) -> Selection {
        var selection = scope
        let condition: String
        var arguments: StatementArguments = []
        if selection.table == "item" {
            guard let match = ItemSearch.matchExpression(text) else { return nothing(selection) }
            condition = "rowid IN (SELECT rowid FROM itemText WHERE itemText MATCH ?)"
            arguments = [match]
        } else {
            let words = text.split(whereSeparator: { $0.isWhitespace }).map { $0.lowercased() }
            guard !words.isEmpty else { return nothing(selection) }
            condition = words.map { _ in "(instr(lower(title), ?) > 0 OR instr(lower(text), ?) > 0)" }.joined(separator: " AND ")
            for word in words { arguments += [word, word] }
        }
        selection.filter = selection.filter.map { "\($0) AND \(condition)" } ?? condition
        selection.arguments += arguments
        return selection
    }

    /// No rows: a search with no word in it.
    private static func nothing(_ scope: Selection) -> Selection {
        var selection = scope
        selection.filter = "0"
        selection.arguments = []
        return selection
    }

    /// The filter expression inside `query` (a search's scope may be one), and its feeds.
    private static func filterPart(_ query: ItemQuery) -> (FilterExpression, FilterFeedList)? {
        switch query {
        case .filter(let expression, let feeds): (expression, feeds)
        case .search(_, let within): filterPart(within)
        case .all, .unread, .starred, .feed, .tag, .feeds: nil
        }
    }

    /// Whether the query's rows are tested one by one (`FilterSQL`): a filter's, and any list of
    /// items while some are hidden.
    private func isFiltered(_ query: ItemQuery) -> Bool {
        switch query {
        case .filter: true
        case .starred: false
        case .all, .unread, .feed, .tag, .feeds: hidden != nil
        case .search(_, let within): isFiltered(within)
        }
    }

    /// A filter's condition (and the hidden items' left out), its functions registered around
    /// `body`; other queries as they are.
    private func withFilter<T>(_ query: ItemQuery, _ body: (Selection) throws -> T) throws -> T {
        var selection = Self.selection(query, order, excludingViewed: excludesViewed)
        let highlighted = !highlights.isEmpty && selection.table == "item"
        guard isFiltered(query) || highlighted else { return try body(selection) }
        var expression: FilterExpression?
        var feeds = hiddenFeeds
        if let (given, listed) = Self.filterPart(query) {
            expression = given
            // The list's own feeds first; the followed feeds' tags where it gives none.
            feeds = listed.urls.isEmpty ? hiddenFeeds : listed
            feeds.tags.merge(hiddenFeeds.tags) { own, _ in own }
        }
        let filter = try FilterSQL.prepared(expression, hiding: isFiltered(query) ? hidden : nil, highlights: highlighted ? highlights : [],
                                            feeds: feeds, db: db)
        if let column = filter.highlightColumn { selection.columns += ", \(column) AS highlight" }
        // The query's own condition first: its arguments come before the filter's.
        selection.filter = selection.filter.map { "\($0) AND \(filter.condition)" } ?? filter.condition
        selection.arguments += filter.arguments
        selection.isCached = false
        // The literal `isRead = 0` is what lets SQLite walk the partial index of unread items.
        if let expression, FilterSQL.requiresUnread(expression) { selection.walk = "isRead = 0" }
        return try filter.withFunctions(db) { try body(selection) }
    }

    /// Every cached item, hidden or not, from the feeds' tallies: what a walk of the whole
    /// list's index may cover.
    private func cachedItemCount() throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT sum(total) FROM itemTally")) ?? 0
    }

    /// Whether `count` costs the feeds (a tally's sums) or the starred items, not the items.
    func isCountCheap(_ query: ItemQuery) -> Bool {
        if isFiltered(query) { return false }
        if case .search = query { return false }
        return true
    }

    /// How many rows the query has: from each feed's tally (kept by triggers), so it costs the
    /// feeds, not the items. Starred items are counted: there are as many as a person starred.
    func count(_ query: ItemQuery) throws -> Int {
        if isFiltered(query) {
            // Every item tested: the one count that costs the items, not the feeds.
            return try withFilter(query) { selection in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE \(selection.filter ?? "1")", arguments: selection.arguments) ?? 0
            }
        }
        if case .search(let text, .all) = query, !excludesViewed {
            // Every item is in the full-text index once (a trigger removes an item's row with
            // it): the matches counted there alone, never joined to the items.
            guard let match = ItemSearch.matchExpression(text) else { return 0 }
            return try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM itemText WHERE itemText MATCH ?"),
                                    arguments: [match]) ?? 0
        }
        if case .search = query {
            // The matches counted where they are (the index gives their rowids): no tally keeps these.
            let selection = Self.selection(query, excludingViewed: excludesViewed)
            return try Int.fetchOne(try db.cachedStatement(sql: "SELECT count(*) FROM \(selection.table) WHERE \(selection.filter ?? "1")"),
                                    arguments: selection.arguments) ?? 0
        }
        let (sql, arguments): (String, StatementArguments) = switch query {
        case .all where excludesViewed: ("SELECT sum(total) FROM itemTally WHERE \(Self.followedTally)", [])
        case .unread where excludesViewed: ("SELECT sum(unread) FROM itemTally WHERE \(Self.followedTally)", [])
        case .all: ("SELECT sum(total) FROM itemTally", [])
        case .unread: ("SELECT sum(unread) FROM itemTally", [])
        case .feed(let feed): ("SELECT total FROM itemTally WHERE feedURL = ?", [feed])
        case .tag(_, let feeds), .feeds(let feeds): ("SELECT sum(total) FROM itemTally WHERE feedURL IN (SELECT value FROM json_each(?))", [Self.jsonArray(feeds)])
        case .starred: ("SELECT count(*) FROM starred", [])
        case .filter, .search: preconditionFailure("counted above")
        }
        return try Int.fetchOne(try db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }

    /// At most `limit` rows from `seek`, in list order.
    func rows(_ query: ItemQuery, _ seek: ItemSeek, limit: Int) throws -> [ItemHeadline] {
        let limit = min(max(0, limit), ItemSeek.maxWindowRows)
        guard limit > 0 else { return [] }
        return try withFilter(query) { selection in try rows(query, selection, seek, limit: limit) }
    }

    private func rows(_ query: ItemQuery, _ selection: Selection, _ seek: ItemSeek, limit: Int) throws -> [ItemHeadline] {
        switch (query, seek) {
        // Rows tested one by one, or in another order, walk the list's order whatever their query.
        case (.tag, _) where !selection.isCached || order != .newestFirst, (.feeds, _) where !selection.isCached || order != .newestFirst:
            return try seekRows(selection, seek, limit: limit)
        // A tag's feeds are many index ranges, not one (see `tagRows`).
        case (.tag(_, let feeds), .start), (.feeds(let feeds), .start): return try tagRows(feeds, forward: true, from: .beforeFirst, limit: limit)
        case (.tag(_, let feeds), .after(let cursor)), (.feeds(let feeds), .after(let cursor)):
            return try tagRows(feeds, forward: true, from: cursor, limit: limit)
        case (.tag(_, let feeds), .before(let cursor)), (.feeds(let feeds), .before(let cursor)):
            return try tagRows(feeds, forward: false, from: cursor, limit: limit)
        case (.tag(_, let feeds), .end), (.feeds(let feeds), .end): return try tagRows(feeds, forward: false, from: .afterLast, limit: limit)
        case (.search(let text, .all), _) where selection.isCached && order == .newestFirst && !excludesViewed:
            guard let match = ItemSearch.matchExpression(text) else { return [] }
            if let rows = try searchWalk(try searchHits(match), seek, limit: limit) { return rows }
            return try seekRows(selection, seek, limit: limit)
        default: return try seekRows(selection, seek, limit: limit)
        }
    }

    /// A search of every item's first rows with its count, both from one read of its hits in
    /// the full-text index; nil for any other list (or one some items are hidden from, or
    /// highlighted, or sorted otherwise), whose count is read apart.
    func searchWithCount(_ query: ItemQuery, limit: Int) throws -> (total: Int, rows: [ItemHeadline])? {
        guard case .search(let text, .all) = query, !isFiltered(query), highlights.isEmpty, order == .newestFirst, !excludesViewed else { return nil }
        guard let match = ItemSearch.matchExpression(text) else { return (0, []) }
        let hits = try searchHits(match)
        let limit = min(max(0, limit), ItemSeek.maxWindowRows)
        if let rows = try searchWalk(hits, .start, limit: limit) { return (hits.count, rows) }
        return (hits.count, try seekRows(Self.selection(query, order, excludingViewed: excludesViewed), .start, limit: limit))
    }

    /// The items holding the words, by rowid, as the full-text index keeps them (no sort).
    func searchHits(_ match: String) throws -> [Int64] {
        var hits: [Int64] = []
        let found = try Int64.fetchCursor(try db.cachedStatement(sql: "SELECT rowid FROM itemText WHERE itemText MATCH ? ORDER BY rowid"),
                                          arguments: [match])
        while let rowid = try found.next() { hits.append(rowid) }
        return hits
    }

    /// A search of every item for words many of them hold: the hits' rowids come from the
    /// full-text index alone (its list for the words, read once), then the list's order is
    /// walked through the date index (keys and rowids, no row read) until the window has its
    /// rows, and only those rows are read. Nil where the walk would cost more than reading
    /// every hit's row and sorting them (words few items hold, a jump far down), which the
    /// caller then does: the walk is tried only as far as it pays.
    private func searchWalk(_ hits: [Int64], _ seek: ItemSeek, limit: Int) throws -> [ItemHeadline]? {
        guard !hits.isEmpty, limit > 0 else { return [] }
        let (forward, _, _) = Self.direction(seek)
        guard let picked = try walk(keeping: hits, seek, limit: limit) else { return nil }
        return try headlines(picked, forward: forward)
    }

    /// The newest `limit` of `hits` (rowids in ascending order), newest first, by a walk of the
    /// date index; nil where reading each hit's date and sorting them costs less (few hits).
    func newest(of hits: [Int64], limit: Int) throws -> [Int64]? {
        guard !hits.isEmpty, limit > 0 else { return [] }
        return try walk(keeping: hits, .start, limit: limit)?.map(\.rowid)
    }

    /// The cursors of the rows of `hits` (rowids in ascending order) from `seek` in the date
    /// order, as `searchWalk` finds them.
    private func walk(keeping hits: [Int64], _ seek: ItemSeek, limit: Int) throws -> [ItemCursor]? {
        // `hits` is in rowid order: an array searched by halves, which costs less to fill than a
        // set when a tenth of a million items match.
        func isHit(_ rowid: Int64) -> Bool {
            var low = 0, high = hits.count
            while low < high {
                let middle = (low + high) / 2
                if hits[middle] < rowid { low = middle + 1 } else { high = middle }
            }
            return low < hits.count && hits[low] == rowid
        }
        let (forward, cursor, skipping) = Self.direction(seek)
        // The rows walked to fill the window, were the hits spread evenly; a step of the index
        // costs about a quarter of a hit's row read and sorted.
        let items = try cachedItemCount()
        let expected = (limit + skipping) * max(items, hits.count) / hits.count
        guard expected <= 4 * hits.count else { return nil }
        // Hits bunched where the walk goes last: it stops at four times what was expected.
        let reach = max(4 * expected, 1_024)
        let selection = Self.selection(.all)
        let position = Self.position(selection, forward: forward, from: cursor)
        let walk = try Row.fetchCursor(try db.cachedStatement(sql: """
            SELECT \(selection.key) AS sortKey, rowid AS rowKey FROM item WHERE \(position.sql)
            ORDER BY \(Self.ordering(selection, forward: forward)) LIMIT ?
            """), arguments: position.arguments + [reach])
        var picked: [ItemCursor] = []
        var skip = skipping
        var walked = 0
        while picked.count < limit, let row = try walk.next() {
            walked += 1
            let rowid: Int64 = row["rowKey"]
            guard isHit(rowid) else { continue }
            if skip > 0 {
                skip -= 1
            } else {
                picked.append(ItemCursor(sortKey: row["sortKey"], rowid: rowid))
            }
        }
        // Full, or the list ended within reach: that is all there is.
        guard picked.count == limit || walked < reach else { return nil }
        return picked
    }

    /// The rows from `seek` of one ordered selection (not a tag's merged feeds).
    private func seekRows(_ selection: Selection, _ seek: ItemSeek, limit: Int) throws -> [ItemHeadline] {
        let (forward, cursor, skipping) = Self.direction(seek)
        return try fetch(selection, forward: forward, from: cursor, skipping: skipping, limit: limit)
    }

    /// Which way a seek reads the list, from which cursor (none: from an end), past how many rows.
    private static func direction(_ seek: ItemSeek) -> (forward: Bool, cursor: ItemCursor?, skipping: Int) {
        switch seek {
        case .start: (true, nil, 0)
        case .after(let cursor): (true, cursor, 0)
        case .before(let cursor): (false, cursor, 0)
        case .end: (false, nil, 0)
        case .offset(let offset): (true, nil, max(0, offset))
        case .offsetFromEnd(let offset): (false, nil, max(0, offset))
        }
    }

    /// The rows after `cursor` (forward) or just before it (backward, returned in list order);
    /// from an end without one. Rows skipped are counted in the index alone: their columns are
    /// never read.
    private func fetch(_ selection: Selection, forward: Bool, from cursor: ItemCursor?, skipping: Int, limit: Int) throws -> [ItemHeadline] {
        if !selection.isCached, let filter = selection.filter {
            return try filteredFetch(selection, filter, forward: forward, from: cursor, skipping: skipping, limit: limit)
        }
        var conditions = selection.filter.map { [$0] } ?? []
        var arguments = selection.arguments
        if let cursor {
            conditions.append(Self.position(selection, forward: forward))
            arguments += [cursor.sortKey, cursor.sortKey, cursor.rowid]
        }
        let sql = """
            SELECT \(selection.columns) FROM \(selection.table) \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(Self.ordering(selection, forward: forward)) LIMIT ? OFFSET ?
            """
        arguments += [limit, max(0, skipping)]
        let statement = selection.isCached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        let rows = try Row.fetchAll(statement, arguments: arguments).map(Self.headline)
        return forward ? rows : rows.reversed()
    }

    /// The rows past a cursor's (three arguments: its key twice, its rowid), read `forward` in
    /// list order or back; `plus` keeps SQLite off the key's index.
    private static func position(_ selection: Selection, forward: Bool, plus: Bool = false) -> String {
        let key = (plus ? "+" : "") + selection.key, rowid = plus ? "+rowid" : "rowid"
        let down = forward == selection.runsDown
        return "\(key) \(down ? "<=" : ">=") ? AND (\(key) \(down ? "<" : ">") ? OR \(rowid) \(forward ? ">" : "<") ?)"
    }

    /// `position` past `cursor` with its arguments; without one, every row ("1").
    private static func position(_ selection: Selection, forward: Bool, from cursor: ItemCursor?, plus: Bool = false)
        -> (sql: String, arguments: StatementArguments) {
        guard let cursor else { return ("1", []) }
        return (position(selection, forward: forward, plus: plus), [cursor.sortKey, cursor.sortKey, cursor.rowid])
    }

    /// The ORDER BY of rows read `forward` in list order, or back.
    private static func ordering(_ selection: Selection, forward: Bool, plus: Bool = false) -> String {
        let key = (plus ? "+" : "") + selection.key, rowid = plus ? "+rowid" : "rowid"
        let down = forward == selection.runsDown
        return "\(key) \(down ? "DESC" : "ASC"), \(rowid) \(forward ? "ASC" : "DESC")"
    }

    /// A filter's rows. Where it matches many items, they are found near any place in the list:
    /// the next rows in list order (a walk of the index, the unread items' alone when the filter
    /// wants only those) are tested, a stretch at a time, each twice the last, from where the
    /// last one ended. Where it matches few, that walk would fetch every row out of order, which
    /// costs far more than reading the table in order: once the walk has passed a quarter of the
    /// items, the rest is tested where it lies (or where an index on the filter's own terms,
    /// such as the feed's, leads) and the window's rows kept by a sort.
    private func filteredFetch(_ selection: Selection, _ filter: String, forward: Bool, from cursor: ItemCursor?,
                               skipping: Int, limit: Int) throws -> [ItemHeadline] {
        let order = Self.ordering(selection, forward: forward)
        let walkCondition = selection.walk.map { "\($0) AND " } ?? ""
        var from = cursor
        var rows: [ItemHeadline] = []
        var skip = max(0, skipping)
        var stretch = (limit + skip) * tagScanReach
        if stretch > 0 {
            let items = try cachedItemCount()
            var walked = 0
            while true {
                let (position, positionArguments) = Self.position(selection, forward: forward, from: from)
                let walk = "SELECT rowid FROM item WHERE \(walkCondition)\(position) ORDER BY \(order) LIMIT \(stretch)"
                let found = try Row.fetchAll(db.makeStatement(sql: """
                    SELECT \(selection.columns) FROM item WHERE rowid IN (\(walk)) AND (\(filter)) ORDER BY \(order) LIMIT ? OFFSET ?
                    """), arguments: positionArguments + selection.arguments + [limit - rows.count, skip]).map(Self.headline)
                rows += found
                // Full: that is all that is wanted.
                if rows.count == limit { return forward ? rows : rows.reversed() }
                // Rows skipped (a jump) are counted once: the next stretch skips what this one did not.
                if skip > 0 {
                    let matched = try Int.fetchOne(db.makeStatement(sql: "SELECT count(*) FROM item WHERE rowid IN (\(walk)) AND (\(filter))"),
                                                   arguments: positionArguments + selection.arguments) ?? 0
                    skip = max(0, skip - matched)
                }
                // Where the walk ended; none: the list ended within it, and that is all there is.
                guard let last = try Row.fetchOne(db.makeStatement(sql: """
                    SELECT \(selection.key) AS sortKey, rowid AS rowKey FROM item WHERE \(walkCondition)\(position)
                    ORDER BY \(order) LIMIT 1 OFFSET \(stretch - 1)
                    """), arguments: positionArguments) else { return forward ? rows : rows.reversed() }
                from = ItemCursor(sortKey: last["sortKey"], rowid: last["rowKey"])
                walked += stretch
                if walked * 4 >= items { break }
                stretch = min(stretch * 2, items - walked)
            }
        }
        // `+` keeps SQLite from walking the list's order through its index.
        let (scanPosition, positionArguments) = Self.position(selection, forward: forward, from: from, plus: true)
        let scanOrder = Self.ordering(selection, forward: forward, plus: true)
        rows += try Row.fetchAll(db.makeStatement(sql: """
            SELECT \(selection.columns) FROM item WHERE \(scanPosition) AND (\(filter)) ORDER BY \(scanOrder) LIMIT ? OFFSET ?
            """), arguments: positionArguments + selection.arguments + [limit - rows.count, skip]).map(Self.headline)
        return forward ? rows : rows.reversed()
    }

    /// A tag's rows. A tag of many items has its rows near any place in the list: they are
    /// looked for there, walking the list's order a bounded way. A tag of few items among many
    /// has not: its feeds are merged (`mergedRows`).
    private func tagRows(_ feeds: Set<String>, forward: Bool, from cursor: ItemCursor, limit: Int) throws -> [ItemHeadline] {
        let key = Self.itemKey
        let reach = limit * tagScanReach
        let feedKeys = try feedKeys(feeds)
        let scan = try Row.fetchCursor(try db.cachedStatement(sql: forward
            ? """
              SELECT \(key) AS sortKey, rowid AS rowKey, feedKey FROM item
              WHERE \(key) <= ? AND (\(key) < ? OR rowid > ?) ORDER BY \(key) DESC, rowid LIMIT ?
              """
            : """
              SELECT \(key) AS sortKey, rowid AS rowKey, feedKey FROM item
              WHERE \(key) >= ? AND (\(key) > ? OR rowid < ?) ORDER BY \(key), rowid DESC LIMIT ?
              """), arguments: [cursor.sortKey, cursor.sortKey, cursor.rowid, reach])
        var picked: [ItemCursor] = []
        var looked = 0
        while picked.count < limit, let row = try scan.next() {
            looked += 1
            if feedKeys.contains(row["feedKey"]) { picked.append(ItemCursor(sortKey: row["sortKey"], rowid: row["rowKey"])) }
        }
        // Full, or the list ended within reach: that is all there is.
        if picked.count == limit || looked < reach { return try headlines(picked, forward: forward) }
        return try headlines(try mergedRows(feedKeys, forward: forward, from: cursor, limit: limit), forward: forward)
    }

    /// The numbers the cache gives the feeds at these addresses (those it holds): from the whole
    /// feed table, read in order, when the tag names a good share of it (a page of a tag of 250
    /// feeds spent a quarter of a millisecond looking them up by address); else one look each.
    private func feedKeys(_ feeds: Set<String>) throws -> Set<Int64> {
        var keys = Set<Int64>()
        let held = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM feed")) ?? 0
        if feeds.count * 4 >= held {
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, url FROM feed"))
            while let row = try rows.next() {
                if let url: String = row[1], feeds.contains(url) { keys.insert(row[0]) }
            }
            return keys
        }
        let lookup = try db.cachedStatement(sql: "SELECT key FROM feed WHERE url = ?")
        for feed in feeds {
            if let key = try Int64.fetchOne(lookup, arguments: [feed]) { keys.insert(key) }
        }
        return keys
    }

    /// Where a tag's rows are: each feed's rows come in order from the per-feed index, a few at
    /// a time, and the window takes the newest heads until it is full. It costs the feeds'
    /// count plus the window's rows, never the tag's items.
    private func mergedRows(_ feeds: Set<Int64>, forward: Bool, from cursor: ItemCursor, limit: Int) throws -> [ItemCursor] {
        let key = Self.itemKey
        let statement = try db.cachedStatement(sql: forward
            ? """
              SELECT \(key) AS sortKey, rowid AS rowKey FROM item
              WHERE feedKey = ? AND \(key) <= ? AND (\(key) < ? OR rowid > ?) ORDER BY \(key) DESC, rowid LIMIT ?
              """
            : """
              SELECT \(key) AS sortKey, rowid AS rowKey FROM item
              WHERE feedKey = ? AND \(key) >= ? AND (\(key) > ? OR rowid < ?) ORDER BY \(key), rowid DESC LIMIT ?
              """)
        // Enough from each feed that most windows need no second fetch, doubling when one does.
        let firstChunk = min(limit, max(4, 2 * limit / max(1, feeds.count)))
        var runs = try feeds.sorted().map { feed in
            var run = FeedRun(feed: feed, next: cursor, chunk: firstChunk)
            try run.refill(statement)
            return run
        }
        var picked: [ItemCursor] = []
        picked.reserveCapacity(limit)
        while picked.count < limit {
            var best: Int?
            for index in runs.indices {
                guard let head = runs[index].head else { continue }
                if let current = best, !Self.precedes(head, runs[current].head!, forward: forward) { continue }
                best = index
            }
            guard let best else { break }
            picked.append(runs[best].head!)
            try runs[best].advance(statement, limit: limit)
        }
        return picked
    }

    /// The headlines of the rows picked (in the direction read), fetched together by rowid, in list order.
    private func headlines(_ picked: [ItemCursor], forward: Bool) throws -> [ItemHeadline] {
        guard !picked.isEmpty else { return [] }
        let rows = try Row.fetchAll(try db.cachedStatement(sql: """
            SELECT \(Self.itemColumns) FROM item WHERE rowid IN (SELECT value FROM json_each(?))
            """), arguments: [Self.jsonArray(picked.map(\.rowid))])
        var byRowid: [Int64: ItemHeadline] = [:]
        for row in rows {
            let headline = Self.headline(row)
            byRowid[headline.cursor.rowid] = headline
        }
        let ordered = picked.compactMap { byRowid[$0.rowid] }
        return forward ? ordered : ordered.reversed()
    }

    /// Whether `a` comes before `b` in the direction read (newest first forward).
    private static func precedes(_ a: ItemCursor, _ b: ItemCursor, forward: Bool) -> Bool {
        if a.sortKey != b.sortKey { return forward ? a.sortKey > b.sortKey : a.sortKey < b.sortKey }
        return forward ? a.rowid < b.rowid : a.rowid > b.rowid
    }

    /// One feed's rows of a tag, read ahead a chunk at a time from where the last chunk ended.
    private struct FeedRun {
        let feed: Int64
        var next: ItemCursor
        var chunk: Int
        var buffer: [ItemCursor] = []
        var position = 0
        var exhausted = false

        init(feed: Int64, next: ItemCursor, chunk: Int) {
            self.feed = feed
            self.next = next
            self.chunk = chunk
        }

        var head: ItemCursor? { position < buffer.count ? buffer[position] : nil }

        mutating func refill(_ statement: Statement) throws {
            buffer = try Row.fetchAll(statement, arguments: [feed, next.sortKey, next.sortKey, next.rowid, chunk]).map {
                ItemCursor(sortKey: $0["sortKey"], rowid: $0["rowKey"])
            }
            position = 0
            exhausted = buffer.count < chunk
            if let last = buffer.last { next = last }
        }

        mutating func advance(_ statement: Statement, limit: Int) throws {
            position += 1
            guard position == buffer.count, !exhausted else { return }
            chunk = min(limit, chunk * 2)
            try refill(statement)
        }
    }

    private static func headline(_ row: Row) -> ItemHeadline {
        ItemHeadline(feed: row["feed"], id: row["id"], title: row["title"], feedTitle: row["feedTitle"] ?? "",
                     date: row["date"], isRead: row["isRead"], isStarred: row["isStarred"],
                     cursor: ItemCursor(sortKey: row["sortKey"], rowid: row["rowKey"]),
                     highlight: row.hasColumn("highlight") ? (row["highlight"] as Int?).flatMap { $0 >= 0 ? $0 : nil } : nil)
    }

    /// A list as one JSON argument (read with `json_each`), so a statement of any length of
    /// list is prepared once.
    /// A JSON array of `strings` (sorted), for `json_each(?)`.
    static func jsonArray(_ strings: Set<String>) -> String {
        String(decoding: (try? JSONEncoder().encode(strings.sorted())) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// A JSON array of `numbers`, for `json_each(?)`.
    static func jsonArray(_ numbers: [Int64]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }
}

/// A sort key as SQLite holds it: a number (a date) or text.
extension ItemSortKey: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        switch self {
        case .number(let value): value.databaseValue
        case .text(let value): value.databaseValue
        }
    }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> ItemSortKey? {
        switch dbValue.storage {
        case .int64(let value): .number(Double(value))
        case .double(let value): .number(value)
        case .string(let value): .text(value)
        case .blob, .null: nil
        }
    }
}
