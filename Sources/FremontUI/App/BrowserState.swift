import FremontCore

/// The whole browser as a value: the tabs' states, the status line, overlays. `update` is the
/// one place state changes (keys, mouse, resizes, finished loads); `render` draws it into a
/// buffer. No terminal here: tests drive it directly.
public struct BrowserState: Sendable {
    public static let minimumWidth = 32
    public static let minimumHeight = 8

    public var current: TabID
    public var bikes = BikesTab()
    public var feeds: FeedsTab
    public var weather = WeatherTab()
    public var status = StatusLine()
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var showHelp = false
    /// The search being typed, when the prompt is open.
    public private(set) var searchDraft: String?
    public private(set) var lastSearch: String?
    /// Tabs whose loads were cancelled: their failures are "cancelled", not errors.
    private var cancelling: Set<TabID> = []
    public let theme: Theme

    /// `feeds` is a parameter so tests can give it a fixed "now" for its relative dates.
    public init(width: Int, height: Int, theme: Theme, current: TabID = .bikes, feeds: FeedsTab = FeedsTab()) {
        self.width = width
        self.height = height
        self.theme = theme
        self.current = current
        self.feeds = feeds
    }

    /// The rows between the header and the footer.
    public var contentArea: Rect {
        Rect(x: 0, y: 1, width: width, height: height - 3)
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    // MARK: - Update

    public mutating func update(_ event: BrowserEvent) -> [BrowserEffect] {
        switch event {
        case .resize(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
            if !isTooSmall { bikes.resize(viewport: contentArea) }
            if !isTooSmall { weather.resize(viewport: contentArea) }
            if !isTooSmall { feeds.resize(viewport: contentArea) }
        case .tick:
            status.spinnerFrame += 1
        case .notice(let text):
            status.message = text
        case .loadProgress(let tab, let bytes, let expected):
            status.progress[tab] = (bytes, expected)
        case .loadStarted(let tab, let source):
            status.progress[tab] = nil
            if tab == .feeds {
                // Several feeds load at once: the status line counts them until the last is in.
                feeds.loadStarted(source)
                syncFeedsStatus()
            } else {
                status.loading[tab] = source
            }
        case .bikesLoaded(let source, let result, let time):
            status.loading[.bikes] = nil
            switch result {
            case .success(let counts):
                bikes.show(counts, source: source)
                bikes.resize(viewport: contentArea)
                status.warnings[.bikes] = counts.warnings.count
                clearError(of: source)
            case .failure(let error):
                // The last good data stays on screen; the error says what failed and when.
                if noteCancelled(.bikes) { bikes.loadFailed("loading was cancelled"); break }
                status.lastError = (error.shortDescription, time)
                bikes.loadFailed(error.shortDescription)
            }
        case .weatherLoaded(let source, let result, let time):
            status.loading[.weather] = nil
            switch result {
            case .success(let forecast):
                weather.show(forecast, source: source)
                weather.resize(viewport: contentArea)
                clearError(of: source)
            case .failure(let error):
                // As for bikes: the last good forecast stays; the status line says what failed.
                weather.loadFailed(error, source: source)
                if noteCancelled(.weather) { break }
                status.lastError = (error.shortDescription, time)
            }
        case .feedsLoaded(let source, let result, let time):
            switch result {
            case .success(let prepared):
                feeds.show(prepared, source: source)
                clearError(of: source)
            case .failure(let error):
                // This feed's last good items stay (the others are untouched); the status line
                // says what failed, where (file:line:col) and when.
                feeds.loadFailed(error, source: source)
                if !noteCancelled(.feeds) { status.lastError = (error.shortDescription, time) }
            }
            if !isTooSmall { feeds.resize(viewport: contentArea) }
            syncFeedsStatus()
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .key(let key):
            return handleKey(key)
        }
        return []
    }

    private mutating func handleKey(_ key: Key) -> [BrowserEffect] {
        status.message = nil
        if searchDraft != nil { return editSearch(key) }
        if showHelp {
            // Any key closes the help; q still quits.
            showHelp = false
            return key == .character("q") ? [.quit] : []
        }
        switch key {
        case .character("q"), .control("c"): return [.quit]
        case .character("?"): showHelp = true
        case .character("1"): current = .bikes
        case .character("2"): current = .feeds
        case .character("3"): current = .weather
        case .tab: current = TabID(rawValue: (current.rawValue + 1) % TabID.allCases.count)!
        case .backTab: current = TabID(rawValue: (current.rawValue + TabID.allCases.count - 1) % TabID.allCases.count)!
        case .character("r"): return [.reload(current)]
        case .escape where status.loading[current] != nil:
            cancelling.insert(current)
            status.message = "cancelling…"
            return [.cancelLoads(current)]
        case .character("<") where current == .bikes: return monthEffect(by: -1)
        case .character(">") where current == .bikes: return monthEffect(by: 1)
        case .character("/"): searchDraft = ""
        case .character("n") where current == .bikes && lastSearch != nil: apply(tabSearch(lastSearch!, forward: true))
        // The Feeds tab keeps its own search: its n/N/p go to it (n moves by item without one).
        case .character("N") where current != .feeds && lastSearch != nil: apply(tabSearch(lastSearch!, forward: false))
        default:
            guard !isTooSmall else { return [] }
            return apply(tabHandle(key))
        }
        return []
    }

    /// The status line's view of the Feeds tab, which several feeds load into at once.
    private mutating func syncFeedsStatus() {
        status.loading[.feeds] = feeds.loadingText
        status.warnings[.feeds] = feeds.warningCount
    }

    /// A source that loads again clears its own last error (errors name the file, as
    /// `ParseError.shortDescription` writes them), and no other source's.
    private mutating func clearError(of source: String) {
        if let error = status.lastError, error.message.hasPrefix(SourceName.file(source) + ":") { status.lastError = nil }
    }

    /// A failure on a tab whose loads were cancelled is the cancellation: say so, once, and do
    /// not report it as an error. Returns true when it was.
    private mutating func noteCancelled(_ tab: TabID) -> Bool {
        guard cancelling.contains(tab) else { return false }
        if status.loading[tab] == nil { cancelling.remove(tab) }
        status.message = "loading cancelled"
        return true
    }

    /// The month before or after the selected hour's, from the open-data API.
    private func monthEffect(by delta: Int) -> [BrowserEffect] {
        guard !bikes.isEmpty else { return [] }
        let date = bikes.rows[bikes.selectedRow].date
        let index = date.year * 12 + (date.month - 1) + delta
        return [.loadMonth(year: index / 12, month: index % 12 + 1)]
    }

    private mutating func editSearch(_ key: Key) -> [BrowserEffect] {
        guard var draft = searchDraft else { return [] }
        switch key {
        case .escape, .control("c"): searchDraft = nil
        case .enter:
            searchDraft = nil
            guard !draft.isEmpty else { return [] }
            lastSearch = draft
            return apply(tabSearch(draft, forward: true))
        case .backspace, .delete:
            if !draft.isEmpty { draft.removeLast() }
            searchDraft = draft
        case .character(let character):
            if draft.count < 80 { draft.append(character) }
            searchDraft = draft
        default: break
        }
        return []
    }

    private mutating func handleMouse(_ mouse: MouseEvent) -> [BrowserEffect] {
        guard !isTooSmall, searchDraft == nil else { return [] }
        if showHelp {
            showHelp = false
            return []
        }
        switch mouse.kind {
        case .wheelUp: tabScroll(by: -3)
        case .wheelDown: tabScroll(by: 3)
        case .press:
            if mouse.y == 0, let tab = tabAt(x: mouse.x) {
                current = tab
                return []
            }
            return apply(tabClick(x: mouse.x, y: mouse.y))
        }
        return []
    }

    @discardableResult
    private mutating func apply(_ outcome: TabOutcome) -> [BrowserEffect] {
        switch outcome {
        case .ignored, .handled: return []
        case .message(let text):
            status.message = text
            return []
        case .openLink(let link): return [.openLink(link)]
        case .markRead(let source, let id): return [.markRead(source: source, id: id)]
        }
    }

    // MARK: - Dispatch to the current tab

    private mutating func tabHandle(_ key: Key) -> TabOutcome {
        switch current {
        case .bikes: return bikes.handle(key, viewport: contentArea)
        case .weather: return weather.handle(key, viewport: contentArea)
        case .feeds: return feeds.handle(key, viewport: contentArea)
        }
    }

    private mutating func tabScroll(by lines: Int) {
        switch current {
        case .bikes: bikes.scroll(by: lines, viewport: contentArea)
        case .weather: weather.scroll(by: lines, viewport: contentArea)
        case .feeds: feeds.scroll(by: lines, viewport: contentArea)
        }
    }

    private mutating func tabClick(x: Int, y: Int) -> TabOutcome {
        switch current {
        case .bikes: return bikes.click(x: x, y: y, viewport: contentArea)
        case .weather: return weather.click(x: x, y: y, viewport: contentArea)
        case .feeds: return feeds.click(x: x, y: y, viewport: contentArea)
        }
    }

    private mutating func tabSearch(_ query: String, forward: Bool) -> TabOutcome {
        switch current {
        case .bikes: return bikes.search(query, forward: forward, viewport: contentArea)
        case .weather: return .message("search works on the Bikes and Feeds tabs")
        case .feeds: return feeds.search(query, forward: forward, viewport: contentArea)
        }
    }

    private func tabHints() -> [KeyHint] {
        switch current {
        case .bikes: return BikesTab.hints
        case .weather: return WeatherTab.hints
        case .feeds: return feeds.currentHints
        }
    }

    private func sourceName(_ tab: TabID) -> String {
        switch tab {
        case .bikes: return bikes.sourceName
        case .weather: return weather.sourceName
        case .feeds: return feeds.sourceName
        }
    }

    // MARK: - Render

    public static let globalHints: [KeyHint] = [
        KeyHint("1 2 3/Tab", "switch tab"), KeyHint("/", "search"), KeyHint("n/N", "next/previous match"),
        KeyHint("r", "reload"), KeyHint("Esc", "cancel loading"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]

    public func render(into buffer: inout ScreenBuffer) {
        buffer.clear()
        if isTooSmall {
            let message = "Window too small: \(width)×\(height), need \(Self.minimumWidth)×\(Self.minimumHeight)"
            for (offset, line) in TextLayout.wrap(message, width: max(1, width)).prefix(height).enumerated() {
                buffer.write(line, x: 0, y: offset, style: theme.warning)
            }
            return
        }
        renderHeader(into: &buffer)
        switch current {
        case .bikes: bikes.render(into: &buffer, viewport: contentArea, theme: theme)
        case .weather: weather.render(into: &buffer, viewport: contentArea, theme: theme)
        case .feeds: feeds.render(into: &buffer, viewport: contentArea, theme: theme)
        }
        renderFooter(into: &buffer)
        if showHelp { renderHelp(into: &buffer) }
    }


    private func tabLabels() -> [(tab: TabID, label: String)] {
        TabID.allCases.map { ($0, " \($0.rawValue + 1) \($0.title) ") }
    }

    private func tabAt(x: Int) -> TabID? {
        var column = DisplayWidth.of(" Fremont ")
        for (tab, label) in tabLabels() {
            let width = DisplayWidth.of(label)
            if x >= column && x < column + width { return tab }
            column += width + 1
        }
        return nil
    }

    private func renderHeader(into buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        var x = buffer.write(" Fremont ", x: 0, y: 0, style: theme.header.adding(.bold))
        for (tab, label) in tabLabels() {
            x += buffer.write(label, x: x, y: 0, style: tab == current ? theme.activeTab : theme.inactiveTab)
            x += buffer.write(" ", x: x, y: 0, style: theme.header)
        }
        let source = FeedSlot.fileName(sourceName(current))
        if !source.isEmpty, width - x > 12 {
            let shown = TextLayout.truncate(source, to: width - x - 2)
            buffer.write(shown, x: width - DisplayWidth.of(shown) - 1, y: 0, style: theme.header)
        }
    }

    private func renderFooter(into buffer: inout ScreenBuffer) {
        let hintsRow = height - 2, statusRow = height - 1
        buffer.fill(Rect(x: 0, y: hintsRow, width: width, height: 2), style: theme.footer)
        if let draft = searchDraft {
            let prompt = current == .bikes ? "Find date: " : "Find: "
            let x = buffer.write(" " + prompt + draft, x: 0, y: hintsRow, style: theme.footerKey)
            buffer.write("▏", x: x, y: hintsRow, style: theme.footerKey)
            buffer.write(" Enter find · Esc cancel", x: 0, y: statusRow, style: theme.footer)
            return
        }
        // "? help" and "q quit" always show: the tab's hints get the room that is left.
        let always = [KeyHint("?", "help"), KeyHint("q", "quit")]
        func needed(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.action) + 3 }
        var room = width - 1 - always.reduce(0) { $0 + needed($1) }
        var hints: [KeyHint] = []
        for hint in tabHints() where needed(hint) <= room {
            hints.append(hint)
            room -= needed(hint)
        }
        var x = 1
        for hint in hints + always {
            x += buffer.write(hint.keys, x: x, y: hintsRow, style: theme.footerKey)
            x += buffer.write(" " + hint.action + "  ", x: x, y: hintsRow, style: theme.footer)
        }
        let statusText = status.text(for: current)
        var statusX = buffer.write(" " + statusText, x: 0, y: statusRow, style: theme.footer)
        if let error = status.lastError {
            statusX += buffer.write(statusText.isEmpty ? "" : " · ", x: statusX, y: statusRow, style: theme.footer)
            buffer.write("\(error.at) \(error.message)", x: statusX, y: statusRow, style: theme.error, maxWidth: width - statusX)
        }
    }

    /// Each tab's keys beyond the common ones, for the help overlay.
    private func helpSection(_ tab: TabID) -> [KeyHint] {
        switch tab {
        case .bikes: return BikesTab.hints + [KeyHint("< >", "previous/next month (open-data API)"), KeyHint("h (heatmap)", "back to the table"), KeyHint("←/→ (heatmap)", "previous/next hour")]
        case .feeds: return FeedsTab.helpHints
        case .weather: return WeatherTab.hints
        }
    }

    /// The keys: the common ones, then the current tab's, then the mouse. The closing line is
    /// always shown, however short the window.
    private func renderHelp(into buffer: inout ScreenBuffer) {
        let sections: [(String, [KeyHint])] = [
            ("Everywhere", [KeyHint("j/k ↓/↑", "move"), KeyHint("PgDn/PgUp Space", "page"), KeyHint("g/G Home/End", "first/last")] + Self.globalHints),
            (current.title, helpSection(current)),
            ("Mouse", [KeyHint("wheel", "scroll"), KeyHint("click", "select"), KeyHint("click a tab", "switch")]),
        ].filter { !$0.1.isEmpty }
        var lines: [(String, Style)] = [("Keys", theme.overlay.adding(.bold)), ("", theme.overlay)]
        for (section, hints) in sections {
            lines.append((section, theme.overlay.adding(.underline)))
            for hint in hints { lines.append(("  " + TextLayout.padRight(hint.keys, to: 18) + hint.action, theme.overlay)) }
        }
        let closing = ("Any key closes this help.", theme.overlay.adding(.dim))
        let boxWidth = min(width - 2, 52)
        let boxHeight = min(height - 2, lines.count + 4)
        let box = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        buffer.fill(box, style: theme.overlay)
        for (offset, line) in lines.prefix(max(0, boxHeight - 4)).enumerated() {
            buffer.write(line.0, x: box.x + 2, y: box.y + 1 + offset, style: line.1, maxWidth: box.width - 4)
        }
        buffer.write(closing.0, x: box.x + 2, y: box.maxY - 2, style: closing.1, maxWidth: box.width - 4)
    }
}
