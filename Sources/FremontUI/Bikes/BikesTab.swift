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
    /// A finished load of a table (bike counts or any other counter).
    public static func bikesLoaded(source: String, _ result: Result<SeriesTable, ParseError>, at time: String) -> BrowserEvent {
        .loaded(.bikes, source: source, result.map(LoadPayload.table), at: time)
    }
}

/// The Bikes tab: the hourly table (or the heatmap) of the loaded table, with the summary. Any
/// counter's series; the Fremont Bridge's two directions shaded blue and red, other tables by
/// the series chosen with `c`. State and keys; `BikesView` draws it.
public struct BikesTab: BrowserView {
    public enum Mode: Sendable { case table, heatmap }

    public enum Action: Sendable, Hashable {
        case down, up, pageDown, pageUp, first, last, nextDay, previousDay
        case heatmap, table, nextHour, previousHour
        case nextMatch, previousMatch, previousMonth, nextMonth
        case nextSeries
    }

    public let id = ViewID.bikes
    public let title = "Bikes"
    public private(set) var table: SeriesTable?
    public private(set) var summary: SeriesSummary?
    public private(set) var sourceName = ""
    /// The series that shades rows and fills bars where the table has no directions.
    public private(set) var shadedSeries = 0
    private(set) var shadeRule = ShadeRule(SeriesTable(series: [], times: [], values: []), summary: SeriesSummary(SeriesTable(series: [], times: [], values: [])))
    /// What a full bar stands for: the busiest hour's total (or the shaded series' busiest).
    private(set) var maxBarValue = 1.0
    /// The table's rows (the selection is the selected hour).
    private(set) var rowList = ListState()
    /// The heatmap's days, one line each.
    private(set) var days = ListState()
    public private(set) var mode = Mode.table
    var layout = BikeTableLayout(times: [])
    /// Why there is nothing to show, when the first load failed.
    public private(set) var loadError: String?
    /// The last `/` search, for `n` and `N`.
    public private(set) var lastSearch: String?

    public init() {}

    public var isEmpty: Bool { table?.isEmpty ?? true }
    public var times: [LocalDateTime] { table?.times ?? [] }
    public var selectedRow: Int { rowList.selected }
    /// The first list line shown (table mode) or the first day shown (heatmap mode).
    public var topLine: Int { rowList.offset }
    public var topDay: Int { days.offset }
    public var warningCount: Int { table?.warnings.count ?? 0 }
    public var searchPrompt: String? { "Find date" }
    private var dayMetrics: UniformMetrics { UniformMetrics(count: layout.dayCount) }

