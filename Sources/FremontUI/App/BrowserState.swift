import FremontCore
import Synchronization

/// The whole browser as a value: its views (one tab each, a stack when a view opened another),
/// the status line, the help and the search prompt. `update` is the one place state changes;
/// it routes each event to the view it is for and returns what the host must do. `render` draws
/// it into a buffer. No terminal here: tests drive it directly.
public struct BrowserState: Sendable {
    public static let minimumWidth = 32
    public static let minimumHeight = 8

    /// Each tab's views: the registered view first, the views it opened on top.
    public private(set) var tabs: [[any BrowserView]]
    /// Each screen's number, beside `tabs`: a command's reply goes to the screen of its number,
    /// and to none when that screen has closed.
    private var screenNumbers: [[Int]] = []
    private static let screenCounter = Atomic<Int>(0)
    public private(set) var currentTab = 0
    public internal(set) var status = StatusLine()
    public private(set) var width: Int
    public private(set) var height: Int
    private var help: HelpOverlay?
    /// A line being typed on the footer: a `/` search, or what a view asked for.
    struct Prompt: Sendable {
        var label: String
        var input: TextInput
        /// For the view's `search`, or its `receive(.answer)`.
        var isSearch: Bool
        /// Where its answer is kept for ↑ at the next prompt of its kind.
        var historyKey: String
    }

    private(set) var prompt: Prompt?
    /// The search being typed, when the search prompt is open.
    public var searchDraft: String? { prompt.flatMap { $0.isSearch ? $0.input.text : nil } }
    /// What was answered at each kind of prompt this run (a screen's searches, its filters),
    /// newest last: ↑ at a prompt brings them back.
    private var promptHistory: [String: [String]] = [:]
    static let promptHistoryLength = 50
    /// Warnings of every load this run, for the line printed on exit.
    public private(set) var warningsThisRun = 0
    /// Feeds shown from the cache before their first load: that load is still a first one
    /// (its items are not "new").
    private var shownFromCacheFirst: Set<String> = []
    public let theme: Theme
    /// The state the screens share, one store per domain.
    public let stores: BrowserStores

    public init(width: Int, height: Int, theme: Theme, views: [any BrowserView], current: ViewID? = nil,
                stores: BrowserStores = BrowserStores()) {
        precondition(!views.isEmpty, "a browser needs a view")
        self.width = width
        self.height = height
        self.theme = theme
        self.stores = stores
        tabs = views.map { view in
            var view = view
            view.attach(stores)
            return [view]
        }
        globalKeymap = Self.makeGlobalKeymap(tabs)
        numberScreens()
        if let current, let index = views.firstIndex(where: { $0.id == current }) { currentTab = index }
        layoutAll()
    }

    /// The registered views, opening on `current`; `feeds` is a parameter so tests can give it a
    /// fixed "now" for its relative dates.
    public init(width: Int, height: Int, theme: Theme, current: ViewID = .table, feeds: any BrowserView = ItemListView()) {
        self.init(width: width, height: height, theme: theme, views: ViewRegistry.standard(feeds: feeds), current: current)
    }

    /// Keeps a number for every screen: a screen pushed gets a new one, a popped one's goes
    /// (called where the stacks change: a key only changes a screen in place).
    private mutating func numberScreens() {
        if screenNumbers.count != tabs.count { screenNumbers = Array(repeating: [], count: tabs.count) }
        for tab in tabs.indices {
            if screenNumbers[tab].count > tabs[tab].count { screenNumbers[tab].removeLast(screenNumbers[tab].count - tabs[tab].count) }
            while screenNumbers[tab].count < tabs[tab].count {
                screenNumbers[tab].append(Self.screenCounter.add(1, ordering: .relaxed).newValue)
            }
        }
    }

    /// Where a reply to the tab's registered screen goes (a test kit answering for the runtime).
    func address(ofTab id: ViewID) -> ScreenAddress? {
        guard let tab = tabs.firstIndex(where: { $0[0].id == id }) else { return nil }
        return ScreenAddress(view: id, screen: screenNumbers[tab][0])
    }

