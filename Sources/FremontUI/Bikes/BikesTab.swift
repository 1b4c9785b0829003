import Foundation
import FremontCore

extension ViewID {
    public static let bikes = ViewID("bikes")
}

extension BrowserEffect {
    /// Another month of bike counts from the open-data API (`<` and `>`).
    public static func loadMonth(year: Int, month: Int) -> BrowserEffect { .load(.bikes, .month(year: year, month: month)) }
}

extension BrowserEvent {
    /// A finished load of bike counts.
    public static func bikesLoaded(source: String, _ result: Result<BikeCounts, ParseError>, at time: String) -> BrowserEvent {
        .loaded(.bikes, source: source, result.map(LoadPayload.bikes), at: time)
    }
}

/// The Bikes tab: the hourly table (or the heatmap) of the loaded counts, with the summary.
/// State and keys; `BikesView` draws it.
public struct BikesTab: BrowserView {
    public enum Mode: Sendable { case table, heatmap }

    public enum Action: Sendable, Hashable {
        case down, up, pageDown, pageUp, first, last, nextDay, previousDay
        case heatmap, table, nextHour, previousHour
        case nextMatch, previousMatch, previousMonth, nextMonth
    }

    public let id = ViewID.bikes
    public let title = "Bikes"
    public private(set) var counts: BikeCounts?
    public private(set) var sourceName = ""
    /// The table's rows (the selection is the selected hour).
    private(set) var table = ListState()
    /// The heatmap's days, one line each.
    private(set) var days = ListState()
    public private(set) var mode = Mode.table
    var layout = BikeTableLayout(rows: [])
    /// Why there is nothing to show, when the first load failed.
    public private(set) var loadError: String?
    /// The busiest hour's total, which a full bar stands for.
    private(set) var maxHourTotal = 1
    /// The last `/` search, for `n` and `N`.
    public private(set) var lastSearch: String?

    public init() {}

    public var isEmpty: Bool { counts?.rows.isEmpty ?? true }
    public var rows: [BikeRow] { counts?.rows ?? [] }
    public var selectedRow: Int { table.selected }
    /// The first list line shown (table mode) or the first day shown (heatmap mode).
    public var topLine: Int { table.offset }
    public var topDay: Int { days.offset }
    public var warningCount: Int { counts?.warnings.count ?? 0 }
    public var searchPrompt: String? { "Find date" }
    private var dayMetrics: UniformMetrics { UniformMetrics(count: layout.dayCount) }

