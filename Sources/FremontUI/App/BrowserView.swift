import FremontCore

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

    /// The browser's shared stores, given when the view is registered or opened; a view that
    /// shows a store's state keeps them.
    mutating func attach(_ stores: BrowserStores)
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

    /// A key pressed while the view shows: its keymap's action performed; nil when the view
    /// has no binding for it. A view whose bindings carry more than an action (a digit) overrides it.
    mutating func handle(_ key: Key, in area: Rect) -> [ViewEffect]?

    /// What `r` reloads while this view shows: its sources by default (`R` always all).
    var reloadTarget: LoadTarget { get }
    /// What loading `target` takes: the commands the screen runs (none for a screen that loads
    /// nothing). `R`, the tab shown first and `reload-time` ask the tab's registered screen.
    mutating func load(_ target: LoadTarget) -> [ViewEffect]
    /// The screen was pushed over another: what it asks for first (its items, its first window),
    /// its commands' replies coming to it.
    mutating func appear() -> [ViewEffect]

    /// newsboat's name for the screen (`feedlist`, `articlelist`, `article`), which the config's
    /// `bind-key` lines name; empty for screens newsboat does not have.
    var bindingContext: String { get }

    /// Warnings of what the view shows, for the status line.
    var warningCount: Int { get }
    /// A state of the view the status line keeps saying (a filter narrowing a list); nil for none.
    var statusNote: String? { get }
    /// What the status line says while `sources` load for this view.
    func loadingText(_ sources: [String]) -> String
    /// A command the view wants run since it was last asked (the rest of a re-wrap after a
    /// resize, on the compute lane), if any; asked after every event.
    mutating func takeDeferredCommand() -> Command?
    /// Whether the screen lacks rows it draws until a load lands (a list's window): what a
    /// person waits for, which a benchmark times a key to.
    var isWaitingForRows: Bool { get }
}

extension BrowserView {
    public var sourceName: String { "" }
    public var statusNote: String? { nil }
    public mutating func attach(_ stores: BrowserStores) {}
    public mutating func layout(in area: Rect) {}
    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] { [] }
    public mutating func scroll(by lines: Int, in area: Rect) {}
    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] { [] }
    public var searchPrompt: String? { nil }
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] { [] }
    public var warningCount: Int { 0 }
    public var reloadTarget: LoadTarget { .reload }
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] { [] }
    public mutating func appear() -> [ViewEffect] { [] }
    public var bindingContext: String { "" }
    public mutating func takeDeferredCommand() -> Command? { nil }
    public var isWaitingForRows: Bool { false }

    public func loadingText(_ sources: [String]) -> String {
        sources.count == 1 ? TextLayout.truncateMiddle(TerminalSafeText.singleLine(sources[0]), to: 60) : "\(sources.count) sources"
    }

    /// Looks `key` up in the keymap and performs it; nil when the view has no binding for it.
    public mutating func handle(_ key: Key, in area: Rect) -> [ViewEffect]? {
        guard let action = keymap.action(for: key) else { return nil }
        return perform(action, in: area)
    }

    /// The keymap's help lines, without the action type.
    var helpEntries: [HelpEntry] { keymap.help }
    var footerHints: [KeyHint] { keymap.footer }
    var boundKeys: [Key] { keymap.boundKeys }
}