    /// Where a reply to the screen on top of the current tab goes.
    func addressOfActiveScreen() -> ScreenAddress {
        ScreenAddress(view: active.id, screen: screenNumbers[currentTab][tabs[currentTab].count - 1])
    }

    /// A command's reply handed to the tab's registered screen, as the runtime hands it when the
    /// work is done: for tests and the benchmark, which answer for the runtime.
    @discardableResult
    public mutating func reply<Reply: Sendable>(to id: ViewID, key: String, label: String?, _ result: Result<Reply, LoadError>,
                                                at time: String = "12:00:00") -> [BrowserEffect] {
        guard let address = address(ofTab: id) else { return [] }
        return update(.replied(address, CommandReply(key: key, label: label, result: result.map { $0 as any Sendable }), at: time))
    }

    /// The rows between the header and the footer.
    public var contentArea: Rect {
        Rect(x: 0, y: 1, width: width, height: height - 3)
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// The current tab's registered view.
    public var current: ViewID { tabs[currentTab][0].id }

    /// The view on screen.
    public var active: any BrowserView { tabs[currentTab][tabs[currentTab].count - 1] }

    public var showsHelp: Bool { help != nil }

    /// The view on screen lacks rows it draws until a load lands (an item list's window).
    public var isWaitingForRows: Bool { active.isWaitingForRows }

    /// Whether any load is under way (the loop then ticks the spinner).
    public var isLoading: Bool { status.loading.values.contains { !$0.isEmpty } }

    /// The terminal window's title when the config's `notify-xterm` is on: the unread count.
    public var terminalTitle: String? {
        guard let feeds = view(FeedListView.self), feeds.reading.notifyXterm else { return nil }
        let unread = feeds.totalUnread
        return "fremont: \(unread) unread item\(unread == 1 ? "" : "s")"
    }

    /// The first view of type `V`, wherever it is.
    public func view<V: BrowserView>(_ type: V.Type) -> V? {
        for stack in tabs { for view in stack { if let match = view as? V { return match } } }
        return nil
    }

    // MARK: - Update

    public mutating func update(_ event: BrowserEvent) -> [BrowserEffect] {
        let effects = dispatch(event)
        return effects + takeDeferredCommands()
    }

    private mutating func dispatch(_ event: BrowserEvent) -> [BrowserEffect] {
        switch event {
        case .resize(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
            layoutAll()
            help?.layout(width: width, height: height)
        case .tick:
            status.spinnerFrame += 1
        case .notice(let text):
            status.message = text
        case .messageExpired(let serial):
            if status.messageSerial == serial { status.message = nil }
        case .report(let report):
            // Warnings from outside any load (the config, the feeds file): the Log lists them,
            // the status line counts them until the run ends.
            warningsThisRun += report.warningTotal
            status.settingsWarnings[report.source] = report.warningTotal
            // A file that could not be used at all stands on the status line as a failure.
            if let error = report.error { status.fail(error, at: report.time, view: report.view, source: report.source) }
            return broadcast(.report(report))
        case .programFinished(let outcome):
            status.message = outcome.message
            return broadcast(.programFinished(outcome))
        case .terminate(let code):
            return [.quit(status: code)]
        case .loadProgress(let id, let bytes, let expected):
            status.progress[id] = (bytes, expected)
        case .loadStarted(let id, let source):
            status.progress[id] = nil
            if !(status.loading[id] ?? []).contains(source) { status.loading[id, default: []].append(source) }
            return deliver(.loadStarted(source: source), to: id)
        case .loaded(let id, let source, let result, let time):
            return finishLoad(id, source: source, result: result, time: time)
        case .replied(let address, let reply, let time):
            return finishCommand(address, reply, time: time)
        case .reload(let id):
            guard let tab = tabs.firstIndex(where: { $0[0].id == id }) else { return [] }
            return apply(tabs[tab][0].load(.reload), fromTab: tab, screen: 0)
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .key(let key):
            return handleKey(key)
        }
        return []
    }

    private mutating func finishLoad(_ id: ViewID, source: String, result: Result<LoadPayload, LoadError>, time: String) -> [BrowserEffect] {
        status.loading[id]?.removeAll { $0 == source }
        if status.loading[id]?.isEmpty == true { status.progress[id] = nil }
        var effects: [BrowserEffect]
        let report: LoadReport?
        switch result {
        case .success(let payload):
            status.recovered(source)
            // Applied once, here: every screen of the feed reader reads it from the store.
            if case .feed(let feed) = payload {
                countArrivals(feed, source: source, view: id)
                stores.feeds.loaded(feed, source: source)
            }
            let warnings = payload.warnings
            // A list paging through the cache is no load the Log should list.
            switch payload {
            case .feed: report = LoadReport(view: id, source: source, time: time, warnings: warnings.kept, warningTotal: warnings.total)
            }
            effects = deliver(.loaded(source: source, payload), to: id)
        case .failure(let error):
            // The view keeps its last good data; the status line says what failed, where and when.
            if id == .feeds { stores.feeds.failed(error, source: source) }
            if error.kind != .cancelled { shownFromCacheFirst.remove(source) }
            effects = deliver(.loadFailed(source: source, error), to: id)
            if error.kind == .cancelled {
                status.message = "loading cancelled"
                report = nil
            } else {
                status.fail(error, at: time, view: id, source: source)
                report = LoadReport(view: id, source: source, time: time, error: error)
            }
        }
        if let report {
            warningsThisRun += report.warningTotal
            effects += broadcast(.report(report))
        }
        if status.loading[id]?.isEmpty ?? true, let arrived = status.arrivals.removeValue(forKey: id), arrived.reloaded {
            status.message = arrived.count == 0 ? "no new items" : "\(NumberText.count(arrived.count, "new item"))"
            if arrived.count > 0 || notifyAlways {
                let counts = NotifyFormat.Counts(newArticles: arrived.count, unreadArticles: stores.feeds.totals().unread,
                                                 unreadFeeds: stores.feeds.unreadFeedCount(), feedsWithNewArticles: arrived.feeds)
                effects.append(.notify(notifyFormat.message(counts)))
            }
        }
        return effects
    }

    /// A command's reply: the status line as for a load (its spinner stops, a failure is said and
    /// listed in the Log, a `StatusReport` said), then the screen that asked hears it, alone.
    private mutating func finishCommand(_ address: ScreenAddress, _ reply: CommandReply, time: String) -> [BrowserEffect] {
        // A feed's cached items, read before its fetch: shown unless the fetch came first; a
        // feed not in the cache yet simply waits for its fetch.
        if reply.key.hasPrefix(FeedCommands.keyPrefix), reply.key.hasSuffix(FeedCommands.cachedFirstSuffix) {
            let source = String(reply.key.dropFirst(FeedCommands.keyPrefix.count).dropLast(FeedCommands.cachedFirstSuffix.count))
            guard stores.feeds.feed(source: source) == nil, case .success(let value) = reply.result, let load = value as? FeedLoad else { return [] }
            stores.feeds.loaded(load.feed, source: source)
            shownFromCacheFirst.insert(source)
            return deliver(.loaded(source: source, .feed(load.feed)), to: address.view)
        }
        // A feed loaded: the feed store takes it, and every screen of the tab hears it.
        if reply.key.hasPrefix(FeedCommands.keyPrefix) {
            let source = reply.label ?? String(reply.key.dropFirst(FeedCommands.keyPrefix.count))
            let result = reply.result.flatMap { value -> Result<LoadPayload, LoadError> in
                guard let load = value as? FeedLoad else { return .failure(LoadError(source: source, "not a feed")) }
                return .success(.feed(load.feed))
            }
            return finishLoad(address.view, source: source, result: result, time: time)
        }
        var effects: [BrowserEffect] = []
        if let label = reply.label {
            status.loading[address.view]?.removeAll { $0 == label }
            if status.loading[address.view]?.isEmpty == true { status.progress[address.view] = nil }
        }
        var report: LoadReport?
        switch reply.result {
        case .success(let value):
            if let label = reply.label { status.recovered(label) }
            if let said = value as? StatusReport { status.message = said.text }
            if let load = value as? any LoggedLoad {
                let warnings = load.loadWarnings
                report = LoadReport(view: address.view, source: reply.label ?? address.view.name, time: time, warnings: warnings.kept,
                                    warningTotal: warnings.total)
            }
        case .failure(let error) where error.kind == .cancelled:
            if reply.label != nil { status.message = "loading cancelled" }
        case .failure(let error):
            let source = reply.label ?? error.source
            status.fail(error, at: time, view: address.view, source: source)
            report = LoadReport(view: address.view, source: source, time: time, error: error)
        }
        for tab in tabs.indices {
            guard let index = screenNumbers[tab].firstIndex(of: address.screen) else { continue }
            let outcome = tabs[tab][index].receive(.reply(reply), in: contentArea)
            // The screens opened over this one show its data (the charts over the table): they
            // lay out again too, and work out what they draw when it changed.
            if !isTooSmall {
                for shown in index..<tabs[tab].count { tabs[tab][shown].layout(in: contentArea) }
            }
            effects += apply(outcome, fromTab: tab, screen: index)
        }
        // The Log lists the load: its warnings, or why it failed.
        if let report {
            warningsThisRun += report.warningTotal
            effects += broadcast(.report(report))
        }
        return effects
    }

    /// Counts the items a feed's reload brought that its last load did not have, for the
    /// "N new items" said when the view's loads are done. A first load brings none "new".
    private mutating func countArrivals(_ feed: PreparedFeed, source: String, view: ViewID) {
        guard shownFromCacheFirst.remove(source) == nil, source != StarredItem.source, let old = stores.feeds.feed(source: source) else { return }
        // A feed fetched or read from the cache says how many items the load stored first.
        // (A whole feed read after one that came with its counts alone holds no item that is new.)
        let new = feed.arrived ?? feed.itemIDs.count(where: { !old.itemIDs.contains($0) })
        var arrived = status.arrivals[view] ?? (0, 0, false)
        arrived.count += new
        if new > 0 { arrived.feeds += 1 }
        arrived.reloaded = true
        status.arrivals[view] = arrived
    }

    /// Sends `message` to every view with that id.
    private mutating func deliver(_ message: ViewMessage, to id: ViewID) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for tab in tabs.indices {
            for index in tabs[tab].indices where tabs[tab][index].id == id {
                let outcome = tabs[tab][index].receive(message, in: contentArea)
                // New data is laid out at once, unless the window is too small to show it.
                if !isTooSmall { tabs[tab][index].layout(in: contentArea) }
                effects += apply(outcome, fromTab: tab, screen: index)
            }
        }
        return effects
    }

    /// The commands the screens want run since the event (the rest of a re-wrap), asked after every event.
    private mutating func takeDeferredCommands() -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for tab in tabs.indices {
            for index in tabs[tab].indices {
                if let command = tabs[tab][index].takeDeferredCommand() {
                    effects.append(.run(command, for: ScreenAddress(view: tabs[tab][index].id, screen: screenNumbers[tab][index])))
                }
            }
        }
        return effects
    }

