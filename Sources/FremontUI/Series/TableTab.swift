import Foundation
import FremontCore

extension ViewID {
    public static let table = ViewID("table")
}

/// The Table tab: the hourly table (or the heatmap) of the loaded table, with the summary. Any
/// counter's series; the Fremont Bridge's two directions shaded blue and red, other tables by
/// the series chosen with `c`. State and keys; `TableTab+Rendering` draws it.
public struct TableTab: BrowserView {
    public enum Mode: Sendable { case table, heatmap }

    public enum Action: Sendable, Hashable {
        case down, up, pageDown, pageUp, first, last, nextDay, previousDay
        case heatmap, table, nextHour, previousHour
        case nextMatch, previousMatch, previousMonth, nextMonth
        case nextSeries
        case finerRows, coarserRows, sortNext, sortReverse, filter, export
        case trend, profile, columnStats
        case calendar, pivot, yearOverYear
    }

    public let id = ViewID.table
    public let title = "Table"
    /// The loaded table and the lens over it, shared with the screens opened over this one.
    private(set) var store = SeriesStore()
    /// The rows shown: the loaded table filtered, at the granularity, maybe sorted (the store's).
    var lens: TableLens? { store.lens }
    /// The rows shown in time order (hours, or periods with each series' total).
    public var table: SeriesTable? { lens?.shown }
    /// The hourly rows the filter keeps: what the summary and the charts are of.
    public var filtered: SeriesTable? { lens?.filtered }
    /// The summary of the filtered hours.
    public private(set) var summary: SeriesSummary?
    /// The table as loaded.
    public var loaded: SeriesTable? { lens?.source }
    public var granularity: SeriesGranularity { lens?.granularity ?? .hour }
    /// The filter `summary` is of.
    private var summarized: SeriesFilter?
    /// The time `v` and `V` come back to (see `changeGranularity`).
    private var granularityAnchor: LocalDateTime?
    /// A prompt's answer goes to what asked.
    private var asking: Question?
    private enum Question: Sendable { case filter, export }
    public private(set) var sourceName = ""
    /// The series that shades rows and fills bars where the table has no directions.
    public private(set) var shadedSeries = 0
    private(set) var shadeRule = ShadeRule.none
    /// What a full bar stands for: the busiest hour's total (or the shaded series' busiest).
    private(set) var maxBarValue = 1.0
    /// Where bars start: 0 for values of zero or more, else the lowest, so negatives draw.
    private(set) var minBarValue = 0.0
    /// The widest value of each series shown, in characters.
    private(set) var valueWidths: [Int] = []
    /// Per series, the decimals its values are written with (at most 3), so a column's points
    /// line up: `-8.2` over `-10.0`, not over `-10`.
    private(set) var valueDecimals: [Int] = []
    /// The table's rows (the selection is the selected hour).
    private(set) var rowList = ListState()
    /// The heatmap's days, one line each.
    private(set) var days = ListState()
    public private(set) var mode = Mode.table
    var layout = SeriesTableLayout(times: [])
    /// Why there is nothing to show, when the first load failed.
    public private(set) var loadError: String?
    /// The month of the open-data API the table moved to (`<` `>` past its rows); nil: as given.
    public private(set) var month: TableMonth?
    /// The last `/` search, for `n` and `N`.
    public private(set) var lastSearch: String?

    public init() {}

    public mutating func attach(_ stores: BrowserStores) {
        // A table already shown (a test's, or one loaded before) moves into the browser's store.
        if let lens, stores.series.lens == nil { stores.series.change { $0 = lens } }
        store = stores.series
    }

    public var isEmpty: Bool { table?.isEmpty ?? true }
    public var times: [LocalDateTime] { table?.times ?? [] }
    /// The selected row of `table` (under a sort, not the selected line's position).
    public var selectedRow: Int { lens?.row(atPosition: rowList.selected) ?? rowList.selected }
    /// The first list line shown (table mode) or the first day shown (heatmap mode).
    public var topLine: Int { rowList.offset }
    public var topDay: Int { days.offset }
    public var warningCount: Int { lens?.source.warnings.count ?? 0 }
    public var searchPrompt: String? { "Find date" }
    private var dayMetrics: UniformMetrics { UniformMetrics(count: layout.dayCount) }

    // MARK: - Loads

