/// Where a row stands in the newest-first order of cached items: its sort key (the item's date,
/// published else updated, as the cache keeps it; empty when undated, which sorts last) and its
/// rowid (ties in date keep the order items were stored in). A window is continued from a row
/// it holds (keyset paging), so the next page costs the same at the end of a million rows as at
/// the start.
public struct ItemCursor: Sendable, Hashable {
    public var sortKey: String
    public var rowid: Int64

    public init(sortKey: String, rowid: Int64) {
        self.sortKey = sortKey
        self.rowid = rowid
    }

    /// Before every row: a date is digits, and this sorts above any of them.
    public static let beforeFirst = ItemCursor(sortKey: "\u{FFFF}", rowid: 0)
    /// After every row: an undated row's key is empty, and no rowid is larger.
    public static let afterLast = ItemCursor(sortKey: "", rowid: .max)
}
