import FremontCore

/// A feed a screen's command brought (its counts, or its items whole), which the feed store
/// takes once for every screen.
public enum LoadPayload: Sendable {
    case feed(PreparedFeed)

    /// The payload with the layout work done that can be done before it is shown, for a view
    /// in `area`: run on the loading thread, so what arrives costs the UI thread little.
    public func laidOut(for area: Rect) -> LoadPayload {
        switch self {
        case .feed(let feed): return .feed(feed.wrapped(for: area))
        }
    }

    /// The warnings the parser kept (the first of them, when there were many), and how many
    /// there were in all.
    public var warnings: (kept: [ParseWarning], total: Int) {
        switch self {
        case .feed(let feed): return (feed.warningList, feed.warnings)
        }
    }
}