    /// The table (when the tab is first shown, `R`), or the month of the open-data API it moved
    /// to (`r` reloads that month).
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] { [.run(TableCommands.load(month: month))] }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .reply(let reply):
            switch reply.value(as: LoadedTable?.self) {
            case .success(let loaded?)?:
                month = loaded.month
                show(loaded.table, source: loaded.name)
            case .failure(let error)?:
                // What was shown stays; with nothing shown yet, the tab says why.
                loadError = error.kind == .cancelled ? "loading was cancelled" : error.shortDescription
            // A file's table has no other month: what `<` said stands.
            case .success(nil)?, nil: break
            }
        case .answer(let text):
            return answer(text)
        default: break
        }
        return []
    }

    /// New data: the selection stays on the same hour when the new data has it.
    /// New data: the selection stays on the same hour when the new data has it; the
    /// granularity and the filter stay, a sort too when the columns are the same.
    public mutating func show(_ table: SeriesTable, source: String) {
        loadError = nil
        let keptDate = selectedTime
        let sameSeries = loaded?.series == table.series
        summary = nil
        var lens = TableLens(table)
        if let old = self.lens {
            if sameSeries { lens.setFilter(old.filter) }
            lens.setGranularity(old.granularity)
            if sameSeries { lens.setSort(old.sort) }
        }
        store.change { $0 = lens }
        sourceName = source
        if !sameSeries { shadedSeries = table.displayOrder.first ?? 0 }
        rowsChanged(keeping: keptDate)
    }

    /// The time of the selected row (a period's first hour).
    public var selectedTime: LocalDateTime? {
        guard let table, table.times.indices.contains(selectedRow) else { return nil }
        return table.times[selectedRow]
    }

    /// After the lens changed: new layout, shading and summary, the selection on `time`'s row.
    /// A new order alone (`reordered`) keeps the summary and the shading: same rows.
    private mutating func rowsChanged(keeping time: LocalDateTime?, reordered: Bool = false) {
        guard let lens else { return }
        if !reordered {
            // The summary is of the filtered hours: the same until the filter changes.
            if summarized != lens.filter || summary == nil {
                summary = SeriesSummary(lens.filtered)
                summarized = lens.filter
            }
            updateShading()
        }
        layout = SeriesTableLayout(times: lens.shown.times, separated: lens.separatesDays)
        let height = rowList.height, dayHeight = days.height
        rowList = ListState()
        days = ListState()
        if height > 0 { rowList.resize(height: height, layout) }
        // The heatmap's list keeps its height too: without one, the last day selected would be
        // its only row (G v V h drew one day and a blank screen).
        if dayHeight > 0 { days.resize(height: dayHeight, dayMetrics) }
        if let time, let row = lens.row(containing: time) { rowList.select(lens.position(ofRow: row), layout) }
    }

    private mutating func updateShading() {
        guard let table else { return }
        // Hours shown are the filtered hours, whose summary is at hand.
        let shownSummary = granularity == .hour ? (summary ?? SeriesSummary(table, perDay: false)) : SeriesSummary(table, perDay: false)
        shadeRule = ShadeRule(table, summary: shownSummary, series: shadedSeries)
        // Columns as wide as their largest value: a year's total is wider than an hour's.
        valueDecimals = table.values.map(Self.decimals)
        valueWidths = zip(shownSummary.columns, valueDecimals).map { column, decimals in
            [column.maximum, column.minimum].compactMap { $0.map { Self.valueText($0, decimals: decimals).count } }.max() ?? 0
        }
        var maximum = 0.0, minimum = 0.0
        for row in 0..<table.rowCount {
            guard let value = barValue(table, row) else { continue }
            if value > maximum { maximum = value }
            if value < minimum { minimum = value }
        }
        minBarValue = minimum
        maxBarValue = max(minimum + 1, maximum)
    }

    /// The fewest decimals (0 to 3) that write every value of a series exactly.
    static func decimals(_ values: [Double]) -> Int {
        let scales = [1.0, 10, 100, 1000]
        var most = 0
        for value in values where !value.isNaN && most < 3 {
            while most < 3 {
                if isWhole(value * scales[most]) { break }
                most += 1
            }
        }
        return most
    }

    /// Whether `value` is a whole number to within a millionth of itself. Truncating through
    /// `Int64` instead of `rounded()`, which is a call into libm: every value of a series is
    /// tested whenever its rows change (`v`, `V`), 14 million calls a minute of the bench.
    @inline(__always)
    static func isWhole(_ value: Double) -> Bool {
        let size = abs(value)
        // From 2^52 up every double is whole; infinities too.
        guard size < 4.5e15 else { return true }
        let fraction = abs(value - Double(Int64(value)))
        let tolerance = 1e-6 * max(1, size)
        return fraction <= tolerance || 1 - fraction <= tolerance
    }

    /// A value as a column writes it: grouped, with the series' decimals.
    static func valueText(_ value: Double, decimals: Int) -> String {
        decimals > 0 ? NumberText.grouped(value, decimals: decimals) : SeriesExport.grouped(value)
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

    private static let tableBindings: [KeyBinding<Action>] = [
        KeyBinding(.character("v"), .coarserRows, "rows by hour → day → week → month → year"),
        KeyBinding(.character("V"), .finerRows, "back: year → month → week → day → hour"),
        KeyBinding(.character("s"), .sortNext, "sort by the next column, largest first"),
        KeyBinding(.character("S"), .sortReverse, "reverse the sort"),
        KeyBinding(.character("f"), .filter, "filter: weekends, 2016-04-01..2016-04-30, >=100"),
        KeyBinding(.character("e"), .export, "export the rows shown to a CSV file"),
        KeyBinding(.character("t"), .trend, "trend of daily totals, 7- and 365-day means"),
        KeyBinding(.character("p"), .profile, "hourly profile: weekdays and weekends"),
        KeyBinding(.character("I"), .columnStats, "column statistics and frequency tables"),
        KeyBinding(.character("C"), .calendar, "calendar of every year, days shaded by quartile"),
        KeyBinding(.character("P"), .pivot, "pivot by year × month, weekday or hour"),
        KeyBinding(.character("Y"), .yearOverYear, "year over year: each year a line over Jan–Dec"),
    ]

    private static let tableKeymap = Keymap<Action>(
        KeyBinding.movement(down: (.down, "next hour"), up: (.up, "previous hour"), pageDown: (.pageDown, "a page down"),
                            pageUp: (.pageUp, "a page up"), first: (.first, "first hour"), last: (.last, "last hour")) + [
            KeyBinding(.character("]"), .nextDay, "next day"),
            KeyBinding(.character("["), .previousDay, "start of the day, then the day before"),
            KeyBinding(.character("h"), .heatmap, "heatmap: days down, hours across"),
        ] + tableBindings + commonBindings,
        footer: [
            KeyHint("j/k", "move", for: [.character("j"), .character("k")]),
            KeyHint("PgUp/PgDn", "page", for: [.pageUp, .pageDown]),
            KeyHint("[ ]", "day", for: [.character("["), .character("]")]),
            KeyHint("/", "find date", for: [.character("/")]),
            KeyHint("h", "heatmap", for: [.character("h")]),
            KeyHint("v", "by day/week…", for: [.character("v")]),
            KeyHint("s", "sort", for: [.character("s")]),
            KeyHint("f", "filter", for: [.character("f")]),
            KeyHint("t/p/I", "trend/profile/stats", for: [.character("t")]),
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
        case .trend, .profile, .columnStats, .calendar, .pivot, .yearOverYear:
            // Of the hours as loaded and the filter: a chart of daily totals needs the hours.
            guard let lens, !lens.source.isEmpty else { return [] }
            switch action {
            case .trend:
                return [.push(TrendView(series: store, selectedSeries: shadedSeries, cursorTime: selectedTime))]
            case .profile where lens.step.isDailyOrLonger:
                // Readings a day or more apart have no hours of the day to draw.
                return [.message("the rows are \(lens.step.unit)s: there is no hour of the day to profile")]
            case .calendar where SeriesCalendar.refusal(step: lens.step) != nil: return [.message(SeriesCalendar.refusal(step: lens.step)!)]
            case .calendar: return [.push(CalendarView(series: store, selectedSeries: shadedSeries, cursorTime: selectedTime))]
            case .pivot: return [.push(PivotView(series: store, selectedSeries: shadedSeries))]
            case .yearOverYear: return [.push(YearOverYearView(series: store, selectedSeries: shadedSeries, cursorTime: selectedTime))]
            case .profile: return [.push(ProfileView(series: store, selectedSeries: shadedSeries, cursorTime: selectedTime))]
            default: return [.push(ColumnStatsView(series: store, selectedSeries: shadedSeries))]
            }
        case .coarserRows, .finerRows:
            return changeGranularity(by: action == .coarserRows ? 1 : -1)
        case .sortNext, .sortReverse:
            return changeSort(reverse: action == .sortReverse)
        case .filter:
            guard lens != nil else { return [] }
            asking = .filter
            let now = lens.map(\.filterDescription).flatMap { $0.isEmpty ? nil : $0 } ?? "everything"
            return [.prompt(label: "Filter (now: \(now)): weekdays, weekends, 2016-04-01..2016-04-30, >=100, all")]
        case .export:
            guard let lens, !lens.shown.isEmpty else { return [] }
            asking = .export
            return [.prompt(label: "Export the \(NumberText.count(lens.count, "row")) shown to CSV file", text: defaultExportName)]
        default: break
        }
        guard !isEmpty else { return [] }
        if mode == .heatmap { performHeatmap(action) } else { performTable(action) }
        return []
    }

    private mutating func performTable(_ action: Action) {
        let page = max(1, rowList.height - 1)
        switch action {
        case .down: rowList.select(rowList.selected + 1, layout)
        case .up: rowList.select(rowList.selected - 1, layout)
        // Paging moves the view with the selection, as pagers do.
        case .pageDown: rowList.move(by: page, scrolling: page, layout)
        case .pageUp: rowList.move(by: -page, scrolling: -page, layout)
        case .first: rowList.home(layout)
        case .last: rowList.select(times.count - 1, layout)
        case .nextDay, .previousDay:
            // Separators by day only exist for the hours in time order.
            if lens?.separatesDays == true { jumpDay(by: action == .nextDay ? 1 : -1) } else { rowList.select(rowList.selected + (action == .nextDay ? 1 : -1), layout) }
        case .heatmap:
            // The heatmap is of hours of days: a table of days or longer has none.
            if lens?.step.isDailyOrLonger == true { return }
            // The heatmap is of hours, in time order.
            if let lens, !lens.separatesDays {
                let time = selectedTime
                store.change { lens in
                    lens?.setSort(nil)
                    lens?.setGranularity(.hour)
                }
                rowsChanged(keeping: time)
            }
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
            rowList.select(rowList.selected + lines, layout)
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

    /// The month before or after the selected row's: within the rows loaded when they reach
    /// it; else from the open-data API when that is the source (a file's table never changes
    /// its source), and said.
    private mutating func monthEffect(by delta: Int) -> [ViewEffect] {
        guard let lens, !isEmpty, let date = selectedTime else { return [] }
        let index = date.year * 12 + (date.month - 1) + delta
        let year = index / 12, month = index % 12 + 1
        let first = LocalDateTime(year: year, month: month, day: 1)!
        let hours = lens.filtered.times
        let found = hours.isEmpty ? nil : lens.filtered.lowerBound(first)
        let name = "\(DateText.months[month - 1]) \(year)"
        if let found, found < hours.count, hours[found].year == year, hours[found].month == month,
           let row = lens.row(containing: hours[found]) {
            let position = lens.position(ofRow: row)
            rowList.select(position, layout)
            if mode == .heatmap { keepDayVisible() } else { rowList.scroll(toLine: layout.top(of: position), layout) }
            return [.message(name)]
        }
        return [.message("no rows in \(name) in the table loaded"), .run(TableCommands.load(month: TableMonth(year: year, month: month)))]
    }

    /// Goes to the next (or previous) row matching `query`, round the ends like less: a date
    /// or time in any form people write (`2016-04-20 11:00 PM`, `20 apr 2016 23:00`, `april 20`,
    /// `tuesday 8am`, `2016-04`), landing on the first row of the day, month or hour asked.
    /// A query naming no time in the data says so; one in a hole lands after it and says so.
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        guard let table, let lens, !table.isEmpty else { return [] }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        lastSearch = trimmed
        // The hours are searched, then the row shown that holds the hour found: in a view by
        // day, week, month or year, the period holding the date (not the one after it).
        let hours = lens.filtered.times
        let from = granularity == .hour ? selectedRow : (selectedTime.map { lens.filtered.lowerBound($0) } ?? 0)
        let outcome = DateSearchOutcome(searching: trimmed, in: hours, from: min(from, hours.count - 1), forward: forward)
        if let found = outcome.row {
            let row = granularity == .hour ? found : (lens.row(containing: hours[found]) ?? found)
            let position = lens.position(ofRow: row)
            rowList.select(position, layout)
            if mode == .heatmap {
                keepDayVisible()
            } else {
                // Near the top, so what follows the date shows under it.
                rowList.scroll(toLine: max(0, layout.top(of: position) - 1), layout)
            }
        }
        return outcome.message.map { [.message(TerminalSafeText.singleLine($0))] } ?? []
    }

    // MARK: - Granularity, sort, filter, export

    private mutating func changeGranularity(by step: Int) -> [ViewEffect] {
        guard let lens else { return [] }
        // The rows themselves come first; periods no longer than the data's step would repeat
        // them (a daily table's days), so v starts past them and V comes back to the rows.
        let all = SeriesGranularity.allCases.filter { $0 == .hour || !Self.holdsOneReading($0, step: lens.step) }
        let index = (all.firstIndex(of: lens.granularity) ?? 0) + step
        guard all.indices.contains(index) else {
            return [.message(step > 0 ? "rows are years already: V goes back to months" : "rows are \(lens.step.unit == "reading" ? "readings" : lens.step.unit + "s") already")]
        }
        // The finest time chosen stays the anchor while the selection stays on its period, so
        // hours → years → hours comes back to the same hour.
        let anchorHolds = granularityAnchor.map { lens.row(containing: $0) == selectedRow } ?? false
        if !anchorHolds { granularityAnchor = selectedTime }
        let time = step < 0 ? granularityAnchor : selectedTime
        store.change { $0?.setGranularity(all[index]) }
        mode = .table
        rowsChanged(keeping: time)
        let measures = lens.source.series.contains { $0.kind == .measure }
        let what = measures ? ", each count's total, each measure's mean" : ", each series' total"
        return [.message("a row per \(all[index].rawValue)\(all[index] == .hour ? "" : what)")]
    }

    /// Whether each period of `granularity` holds at most one reading of `step`.
    static func holdsOneReading(_ granularity: SeriesGranularity, step: SeriesStep) -> Bool {
        switch (granularity, step) {
        case (.hour, _): return true
        case (_, .months(let months)): return granularity == .day || granularity == .week || (granularity == .month && months >= 1) || (granularity == .year && months >= 12)
        case (.day, .seconds(let seconds)): return seconds >= 86_400
        case (.week, .seconds(let seconds)): return seconds >= 7 * 86_400
        case (.month, .seconds(let seconds)): return seconds >= 31 * 86_400
        case (.year, .seconds(let seconds)): return seconds >= 366 * 86_400
        }
    }

    private mutating func changeSort(reverse: Bool) -> [ViewEffect] {
        guard let lens else { return [] }
        let time = selectedTime
        let next: (column: TableLens.Column, descending: Bool)?
        if reverse {
            guard let sort = lens.sort else { return [.message("rows are in time order: s sorts them by a column")] }
            next = (sort.column, !sort.descending)
        } else {
            let columns = lens.columns
            if let sort = lens.sort, let index = columns.firstIndex(of: sort.column) {
                next = index + 1 < columns.count ? (columns[index + 1], true) : nil
            } else {
                next = columns.first.map { ($0, true) }
            }
        }
        store.change { $0?.setSort(next) }
        mode = .table
        rowsChanged(keeping: time, reordered: true)
        // A sort shows its first rows (the largest), not wherever the old selection went.
        if next != nil { rowList.home(layout) }
        guard let next else { return [.message("rows in time order")] }
        return [.message("sorted by \(TerminalSafeText.singleLine(lens.label(next.column))), \(next.descending ? "largest" : "smallest") first; missing values last")]
    }

    private mutating func answer(_ text: String) -> [ViewEffect] {
        guard let question = asking, let lens else { return [] }
        asking = nil
        switch question {
        case .filter:
            // A bare minimum applies to the series the rows are shaded by, else the source's total.
            let minimumSeries = lens.source.index(of: .total) ?? shadedSeries
            switch SeriesFilterText.parse(text, minimumSeries: minimumSeries) {
            case .failure(let error):
                return [.message(error.description)]
            case .success(let filter):
                let time = selectedTime
                store.change { $0?.setFilter(filter) }
                rowsChanged(keeping: time)
                let kept = self.lens?.filtered.rowCount ?? 0
                let what = self.lens?.description ?? ""
                return [.message(filter.keepsEverything ? "every row" : "\(NumberText.count(kept, "hour")) kept: \(TerminalSafeText.singleLine(what))")]
            }
        case .export:
            let path = text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return [.message("nothing exported")] }
            var csv = ""
            // A file for a spreadsheet: names that would run as formulas are guarded.
            SeriesExport.csv(lens.shown, rows: (0..<lens.count).lazy.map { lens.row(atPosition: $0) }, audience: .spreadsheet) { csv += $0 }
            return [.run(ReaderOutputRequest.export(path: path, text: csv, rows: lens.count).command)]
        }
    }

    /// `fremont-2016-04-day.csv`: the source's file name, the granularity.
    private var defaultExportName: String {
        var stem = SourceName.file(sourceName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        // Letters, digits, - and _ only, one - between words: a name no shell or folder trips on.
        let safe = String(stem.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-" }
            .split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-").prefix(60))
        return "\(safe.isEmpty ? "counts" : safe)-\(granularity.rawValue).csv"
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
