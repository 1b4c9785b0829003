import FremontCore

/// What an item list asks the cache for: the positions it wants (the rows on screen and a
/// margin), and a row it already holds near them, so the window is continued from that row
/// (keyset paging) rather than counted to. Without one near, the window is counted to from the
/// nearer end.
public struct ItemWindowRequest: Sendable, Hashable {
    /// A row the list holds, and where it stands.
    public struct Anchor: Sendable, Hashable {
        public var position: Int
        public var cursor: ItemCursor

        public init(position: Int, cursor: ItemCursor) {
            self.position = position
            self.cursor = cursor
        }
    }

    /// Where the rows start and how many to read, the total known.
    public struct Plan: Sendable, Hashable {
        public var seek: ItemSeek
        public var limit: Int
        /// The positions the window holds: those of the rows read that are wanted.
        public var kept: Range<Int>
    }

    /// The name a window's load goes by.
    public static let source = "the item cache"

    public var query: ItemQuery
    /// The list's `article-sort-order`; anchors are rows of this order.
    public var order: ItemOrder
    /// `highlight-article` rules the rows are tested against, in the cache, with the window.
    public var highlights: [FilterExpression]
    public var wanted: Range<Int>
    public var anchor: Anchor?
    /// Read ahead while the screen draws from rows held: nothing waits for it, so it runs
    /// without a word on the status line (as a count does).
    public var isReadAhead = false

    public init(query: ItemQuery, order: ItemOrder = .newestFirst, highlights: [FilterExpression] = [], wanted: Range<Int>,
                anchor: Anchor? = nil) {
        self.query = query
        self.order = order
        self.highlights = highlights
        self.wanted = wanted
        self.anchor = anchor
    }

    /// Rows skipped from an anchor before counting from an end costs less: a few screens.
    static let keysetReach = 4

    /// The cheapest way to the wanted rows of `total`. A range past the end is moved back so the
    /// window is as full as it can be (the last screen is a whole screen); a range wider than
    /// `ItemSeek.maxWindowRows` is cut at that.
    public func plan(total: Int, maxRows: Int = ItemSeek.maxWindowRows) -> Plan {
        let count = min(max(0, wanted.count), total, maxRows)
        let lower = min(max(0, wanted.lowerBound), total - count)
        let kept = lower..<(lower + count)
        guard count > 0 else { return Plan(seek: .start, limit: 0, kept: kept) }
        if lower == 0 { return Plan(seek: .start, limit: count, kept: kept) }
        if kept.upperBound == total { return Plan(seek: .end, limit: count, kept: kept) }
        if let anchor {
            let reach = Self.keysetReach * count
            if anchor.position < lower, lower - anchor.position - 1 <= reach, lower - anchor.position - 1 + count <= maxRows {
                return Plan(seek: .after(anchor.cursor), limit: lower - anchor.position - 1 + count, kept: kept)
            }
            if anchor.position >= kept.upperBound, anchor.position - kept.upperBound <= reach,
               anchor.position - lower <= maxRows {
                return Plan(seek: .before(anchor.cursor), limit: anchor.position - lower, kept: kept)
            }
        }
        // A jump: counted from the nearer end.
        if lower <= total - kept.upperBound { return Plan(seek: .offset(lower), limit: count, kept: kept) }
        return Plan(seek: .offsetFromEnd(total - kept.upperBound), limit: count, kept: kept)
    }

    /// The window of what `plan(total:)` read: the rows in `kept`, placed by where the seek
    /// started (rows read before an anchor or from the end are placed back from there).
    public func window(total: Int, read rows: [ItemHeadline]) -> ItemWindow {
        // The plan is a function of the total alone: made again, it is the one that was read.
        let plan = plan(total: total)
        let first: Int
        switch plan.seek {
        case .start: first = 0
        case .offset(let offset): first = offset
        case .after: first = (anchor?.position ?? plan.kept.upperBound - plan.limit - 1) + 1
        case .before: first = (anchor?.position ?? plan.kept.lowerBound + rows.count) - rows.count
        case .end: first = total - rows.count
        case .offsetFromEnd(let offset): first = total - offset - rows.count
        }
        // Rows before the wanted ones were read only to reach them.
        let skip = max(0, plan.kept.lowerBound - first)
        let keptRows = Array(rows.dropFirst(skip).prefix(plan.kept.count))
        return ItemWindow(query: query, order: order, highlights: highlights, total: total, first: first + min(skip, rows.count), rows: keptRows,
                          isCountOnly: isCountOnly)
    }

    /// A count alone: no rows wanted. It runs on the counts' lane, never ahead of a window.
    public var isCountOnly: Bool { wanted.isEmpty }

    /// A first screen (rows from the top): read before the list is counted, so it never waits for a count.
    public var isFirstScreen: Bool { wanted.lowerBound <= 0 && !wanted.isEmpty }

    /// The rows a first screen reads.
    public var firstScreenLimit: Int { min(wanted.count, ItemSeek.maxWindowRows) }

    /// The window of a first screen read without its count: `total` when the count was cheap (or
    /// the rows ran out, which counts them), else provisional until the count comes.
    public func firstScreen(total: Int?, read rows: [ItemHeadline]) -> ItemWindow {
        if let total { return window(total: total, read: rows) }
        if rows.count < firstScreenLimit { return window(total: rows.count, read: rows) }
        return ItemWindow(query: query, order: order, highlights: highlights, total: rows.count, first: 0, rows: rows, isCounted: false)
    }

    /// The request counting a list, wanting no rows (`isCountOnly`).
    public static func count(of query: ItemQuery, order: ItemOrder = .newestFirst) -> ItemWindowRequest {
        ItemWindowRequest(query: query, order: order, wanted: 0..<0)
    }
}