    private mutating func broadcast(_ message: ViewMessage) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for tab in tabs.indices {
            for index in tabs[tab].indices {
                effects += apply(tabs[tab][index].receive(message, in: contentArea), fromTab: tab, screen: index)
            }
        }
        return effects
    }

    private mutating func layoutAll() {
        guard !isTooSmall else { return }
        for tab in tabs.indices {
            for index in tabs[tab].indices { tabs[tab][index].layout(in: contentArea) }
        }
    }

    /// Carries out what a view asked: messages and view changes here, the rest for the host.
    /// The screen under one that closed is on top again: it hears so (what it shows from the
    /// cache may have changed meanwhile).
    private mutating func reveal(_ tab: Int) -> [BrowserEffect] {
        let top = tabs[tab].count - 1
        return apply(tabs[tab][top].receive(.revealed, in: contentArea), fromTab: tab)
    }

    /// `screen`: the index in the tab's stack of the screen the effects came from (nil: the top one).
    private mutating func apply(_ effects: [ViewEffect], fromTab tab: Int, screen: Int? = nil) -> [BrowserEffect] {
        var out: [BrowserEffect] = []
        // The screen that asked, numbered before any push or pop below moves the stack (only a
        // command needs it: a key's effects are most often none, or a message).
        let asking = screen ?? tabs[tab].count - 1
        let askingNumber = screenNumbers[tab][asking]
        let askingView = effects.contains { switch $0 { case .run, .feeds: true; default: false } } ? tabs[tab][asking].id : nil
        for effect in effects {
            switch effect {
            case .message(let text): status.message = text
            case .push(var view):
                view.attach(stores)
                if !isTooSmall { view.layout(in: contentArea) }
                let opening = view.appear()
                tabs[tab].append(view)
                numberScreens()
                out += apply(opening, fromTab: tab, screen: tabs[tab].count - 1)
            case .pop:
                if tabs[tab].count > 1 {
                    tabs[tab].removeLast()
                    numberScreens()
                    out += reveal(tab)
                }
            case .host(let request): out.append(request)
            case .feeds(let intent):
                let writes = stores.feeds.apply(intent)
                if let askingView { out += writes.map { .run($0, for: ScreenAddress(view: askingView, screen: askingNumber)) } }
            case .prompt(let label, let text): openPrompt(label, text: text, isSearch: false, for: tabs[tab][tabs[tab].count - 1].id)
            case .run(let command):
                if let askingView { out.append(.run(command, for: ScreenAddress(view: askingView, screen: askingNumber))) }
            }
        }
        return out
    }

    // MARK: - Keys

    /// Keys that work on every view, before the view's own.
    enum GlobalAction: Sendable, Hashable {
        case close, quit, help, tab(Int), nextTab, previousTab, reload, reloadAll, search, cancelLoads, redraw, suspend
    }

    /// Built once: the tabs and their titles do not change.
    private(set) var globalKeymap = Keymap<GlobalAction>([])
    /// The config's `bind-key` lines in force.
    public var keyTranslations = KeyTranslations()
    /// The config's `notify-format` and `notify-always` (newsboat's): what `notify-program`
    /// hears after a reload, and whether it hears of reloads that brought nothing.
    public var notifyFormat = NotifyFormat.standard
    public var notifyAlways = false

    private static func makeGlobalKeymap(_ tabs: [[any BrowserView]]) -> Keymap<GlobalAction> {
        var bindings: [KeyBinding<GlobalAction>] = [
            KeyBinding(.character("q"), .close, "quit; in a view opened from another, back"),
            KeyBinding([.control("c"), .character("Q")], .quit, "quit from anywhere, at once"),
            KeyBinding(.character("?"), .help, "this help"),
        ]
        let count = min(9, tabs.count)
        let digits = (1...count).map { Key.character(Character(String($0))) }
        for (index, key) in digits.enumerated() {
            bindings.append(KeyBinding(key, .tab(index), "the \(tabs[index][0].title) tab"))
        }
        bindings += [
            KeyBinding(.tab, .nextTab, "next tab"),
            KeyBinding(.backTab, .previousTab, "previous tab"),
            KeyBinding(.character("r"), .reload, "reload what the view shows (a feed: that feed)"),
            KeyBinding(.character("R"), .reloadAll, "reload all the tab's sources"),
            KeyBinding(.character("/"), .search, "search (where the tab has one)"),
            KeyBinding(.escape, .cancelLoads, "cancel loading (while loading)"),
            KeyBinding(.control("l"), .redraw, "repaint the whole screen"),
            KeyBinding(.control("z"), .suspend, "suspend to the shell (fg comes back)"),
        ]
        return Keymap(bindings)
    }

    private mutating func handleKey(_ key: Key) -> [BrowserEffect] {
        status.message = nil
        if prompt != nil { return editPrompt(key) }
        if help != nil {
            switch help!.handle(key) {
            case .scrolled: break
            case .close: help = nil
            case .quit: return [.quit]
            }
            return []
        }
        if key == .control("c") { return [.quit] }
        // The config's bind-key lines: the key as the screen knows the operation.
        let key = keyTranslations.translate(key, in: active.bindingContext)
        // The screen's own keys come first (reading an item, a digit opens its link, `q` goes
        // back to the list); what it leaves is the browser's.
        let tab = currentTab, area = contentArea
        if !isTooSmall, let effects = tabs[tab][tabs[tab].count - 1].handle(key, in: area) { return apply(effects, fromTab: tab) }
        if let action = globalKeymap.action(for: key), let effects = performGlobal(action) { return effects }
        return []
    }

    /// Nil when the key is not global after all (Esc with nothing loading goes to the view).
    private mutating func performGlobal(_ action: GlobalAction) -> [BrowserEffect]? {
        switch action {
        case .close:
            guard tabs[currentTab].count > 1 else { return [.quit] }
            tabs[currentTab].removeLast()
            numberScreens()
            return reveal(currentTab)
        case .quit: return [.quit]
        case .help:
            var overlay = HelpOverlay(sections: helpSections(), theme: theme)
            overlay.layout(width: width, height: height)
            help = overlay
        case .tab(let index): currentTab = index
        case .nextTab: currentTab = (currentTab + 1) % tabs.count
        case .previousTab: currentTab = (currentTab + tabs.count - 1) % tabs.count
        case .reload:
            // Some of the tab's sources, by the screen on top; all of them, by the tab's own screen.
            let target = active.reloadTarget
            guard target != .reload else { return apply(tabs[currentTab][0].load(.reload), fromTab: currentTab, screen: 0) }
            return apply(tabs[currentTab][tabs[currentTab].count - 1].load(target), fromTab: currentTab)
        case .reloadAll:
            return apply(tabs[currentTab][0].load(.reload), fromTab: currentTab, screen: 0)
        case .search:
            if active.searchPrompt == nil {
                status.message = "the \(active.title) tab has no search"
            } else {
                openPrompt(active.searchPrompt ?? "Find", isSearch: true, for: active.id)
            }
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .cancelLoads:
            guard status.loading[current]?.isEmpty == false else { return nil }
            status.message = "cancelling…"
            return [.cancelLoads(current)]
        }
        return []
    }

    /// A prompt of `view`'s: its searches share a history, and each question (the words of its
    /// label before a parenthesis, which may say the current value) has its own.
    private mutating func openPrompt(_ label: String, text: String = "", isSearch: Bool, for view: ViewID) {
        let question = isSearch ? "/" : String(label.prefix { $0 != "(" && $0 != ":" }).trimmingCharacters(in: .whitespaces)
        let key = view.name + " " + question
        prompt = Prompt(label: label, input: TextInput(text, history: promptHistory[key] ?? []), isSearch: isSearch, historyKey: key)
    }

    private mutating func editPrompt(_ key: Key) -> [BrowserEffect] {
        guard var open = prompt else { return [] }
        switch open.input.handle(key) {
        case .cancelled: prompt = nil
        case .submitted(let text):
            prompt = nil
            guard !text.isEmpty, !isTooSmall else { return [] }
            remember(text, at: open.historyKey)
            let tab = currentTab, top = tabs[tab].count - 1, area = contentArea
            let effects = open.isSearch ? tabs[tab][top].search(text, forward: true, in: area)
                : tabs[tab][top].receive(.answer(text), in: area)
            return apply(effects, fromTab: tab)
        case .edited: prompt = open
        case .ignored: break
        }
        return []
    }

    private mutating func remember(_ answer: String, at key: String) {
        // Bounded: the newest answers of the newest questions.
        if promptHistory[key] == nil, promptHistory.count >= 64 { promptHistory.removeAll() }
        var answers = promptHistory[key, default: []]
        answers.removeAll { $0 == answer }
        answers.append(answer)
        promptHistory[key] = Array(answers.suffix(Self.promptHistoryLength))
    }

    // MARK: - Mouse

    private mutating func handleMouse(_ mouse: MouseEvent) -> [BrowserEffect] {
        guard !isTooSmall, prompt == nil else { return [] }
        if help != nil {
            switch mouse.kind {
            case .wheelUp: help!.scroll(by: -3)
            case .wheelDown: help!.scroll(by: 3)
            case .press: help = nil
            }
            return []
        }
        let tab = currentTab, top = tabs[tab].count - 1, area = contentArea
        switch mouse.kind {
        case .wheelUp: tabs[tab][top].scroll(by: -3, in: area)
        case .wheelDown: tabs[tab][top].scroll(by: 3, in: area)
        case .press:
            if mouse.y == 0, let index = tabAt(x: mouse.x) {
                currentTab = index
                return []
            }
            return apply(tabs[tab][top].click(x: mouse.x, y: mouse.y, in: area), fromTab: tab)
        }
        return []
    }

    // MARK: - Render

    /// Draws every cell: the header and footer here, the content by the active view, which
    /// draws every cell of its rectangle (so nothing is cleared twice).
    public func render(into buffer: inout ScreenBuffer) {
        if isTooSmall {
            buffer.clear()
            let message = "Window too small: \(width)×\(height), need \(Self.minimumWidth)×\(Self.minimumHeight)"
            for (offset, line) in TextLayout.wrap(message, width: max(1, width)).prefix(height).enumerated() {
                buffer.write(line, x: 0, y: offset, style: theme.warning)
            }
            return
        }
        let view = active
        renderHeader(view, into: &buffer)
        view.render(into: &buffer, area: contentArea, theme: theme)
        renderFooter(view, into: &buffer)
        help?.render(into: &buffer, theme: theme)
    }

    /// The header's tabs as drawn: the name and a space between tabs while the view's source
    /// still fits after them, dropped (in that order) when it would not, so six tabs leave an
    /// 80-column header room for "3 items".
    private struct HeaderLayout {
        var brand: String
        var gap: Int
        var labels: [String]
        var width: Int { DisplayWidth.of(brand) + labels.reduce(0) { $0 + DisplayWidth.of($1) } + gap * labels.count }
    }

    private func headerLayout(source: String) -> HeaderLayout {
        let labels = tabs.indices.map { " \($0 + 1) \(tabs[$0][0].title) " }
        let needed = source.isEmpty ? 0 : DisplayWidth.of(source) + 2
        let choices = [HeaderLayout(brand: " Fremont ", gap: 1, labels: labels),
                       HeaderLayout(brand: "", gap: 1, labels: labels),
                       HeaderLayout(brand: "", gap: 0, labels: labels)]
        return choices.first { width - $0.width >= needed } ?? choices[choices.count - 1]
    }

    private func headerSource(_ view: any BrowserView) -> String {
        TerminalSafeText.singleLine(SourceName.file(view.sourceName))
    }

    private func tabAt(x: Int) -> Int? {
        let layout = headerLayout(source: headerSource(active))
        var column = DisplayWidth.of(layout.brand)
        for (index, label) in layout.labels.enumerated() {
            let width = DisplayWidth.of(label)
            if x >= column && x < column + width { return index }
            column += width + layout.gap
        }
        return nil
    }

    private func renderHeader(_ view: any BrowserView, into buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        let source = headerSource(view)
        let layout = headerLayout(source: source)
        var x = buffer.write(layout.brand, x: 0, y: 0, style: theme.header.adding(.bold))
        for (index, label) in layout.labels.enumerated() {
            x += buffer.write(label, x: x, y: 0, style: index == currentTab ? theme.activeTab : theme.inactiveTab)
            x += layout.gap
        }
        if !source.isEmpty, width - x > 12 {
            let shown = TextLayout.truncate(source, to: width - x - 2)
            buffer.write(shown, x: width - DisplayWidth.of(shown) - 1, y: 0, style: theme.header)
        }
    }

    private func renderFooter(_ view: any BrowserView, into buffer: inout ScreenBuffer) {
        let hintsRow = height - 2, statusRow = height - 1
        buffer.fill(Rect(x: 0, y: hintsRow, width: width, height: 2), style: theme.footer)
        if let open = prompt {
            // The label keeps at most half the line: the answer is what is being typed.
            let x = buffer.write(" " + open.label + ": ", x: 0, y: hintsRow, style: theme.footerKey, maxWidth: max(10, width / 2))
            open.input.render(into: &buffer, x: x, y: hintsRow, width: width - x - 1, style: theme.footerKey)
            buffer.write(open.isSearch ? " Enter find · Esc cancel · ↑ earlier" : " Enter · Esc cancel · ↑ earlier", x: 0, y: statusRow, style: theme.footer)
            return
        }
        // "? help" and "q quit" always show: the view's hints get the room that is left.
        let always = [KeyHint("?", "help", for: [.character("?")]),
                      KeyHint("q", tabs[currentTab].count > 1 ? "back" : "quit", for: [.character("q")])]
        func needed(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.action) + 3 }
        var room = width - 1 - always.reduce(0) { $0 + needed($1) }
        var hints: [KeyHint] = []
        for hint in view.footerHints where needed(hint) <= room {
            hints.append(hint)
            room -= needed(hint)
        }
        var x = 1
        for hint in hints + always {
            x += buffer.write(hint.keys, x: x, y: hintsRow, style: theme.footerKey)
            x += buffer.write(" " + hint.action + "  ", x: x, y: hintsRow, style: theme.footer)
        }
        let logKey = tabs.firstIndex { $0[0].id == .log }.map { String($0 + 1) }
        let statusText = status.text(for: view, id: current, logKey: logKey)
        var statusX = buffer.write(" " + statusText, x: 0, y: statusRow, style: theme.footer)
        let separator = statusText.isEmpty ? 0 : 3
        if let failures = status.failureText(width: width - statusX - separator, logKey: logKey) {
            statusX += buffer.write(separator == 0 ? "" : " · ", x: statusX, y: statusRow, style: theme.footer)
            buffer.write(failures, x: statusX, y: statusRow, style: theme.error, maxWidth: width - statusX)
        }
    }

    /// The help's sections: the global keys, the view's, the mouse.
    func helpSections() -> [HelpOverlay.Section] {
        [
            HelpOverlay.Section(title: "Everywhere", entries: globalKeymap.help),
            HelpOverlay.Section(title: active.title, entries: active.helpEntries),
        ] + (keyTranslations.isEmpty ? [] : [
            HelpOverlay.Section(title: "Your bindings (bind-key in the config)", entries: keyTranslations.bindings.map {
                HelpEntry(keys: $0.key.label, help: $0.operation + ($0.context == "all" ? "" : " (\($0.context))"))
            }),
        ]) + [
            HelpOverlay.Section(title: "Mouse", entries: [
                HelpEntry(keys: "wheel", help: "scroll"), HelpEntry(keys: "click", help: "select"),
                HelpEntry(keys: "click a tab", help: "switch to it"),
            ]),
        ]
    }
}
