/// Where a window of the item list starts, in the list's newest-first order.
public enum ItemSeek: Sendable, Hashable {
    /// The first rows.
    case start
    /// The rows that follow this one (the next page).
    case after(ItemCursor)
    /// The rows just before this one (the previous page), still in list order.
    case before(ItemCursor)
    /// The last rows.
    case end
    /// The rows from this position on (a jump): counted to, so it costs what the position is.
    case offset(Int)
    /// The rows that end this many rows before the end (a jump nearer the end than the start).
    case offsetFromEnd(Int)

    /// The most rows one window may hold: a screen and its margins, never the cache.
    public static let maxWindowRows = 1_000
}
