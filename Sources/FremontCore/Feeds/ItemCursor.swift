/// Where a row stands in the newest-first order of cached items: its sort key (the item's date,
/// published else updated, in seconds; undated rows share the lowest key, `ItemSortKey.undated`,
/// and sort last) and its rowid (ties in date keep the order items were stored in). A window is
/// continued from a row it holds (keyset paging), so the next page costs the same at the end of
/// a million rows as at the start.
public struct ItemCursor: Sendable, Hashable {
    public var sortKey: ItemSortKey
    public var rowid: Int64

    public init(sortKey: ItemSortKey, rowid: Int64) {
        self.sortKey = sortKey
        self.rowid = rowid
    }

    /// Before every row: text sorts above every number (as in SQLite), and this above any text.
    public static let beforeFirst = ItemCursor(sortKey: .text("\u{FFFF}"), rowid: 0)
    /// After every row: no key is lower than an undated row's, and no rowid is larger.
    public static let afterLast = ItemCursor(sortKey: .undated, rowid: .max)
}

/// A row's value in the order of its list, as SQLite orders values: every number below every
/// text. A date is a number (seconds since 1970); a title, an author, a link is text.
public enum ItemSortKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral {
    case number(Double)
    case text(String)

    /// An undated item's key: below every date.
    public static let undated = ItemSortKey.number(undatedValue)
    /// The same as SQL writes it (`ItemWindowReader.itemKey`).
    public static let undatedValue = -1e300

    public init(stringLiteral value: String) { self = .text(value) }

    public static func < (lhs: ItemSortKey, rhs: ItemSortKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a < b
        case (.number, .text): true
        case (.text, .number): false
        case (.text(let a), .text(let b)): Array(a.utf8).lexicographicallyPrecedes(b.utf8)
        }
    }
}
