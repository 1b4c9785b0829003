import FremontCore

public enum TabID: Int, CaseIterable, Sendable {
    case bikes, feeds, weather

    public var title: String {
        switch self {
        case .bikes: return "Bikes"
        case .feeds: return "Feeds"
        case .weather: return "Weather"
        }
    }
}

/// Everything that can happen to the browser: input, time passing, and loads finishing.
/// Loads run elsewhere and arrive here as events, so the UI never waits on them.
public enum BrowserEvent: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// A timer tick, for the loading spinner.
    case tick
    case loadStarted(TabID, source: String)
    /// Something for the status line (how old a cached copy is).
    case notice(String)
    /// A download's progress: bytes so far, and the total when the server said.
    case loadProgress(TabID, bytes: Int, expected: Int?)
    case bikesLoaded(source: String, Result<BikeCounts, ParseError>, at: String)
    case weatherLoaded(source: String, Result<Forecast, ParseError>, at: String)
    /// One feed of the Feeds tab; each source loads (and is prepared) and arrives on its own.
    case feedsLoaded(source: String, Result<PreparedFeed, ParseError>, at: String)
}

/// What the browser asks its host to do.
public enum BrowserEffect: Hashable, Sendable {
    case quit
    case openLink(String)
    case reload(TabID)
    /// Stop the tab's downloads (Esc while loading).
    case cancelLoads(TabID)
    /// Remember in the cache that a feed item was read.
    case markRead(source: String, id: String)
    /// Load another month of bike counts from the open-data API (`<` and `>` on Bikes).
    case loadMonth(year: Int, month: Int)
}
