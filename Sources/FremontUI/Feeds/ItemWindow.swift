import FremontCore

/// A window over an item list kept in the cache: how many items the list has in all, where the
/// window starts, and the headlines it holds (the rows on screen and a margin). A list of a
/// million items costs what its window costs; moving past the window asks for the next one
/// (`request(_:)`), continued from the row nearest it.
public struct ItemWindow: Sendable, Hashable {
    public var query: ItemQuery
    public var order: ItemOrder
    public var highlights: [FilterExpression]
    public var total: Int
    /// The position of `rows[0]` in the list.
    public var first: Int
    public var rows: [ItemHeadline]
    /// False while `total` is provisional (the rows read so far): a first screen of a list whose
    /// count scans its items comes before the count, which follows on a lane of its own.
    public var isCounted: Bool
    /// A count alone (a request wanting no rows): `total` is the news, `rows` is empty.
    public var isCountOnly: Bool

    public init(query: ItemQuery, order: ItemOrder = .newestFirst, highlights: [FilterExpression] = [], total: Int = 0, first: Int = 0,
                rows: [ItemHeadline] = [], isCounted: Bool = true, isCountOnly: Bool = false) {
        self.query = query
        self.order = order
        self.highlights = highlights
        self.total = total
        self.first = first
        self.rows = rows
        self.isCounted = isCounted
        self.isCountOnly = isCountOnly
    }

    /// The positions held.
    public var positions: Range<Int> { first..<(first + rows.count) }

    /// The headline at `position`, when the window holds it.
    public subscript(position: Int) -> ItemHeadline? {
        positions.contains(position) ? rows[position - first] : nil
    }

    /// A request for `wanted`, continued from the held row nearest it.
    public func request(_ wanted: Range<Int>) -> ItemWindowRequest {
        var anchor: ItemWindowRequest.Anchor?
        if let last = rows.last, wanted.lowerBound >= positions.upperBound {
            anchor = .init(position: positions.upperBound - 1, cursor: last.cursor)
        } else if let firstRow = rows.first, wanted.upperBound <= first {
            anchor = .init(position: first, cursor: firstRow.cursor)
        }
        return ItemWindowRequest(query: query, order: order, highlights: highlights, wanted: wanted, anchor: anchor)
    }
}
