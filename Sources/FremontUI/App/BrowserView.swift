import FremontCore

/// Names a view, so that loads, reloads and their results find it.
public struct ViewID: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// A screen of the browser: it owns its state, handles its keys (declared as data in its
/// keymap, from which the help is built), takes messages (loads finishing), and draws itself
/// into a rectangle. It changes only in these methods; what it wants done outside (open a link,
/// load, push a child view) it returns as effects.
///
/// Adding a view is a file with a type conforming to this and a line in `ViewRegistry`.
public protocol BrowserView: Sendable {
    associatedtype Action: Sendable

    var id: ViewID { get }
    /// The tab's name in the header.
    var title: String { get }
    /// What the view shows, for the header's right side (a file name, "7 feeds"); may be empty.
    var sourceName: String { get }
    /// The keys the view handles now (they may change with its mode).
    var keymap: Keymap<Action> { get }

    /// The view's rectangle changed (a resize), or it is laid out for the first time, or a
    /// message it received brought new data.
    mutating func layout(in area: Rect)
    mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect]
    mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect]
    /// The mouse wheel.
    mutating func scroll(by lines: Int, in area: Rect)
    mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect]
    /// Draws the view into `area`, every cell of it (what was there is the last frame).
    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme)

    /// The label of the `/` prompt, nil when the view has no search.
    var searchPrompt: String? { get }
    mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect]

    /// What `r` reloads while this view shows: its sources by default (`R` always all).
    var reloadTarget: LoadTarget { get }

    /// Warnings of what the view shows, for the status line.
    var warningCount: Int { get }
    /// What the status line says while `sources` load for this view.
    func loadingText(_ sources: [String]) -> String
}

extension BrowserView {
    public var sourceName: String { "" }
    public mutating func layout(in area: Rect) {}
    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] { [] }
    public mutating func scroll(by lines: Int, in area: Rect) {}
    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] { [] }
    public var searchPrompt: String? { nil }
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] { [] }
    public var warningCount: Int { 0 }
    public var reloadTarget: LoadTarget { .reload }

    public func loadingText(_ sources: [String]) -> String {
        sources.count == 1 ? TextLayout.truncateMiddle(TerminalSafeText.singleLine(sources[0]), to: 60) : "\(sources.count) sources"
    }

    /// Looks `key` up in the keymap and performs it; nil when the view has no binding for it.
    mutating func handle(_ key: Key, in area: Rect) -> [ViewEffect]? {
        guard let action = keymap.action(for: key) else { return nil }
        return perform(action, in: area)
    }

    /// The keymap's help lines, without the action type.
    var helpEntries: [HelpEntry] { keymap.help }
    var footerHints: [KeyHint] { keymap.footer }
    var boundKeys: [Key] { keymap.boundKeys }
}

/// What a view asks for after an event.
public enum ViewEffect: Sendable {
    /// A short message for the status line.
    case message(String)
    /// Show `view` over this one (the feed list opens a feed); `q` comes back.
    case push(any BrowserView)
    /// Close this view and return to the one below it.
    case pop
    /// Something only the host can do: open a link, load, write to the cache.
    case host(BrowserEffect)
    /// Tell every view (a feed's items were read: the feed list's counts change at once).
    case broadcast(ViewMessage)
    /// Ask for a line of text on the footer, under `label`; the answer comes back as
    /// `ViewMessage.answer` (nothing, when Esc cancels it).
    case prompt(label: String, text: String = "")
}

/// What arrives at a view from outside, through `BrowserState.update`.
public enum ViewMessage: Sendable {
    /// A load for this view started.
    case loadStarted(source: String)
    /// A load for this view finished with data.
    case loaded(source: String, LoadPayload)
    /// A load for this view failed; the view keeps what it showed.
    case loadFailed(source: String, LoadError)
    /// Any view's load finished: sent to every view (the Log keeps them).
    case report(LoadReport)
    /// Items of a feed were read (or unread again); `ids` nil: every item of the feed.
    case itemsRead(source: String, ids: [String]?, read: Bool)
    /// What was typed at the view's prompt.
    case answer(String)
}

/// Data a load brings: one case per kind of data the core reads.
public enum LoadPayload: Sendable {
    case table(SeriesTable)
    case forecast(Forecast)
    case feed(PreparedFeed)
    case searchResults(query: String, [SearchResult])

    /// The payload with the layout work done that can be done before it is shown, for a view
    /// in `area`: run on the loading thread, so what arrives costs the UI thread little.
    public func laidOut(for area: Rect) -> LoadPayload {
        switch self {
        case .feed(let feed): return .feed(feed.wrapped(for: area))
        case .table, .forecast, .searchResults: return self
        }
    }

    /// The warnings the parser kept (the first of them, when there were many), and how many
    /// there were in all.
    public var warnings: (kept: [ParseWarning], total: Int) {
        switch self {
        case .table(let table): return (table.warnings, table.warnings.count)
        case .forecast, .searchResults: return ([], 0)
        case .feed(let feed): return (feed.warningList, feed.warnings)
        }
    }
}

/// How one load went: for the Log, and the count of warnings told on exit.
public struct LoadReport: Sendable, Hashable {
    public var view: ViewID
    public var source: String
    /// The wall-clock time it finished, `HH:MM:SS`.
    public var time: String
    public var warnings: [ParseWarning]
    public var warningTotal: Int
    public var error: LoadError?

    public init(view: ViewID, source: String, time: String, warnings: [ParseWarning] = [], warningTotal: Int? = nil, error: LoadError? = nil) {
        self.view = view
        self.source = source
        self.time = time
        self.warnings = warnings
        self.warningTotal = warningTotal ?? warnings.count
        self.error = error
    }
}
