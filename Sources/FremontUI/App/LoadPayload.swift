import FremontCore

/// Data a load brings: one case per kind of data the core reads.
public enum LoadPayload: Sendable {
    case table(SeriesTable)
    case forecast(Forecast)
    case feed(PreparedFeed)
    case searchResults(query: String, [SearchResult])
    case itemWindow(ItemWindow)
    /// One item whole, opened from a list of headlines.
    case item(FeedEntry)
    /// An item's full article, as asked for (or why its page holds none).
    case fullArticle(FullArticleRequest, FullArticle)

    /// The payload with the layout work done that can be done before it is shown, for a view
    /// in `area`: run on the loading thread, so what arrives costs the UI thread little.
    public func laidOut(for area: Rect) -> LoadPayload {
        switch self {
        case .feed(let feed): return .feed(feed.wrapped(for: area))
        case .table, .forecast, .searchResults, .itemWindow, .item, .fullArticle: return self
        }
    }

    /// The warnings the parser kept (the first of them, when there were many), and how many
    /// there were in all.
    public var warnings: (kept: [ParseWarning], total: Int) {
        switch self {
        case .table(let table): return (table.warnings, table.warnings.count)
        case .forecast, .searchResults, .itemWindow, .item, .fullArticle: return ([], 0)
        case .feed(let feed): return (feed.warningList, feed.warnings)
        }
    }
}