    // MARK: - Loads

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .loaded(let source, .bikes(let counts)):
            show(counts, source: source)
        case .loadFailed(_, let error):
            // What was shown stays; with nothing shown yet, the tab says why.
            loadError = error.kind == .cancelled ? "loading was cancelled" : error.shortDescription
        default: break
        }
        return []
    }

    /// New data: the selection stays on the same hour when the new data has it.
    public mutating func show(_ counts: BikeCounts, source: String) {
        loadError = nil
        let keptDate = self.counts.flatMap { $0.rows.indices.contains(selectedRow) ? $0.rows[selectedRow].date : nil }
        self.counts = counts
        sourceName = source
        layout = BikeTableLayout(rows: counts.rows)
        maxHourTotal = max(1, counts.rows.lazy.compactMap(\.total).max() ?? 1)
        table = ListState()
        days = ListState()
        if let keptDate, let index = Self.firstIndex(in: counts.rows, atOrAfter: keptDate) { table.select(index, layout) }
    }

    /// The header rows above the list (summary, legend, column names) for a viewport height.
    static func headerHeight(for viewport: Rect) -> Int {
        viewport.height >= 14 ? 4 : 1
    }

    static func listHeight(for viewport: Rect) -> Int {
        max(1, viewport.height - headerHeight(for: viewport))
    }

    /// Keeps the selection visible after a resize.
    public mutating func layout(in area: Rect) {
        table.resize(height: Self.listHeight(for: area), layout)
        days.resize(height: max(1, Self.listHeight(for: area) - 1), dayMetrics)  // the hour ruler takes a line
        guard !isEmpty else { return }
        if mode == .heatmap { keepDayVisible() } else { table.reveal(layout) }
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { mode == .heatmap ? Self.heatmapKeymap : Self.tableKeymap }

    // Built once: a key press looks its action up without building anything.
    private static let commonBindings: [KeyBinding<Action>] = [
        KeyBinding(.character("n"), .nextMatch, "next hour matching the search"),
        KeyBinding(.character("N"), .previousMatch, "previous hour matching the search"),
        KeyBinding(.character("<"), .previousMonth, "previous month (open-data API)"),
        KeyBinding(.character(">"), .nextMonth, "next month (open-data API)"),
    ]

    private static let tableKeymap = Keymap<Action>(
        KeyBinding.movement(down: (.down, "next hour"), up: (.up, "previous hour"), pageDown: (.pageDown, "a page down"),
                            pageUp: (.pageUp, "a page up"), first: (.first, "first hour"), last: (.last, "last hour")) + [
            KeyBinding(.character("]"), .nextDay, "next day"),
            KeyBinding(.character("["), .previousDay, "start of the day, then the day before"),
            KeyBinding(.character("h"), .heatmap, "heatmap: days down, hours across"),
        ] + commonBindings,
        footer: [
            KeyHint("j/k", "move", for: [.character("j"), .character("k")]),
            KeyHint("PgUp/PgDn", "page", for: [.pageUp, .pageDown]),
            KeyHint("[ ]", "day", for: [.character("["), .character("]")]),
            KeyHint("/", "find date", for: [.character("/")]),
            KeyHint("h", "heatmap", for: [.character("h")]),
        ])

    private static let heatmapKeymap = Keymap<Action>(
        [
            KeyBinding([.character("j"), .down, .character("]")], .nextDay, "next day", label: "j ↓ ]"),
            KeyBinding([.character("k"), .up, .character("[")], .previousDay, "previous day", label: "k ↑ ["),
            KeyBinding([.pageDown, .character(" "), .control("f")], .pageDown, "a page of days down"),
            KeyBinding([.pageUp, .control("b")], .pageUp, "a page of days up"),
            KeyBinding([.character("g"), .home], .first, "first day"),
            KeyBinding([.character("G"), .end], .last, "last day"),
            KeyBinding([.character("l"), .right], .nextHour, "next hour"),
            KeyBinding(.left, .previousHour, "previous hour"),
            KeyBinding([.character("h"), .enter, .escape], .table, "back to the table"),
        ] + commonBindings,
        footer: [
            KeyHint("j/k", "day", for: [.character("j"), .character("k")]),
            KeyHint("←/→", "hour", for: [.left, .right]),
            KeyHint("/", "find date", for: [.character("/")]),
            KeyHint("h", "table", for: [.character("h")]),
        ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .nextMatch, .previousMatch:
            guard let lastSearch else { return [.message("no search yet: / finds a date")] }
            return search(lastSearch, forward: action == .nextMatch, in: area)
        case .previousMonth: return monthEffect(by: -1)
        case .nextMonth: return monthEffect(by: 1)
        default: break
        }
        guard !isEmpty else { return [] }
        if mode == .heatmap { performHeatmap(action) } else { performTable(action) }
        return []
    }

    private mutating func performTable(_ action: Action) {
        let page = max(1, table.height - 1)
        switch action {
        case .down: table.select(selectedRow + 1, layout)
        case .up: table.select(selectedRow - 1, layout)
        // Paging moves the view with the selection, as pagers do.
        case .pageDown: table.move(by: page, scrolling: page, layout)
        case .pageUp: table.move(by: -page, scrolling: -page, layout)
        case .first: table.home(layout)
        case .last: table.select(rows.count - 1, layout)
        case .nextDay: jumpDay(by: 1)
        case .previousDay: jumpDay(by: -1)
        case .heatmap:
            mode = .heatmap
            keepDayVisible()
        default: break
        }
    }

    private mutating func performHeatmap(_ action: Action) {
        let day = layout.day(ofRow: selectedRow)
        let page = max(1, days.height)
        switch action {
        case .nextDay: moveDay(to: day + 1)
        case .previousDay: moveDay(to: day - 1)
        case .pageDown: moveDay(to: day + page)
        case .pageUp: moveDay(to: day - page)
        case .first: moveDay(to: 0)
        case .last: moveDay(to: layout.dayCount - 1)
        case .nextHour:
            table.select(selectedRow + 1, layout)
            keepDayVisible()
        case .previousHour:
            table.select(selectedRow - 1, layout)
            keepDayVisible()
        case .table:
            mode = .table
            table.reveal(layout)
        default: break
        }
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        guard !isEmpty else { return }
        if mode == .heatmap {
            moveDay(to: layout.day(ofRow: selectedRow) + lines)
        } else {
            table.select(selectedRow + lines, layout)
        }
    }

    /// A click on the list selects the row (or day) under the pointer.
    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        guard !isEmpty else { return [] }
        let listTop = area.y + Self.headerHeight(for: area)
        if mode == .heatmap {
            if let day = days.item(atRow: y - listTop, dayMetrics) { moveDay(to: day) }
        } else if let row = table.item(atRow: y - listTop, layout) {
            table.select(row, layout)
        }
        return []
    }

    /// The month before or after the selected hour's, from the open-data API.
    private func monthEffect(by delta: Int) -> [ViewEffect] {
        guard !isEmpty else { return [] }
        let date = rows[selectedRow].date
        let index = date.year * 12 + (date.month - 1) + delta
        return [.host(.loadMonth(year: index / 12, month: index % 12 + 1))]
    }

    /// Finds the next (or previous) hour matching `query`: a date or time in any form the
    /// parsers read (`2016-04-19`, `04/19/2016 8:00 AM`), or words of the shown date
    /// (`april 19`, `tuesday`, `8:00 am`).
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        guard !isEmpty else { return [] }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        lastSearch = trimmed
        let rows = self.rows
        let match: (BikeRow) -> Bool
        if let date = LocalDateTimeParser.parse(trimmed) {
            let dayOnly = !trimmed.contains(":")
            match = { dayOnly ? $0.date.startOfDay == date.startOfDay && (date.hour == 0 || $0.date.hour == date.hour) : $0.date == date }
        } else {
            let words = trimmed.lowercased().split(separator: " ").map(String.init)
            match = { row in
                let shown = DateText.full(row.date).lowercased().replacingOccurrences(of: ",", with: "")
                return words.allSatisfy { shown.contains($0) }
            }
        }
        let count = rows.count
        for step in 1...count {
            let index = forward ? (selectedRow + step) % count : (selectedRow - step + count) % count
            if match(rows[index]) {
                table.select(index, layout)
                if mode == .heatmap { keepDayVisible() }
                return []
            }
        }
        return [.message("no hour matches \(TextLayout.truncate(trimmed, to: 30))")]
    }

    // MARK: - Moving

    private mutating func jumpDay(by delta: Int) {
        let day = layout.day(ofRow: selectedRow)
        let firstOfDay = layout.dayFirstRow[day]
        let target: Int
        if delta < 0, selectedRow != firstOfDay {
            target = firstOfDay
        } else {
            target = layout.dayFirstRow[min(max(0, day + delta), layout.dayCount - 1)]
        }
        table.select(target, layout)
        // Bring the day's start to the top, so the whole day shows.
        table.scroll(toLine: layout.top(of: target), layout)
    }

    /// Moves to `day`, keeping the selected hour of day where the new day has it.
    private mutating func moveDay(to day: Int) {
        let target = min(max(0, day), layout.dayCount - 1)
        let hour = rows[selectedRow].date.hour
        let first = layout.dayFirstRow[target]
        let end = target + 1 < layout.dayCount ? layout.dayFirstRow[target + 1] : rows.count
        table.select((first..<end).first { rows[$0].date.hour >= hour } ?? end - 1, layout)
        keepDayVisible()
    }

    private mutating func keepDayVisible() {
        days.select(layout.day(ofRow: selectedRow), dayMetrics)
    }

    static func firstIndex(in rows: [BikeRow], atOrAfter date: LocalDateTime) -> Int? {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low < rows.count ? low : (rows.isEmpty ? nil : rows.count - 1)
    }
}
