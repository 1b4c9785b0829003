import FremontCore

/// Everything that can happen to the browser: input, time passing, and loads finishing.
/// Loads run elsewhere and arrive here as events, so the UI never waits on them.
public enum BrowserEvent: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// A timer tick, for the loading spinner.
    case tick
    case loadStarted(ViewID, source: String)
    /// Something for the status line (how old a cached copy is).
    case notice(String)
    /// A download's progress: bytes so far, and the total when the server said.
    case loadProgress(ViewID, bytes: Int, expected: Int?)
    /// A load for the view finished: its data or why not, and the wall-clock time.
    case loaded(ViewID, source: String, Result<LoadPayload, LoadError>, at: String)
    /// The terminal asked the program to end (a signal): the loop ends with this status.
    case terminate(status: Int32)
}

/// What the browser asks its host to do.
public enum BrowserEffect: Hashable, Sendable {
    /// End the run, with this exit status.
    case quit(status: Int32)
    case openLink(String)
    /// Play an enclosure: in the configured player, else as a link.
    case play(String)
    /// Star an item (keep a copy, never pruned), or take its star away.
    case star(StarredItem, Bool)
    /// Load the view's sources: again, or another span of them.
    case load(ViewID, LoadTarget)
    /// Stop the view's downloads (Esc while loading).
    case cancelLoads(ViewID)
    /// Remember in the cache that a feed item was read (or unread again).
    case markRead(source: String, id: String, read: Bool = true)
    /// Remember that these items of the feed were read (all it shows: "mark feed read").
    case markFeedRead(source: String, ids: [String])
    /// Write `text` (CSV of `rows` rows) to the file at `path`, a new file: never over another.
    case export(path: String, text: String, rows: Int)

    public static var quit: BrowserEffect { .quit(status: 0) }
    public static func reload(_ view: ViewID) -> BrowserEffect { .load(view, .reload) }
}

/// What a load effect asks for.
public enum LoadTarget: Hashable, Sendable {
    /// The view's sources as they are.
    case reload
    /// Another month of the same data (`<` and `>` on Bikes).
    case month(year: Int, month: Int)
    /// What matches these words (the Search tab).
    case query(String)
    /// Only these of the view's sources (the feed opened from the list).
    case sources([String])
    /// The starred items.
    case starred
}
