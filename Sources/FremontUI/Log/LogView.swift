import FremontCore

extension ViewID {
    public static let log = ViewID("log")
}

/// The Log tab: every warning and error of every load this run, newest first, each with when it
/// happened, its source and line:column, and the message wrapped to the width.
public struct LogView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion)
    }

    /// One line of the log.
    public struct Entry: Sendable, Hashable {
        public enum Severity: Sendable, Hashable { case warning, error }

        public var time: String
        public var source: String
        public var location: SourceLocation?
        public var message: String
        public var severity: Severity

        /// `file.xml:3:17`, the source shortened to its file name as errors show it.
        var place: String {
            let name = TerminalSafeText.singleLine(SourceName.file(source))
            return location.map { "\(name):\($0)" } ?? name
        }
    }

    /// Entries kept: a feed with thousands of broken items must not grow the log without end.
    public static let maximumEntries = 10_000

    public let id = ViewID.log
    public let title = "Log"
    /// Newest first.
    public private(set) var entries: [Entry] = []
    /// Entries dropped for the limit, oldest first.
    public private(set) var dropped = 0
    private var wrapped: [[String]] = []
    private var wrapWidth = 0
    private(set) var metrics = StackedMetrics()
    private(set) var list = ListState()

    public init() {}

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(KeyBinding.movement(down: (.move(.down), "older entry"), up: (.move(.up), "newer entry"),
                         pageDown: (.move(.pageDown), "a page down"), pageUp: (.move(.pageUp), "a page up"),
                         first: (.move(.first), "newest entry"), last: (.move(.last), "oldest entry")), footer: [
            KeyHint("j/k", "move", for: [.character("j"), .character("k")]),
            KeyHint("PgUp/PgDn", "page", for: [.pageUp, .pageDown]),
            KeyHint("g/G", "newest/oldest", for: [.character("g"), .character("G")]),
        ])

    public var sourceName: String {
        entries.isEmpty ? "" : "\(entries.count + dropped) entr\(entries.count + dropped == 1 ? "y" : "ies")"
    }

    // MARK: - Messages

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        guard case .report(let report) = message else { return [] }
        var added: [Entry] = []
        if let error = report.error {
            added.append(Entry(time: report.time, source: error.source, location: error.location, message: error.message, severity: .error))
        }
        for warning in report.warnings {
            added.append(Entry(time: report.time, source: report.source, location: warning.location, message: warning.message, severity: .warning))
        }
        let untold = report.warningTotal - report.warnings.count
        if untold > 0 {
            added.append(Entry(time: report.time, source: report.source, location: nil,
                               message: "\(untold) more warning\(untold == 1 ? "" : "s") not kept", severity: .warning))
        }
        guard !added.isEmpty else { return [] }
        // Newest first: the load's entries in their own order, above the older ones.
        add(added)
        return []
    }

    private mutating func add(_ added: [Entry]) {
        let anchor = list.anchor(metrics)
        let reading = list.selected > 0 || list.offset > 0
        entries.insert(contentsOf: added, at: 0)
        wrapped.insert(contentsOf: added.map { wrap($0) }, at: 0)
        var shift = added.count
        if entries.count > Self.maximumEntries {
            let excess = entries.count - Self.maximumEntries
            entries.removeLast(excess)
            wrapped.removeLast(excess)
            dropped += excess
        }
        measure()
        // A reader part-way down stays on the entry they were reading; at the top, new ones show.
        if reading {
            shift = min(list.selected + shift, entries.count - 1)
            list.selectKeepingView(shift, metrics)
            if let anchor { list.restore(anchor: anchor, metrics) }
        }
    }

    // MARK: - Layout

    /// Text columns: a margin on the left, the scroll indicator's column on the right.
    private static func textWidth(_ area: Rect) -> Int { max(1, area.width - 3) }

    private func wrap(_ entry: Entry) -> [String] {
        guard wrapWidth > 0 else { return [] }
        return TextLayout.wrap(TerminalSafeText.singleLine(entry.message), width: max(1, wrapWidth - 2))
    }

    private mutating func measure() {
        metrics = StackedMetrics(heights: wrapped.map { 1 + max(1, $0.count) })
        list.clamp(metrics)
    }

    public mutating func layout(in area: Rect) {
        let width = Self.textWidth(area)
        if width != wrapWidth {
            wrapWidth = width
            wrapped = entries.map { wrap($0) }
            measure()
        }
        list.resize(height: area.height, metrics)
        list.keepVisible(metrics)
    }

    // MARK: - Keys

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        switch action {
        case .move(let motion): list.move(motion, metrics)
        }
        return []
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        _ = list.click(row: y - area.y, metrics)
        return []
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !entries.isEmpty else {
            Placeholder.empty("Nothing yet: every warning and error of this run's loads shows here, newest first.")
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = self
        if shown.wrapWidth != Self.textWidth(area) || shown.list.height != area.height { shown.layout(in: area) }
        shown.draw(into: &buffer, area: area, theme: theme)
    }

    private func draw(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        let x = area.x + 1, width = wrapWidth
        ListView.render(list, metrics, area: area, into: &buffer, theme: theme) { index, line, y, buffer in
            let entry = entries[index]
            let isSelected = index == list.selected
            if line == 0 {
                var head = StyledLine(" ")
                head.append(entry.time + "  ", theme.dim)
                head.append(entry.severity == .error ? "error  " : "warning  ", entry.severity == .error ? theme.error : theme.warning)
                head.append(entry.place, theme.title)
                buffer.drawRow(head, x: area.x, y: y, width: area.width - 1, selected: isSelected, theme: theme)
            } else if line - 1 < wrapped[index].count {
                buffer.write(wrapped[index][line - 1], x: x + 2, y: y, maxWidth: width - 2)
            }
        }
    }
}