    // MARK: - Loads

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .loaded(let source, .table(let table)):
            show(table, source: source)
        case .loadFailed(_, let error):
            // What was shown stays; with nothing shown yet, the tab says why.
            loadError = error.kind == .cancelled ? "loading was cancelled" : error.shortDescription
        default: break
        }
        return []
    }

    /// New data: the selection stays on the same hour when the new data has it.
    public mutating func show(_ table: SeriesTable, source: String) {
        loadError = nil
        let keptDate = self.table.flatMap { $0.times.indices.contains(selectedRow) ? $0.times[selectedRow] : nil }
        let sameSeries = self.table?.series == table.series
        self.table = table
        summary = SeriesSummary(table)
        sourceName = source
        if !sameSeries { shadedSeries = table.displayOrder.first ?? 0 }
        layout = BikeTableLayout(times: table.times)
        updateShading()
        rowList = ListState()
        days = ListState()
        if let keptDate, let index = table.firstRow(atOrAfter: keptDate) { rowList.select(index, layout) }
    }

    private mutating func updateShading() {
        guard let table, let summary else { return }
        shadeRule = ShadeRule(table, summary: summary, series: shadedSeries)
        var maximum = 0.0
        for row in 0..<table.rowCount {
            if let value = barValue(table, row), value > maximum { maximum = value }
        }
        maxBarValue = max(1, maximum)
    }

    /// What a row's bar shows: its total where the table has one, else the shaded series.
    func barValue(_ table: SeriesTable, _ row: Int) -> Double? {
        if shadeRule.isDirectional || table.index(of: .total) != nil { return table.total(row) }
        return table.series.indices.contains(shadedSeries) ? table.value(shadedSeries, row) : nil
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
        rowList.resize(height: Self.listHeight(for: area), layout)
        days.resize(height: max(1, Self.listHeight(for: area) - 1), dayMetrics)  // the hour ruler takes a line
        guard !isEmpty else { return }
        if mode == .heatmap { keepDayVisible() } else { rowList.reveal(layout) }
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { mode == .heatmap ? Self.heatmapKeymap : Self.tableKeymap }

    // Built once: a key press looks its action up without building anything.
    private static let commonBindings: [KeyBinding<Action>] = [
        KeyBinding(.character("n"), .nextMatch, "next hour matching the search"),
        KeyBinding(.character("N"), .previousMatch, "previous hour matching the search"),
        KeyBinding(.character("<"), .previousMonth, "previous month (open-data API)"),
        KeyBinding(.character(">"), .nextMonth, "next month (open-data API)"),
        KeyBinding(.character("c"), .nextSeries, "shade rows by the next series"),
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
        case .nextSeries:
            guard let table, table.series.count > 1 else { return [] }
            guard !shadeRule.isDirectional else { return [.message("rows are shaded by direction: north blue, south red")] }
            let order = table.displayOrder
            let position = order.firstIndex(of: shadedSeries) ?? 0
            shadedSeries = order[(position + 1) % order.count]
            updateShading()
            return [.message("shading by \(TerminalSafeText.singleLine(table.series[shadedSeries].label))")]
        default: break
        }
        guard !isEmpty else { return [] }
        if mode == .heatmap { performHeatmap(action) } else { performTable(action) }
        return []
    }

    private mutating func performTable(_ action: Action) {
        let page = max(1, rowList.height - 1)
        switch action {
        case .down: rowList.select(selectedRow + 1, layout)
        case .up: rowList.select(selectedRow - 1, layout)
        // Paging moves the view with the selection, as pagers do.
        case .pageDown: rowList.move(by: page, scrolling: page, layout)
        case .pageUp: rowList.move(by: -page, scrolling: -page, layout)
        case .first: rowList.home(layout)
        case .last: rowList.select(times.count - 1, layout)
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
            rowList.select(selectedRow + 1, layout)
            keepDayVisible()
        case .previousHour:
            rowList.select(selectedRow - 1, layout)
            keepDayVisible()
        case .table:
            mode = .table
            rowList.reveal(layout)
        default: break
        }
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        guard !isEmpty else { return }
        if mode == .heatmap {
            moveDay(to: layout.day(ofRow: selectedRow) + lines)
        } else {
            rowList.select(selectedRow + lines, layout)
        }
    }

    /// A click on the list selects the row (or day) under the pointer.
    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        guard !isEmpty else { return [] }
        let listTop = area.y + Self.headerHeight(for: area)
        if mode == .heatmap {
            if let day = days.item(atRow: y - listTop, dayMetrics) { moveDay(to: day) }
        } else if let row = rowList.item(atRow: y - listTop, layout) {
            rowList.select(row, layout)
        }
        return []
    }

    /// The month before or after the selected hour's, from the open-data API.
    private func monthEffect(by delta: Int) -> [ViewEffect] {
        guard !isEmpty else { return [] }
        let date = times[selectedRow]
        let index = date.year * 12 + (date.month - 1) + delta
        return [.host(.loadMonth(year: index / 12, month: index % 12 + 1))]
    }

    /// Goes to the next (or previous) row matching `query`, round the ends like less: a date
    /// or time in any form people write (`2016-04-20 11:00 PM`, `20 apr 2016 23:00`, `april 20`,
    /// `tuesday 8am`, `2016-04`), landing on the first row of the day, month or hour asked.
    /// A query naming no time in the data says so; one in a hole lands after it and says so.
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        guard let table, !table.isEmpty else { return [] }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        lastSearch = trimmed
        let outcome = DateSearchOutcome(searching: trimmed, in: table.times, from: selectedRow, forward: forward)
        if let row = outcome.row {
            rowList.select(row, layout)
            if mode == .heatmap { keepDayVisible() }
        }
        return outcome.message.map { [.message(TerminalSafeText.singleLine($0))] } ?? []
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
        rowList.select(target, layout)
        // Bring the day's start to the top, so the whole day shows.
        rowList.scroll(toLine: layout.top(of: target), layout)
    }

    /// Moves to `day`, keeping the selected hour of day where the new day has it.
    private mutating func moveDay(to day: Int) {
        let target = min(max(0, day), layout.dayCount - 1)
        let times = self.times
        let hour = times[selectedRow].hour
        let first = layout.dayFirstRow[target]
        let end = target + 1 < layout.dayCount ? layout.dayFirstRow[target + 1] : times.count
        rowList.select((first..<end).first { times[$0].hour >= hour } ?? end - 1, layout)
        keepDayVisible()
    }

    private mutating func keepDayVisible() {
        days.select(layout.day(ofRow: selectedRow), dayMetrics)
    }
}
