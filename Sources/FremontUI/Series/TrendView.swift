import FremontCore

extension ViewID {
    public static let trend = ViewID("table.trend")
}

/// The Bikes tab's trend: the daily totals of one series over the loaded span (the whole
/// 14-year history fits), a 7-day and a 365-day trailing mean over them, and a cursor day whose
/// values the chart's top line reads out. Pushed by the Bikes tab; `q` comes back.
///
/// The totals and means are computed here once (and the means again when `c` picks another
/// series); a frame only builds the `TrendChart` value, so drawing costs the area, not the days.
public struct TrendView: BrowserView {
    public enum Action: Sendable, Hashable {
        case columns(Int), days(Int), years(Int), first, last, nextSeries
    }

    public let id = ViewID.trend
    public let title = "Trend"
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    let table: SeriesTable
    public let filter: SeriesFilter
    private let daily: SeriesDailyTotals
    /// The index of the directions' sum added to the table, nil when the source has its own.
    private let computedTotal: Int?
    /// The charted series, an index into `table.series`.
    public private(set) var series: Int
    private var weekly: [Double] = []
    private var yearly: [Double] = []
    /// The cursor's day, an index into the daily totals; nil when there are none.
    public private(set) var cursor: Int?

    /// - Parameters:
    ///   - selectedSeries: the series the tab shows; a table with the two directions and no
    ///     total of its own charts their sum instead, the busiest picture of the bridge.
    ///   - cursorTime: the tab's selected hour: the chart opens on its day (else the last day).
    public init(table: SeriesTable, filter: SeriesFilter = SeriesFilter(), selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil,
                step: SeriesStep? = nil) {
        let computesTotal = table.computesTotal
        self.table = table.addingComputedTotal()
        self.filter = filter
        daily = SeriesDailyTotals(self.table, filter: filter, step: step)
        computedTotal = computesTotal ? self.table.series.count - 1 : nil
        if let computedTotal {
            series = computedTotal
        } else {
            series = self.table.series.indices.contains(selectedSeries) ? selectedSeries : (self.table.displayOrder.first ?? 0)
        }
        computeMeans()
        if daily.dayCount > 0 {
            let last = daily.dayCount - 1
            cursor = cursorTime.flatMap { time in daily.firstDay.map { min(max(0, time.dayNumber - $0.dayNumber), last) } } ?? last
        }
    }

    /// Share of a window's days that must have a value for its mean to show: a few blank days
    /// (a counter's outage) must not blank a week or a year of the line.
    static let meanCoverage = 0.8

    /// The means of the current series. A filter's excluded days are blank, so the minimum
    /// count scales with the share of days it keeps (5 of 7 on weekdays).
    private mutating func computeMeans() {
        guard table.series.indices.contains(series), daily.dayCount > 0 else { return }
        let share: Double
        switch filter.days {
        case .all: share = 1
        case .weekdays: share = 5.0 / 7
        case .weekends: share = 2.0 / 7
        }
        func minimumCount(_ window: Int) -> Int {
            min(window, max(1, Int((Double(window) * share * Self.meanCoverage).rounded(.up))))
        }
        weekly = daily.rollingMean(series: series, window: 7, minimumCount: minimumCount(7))
        yearly = daily.rollingMean(series: series, window: 365, minimumCount: minimumCount(365))
    }

    var seriesLabel: String {
        guard table.series.indices.contains(series) else { return "" }
        let label = TextLayout.truncate(TerminalSafeText.singleLine(table.series[series].label), to: 30)
        return series == computedTotal ? label + " (North + South)" : label
    }

    public var sourceName: String {
        table.isEmpty ? "" : "\(seriesLabel), \(filter.summary(table))"
    }

    /// The chart, rebuilt for each frame and each move: a value over the stored arrays.
    var chart: TrendChart {
        TrendChart(firstDay: daily.firstDay?.dayNumber ?? 0, values: daily.dayCount > 0 ? daily.totals[series] : [],
                   name: TextLayout.truncate(TerminalSafeText.singleLine(table.series.indices.contains(series) ? table.series[series].label : ""), to: 20),
                   overlays: [ChartLine("7-day mean", weekly), ChartLine("365-day mean", yearly)], cursor: cursor)
    }

    // MARK: - Layout

    /// A heading line above the chart when there is room for both.
    private static func chartArea(_ area: Rect) -> Rect {
        area.height >= TrendChart.minimumHeight + 2 ? area.splitTop(1).rest : area
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>([
        KeyBinding([.right, .character("l")], .columns(1), "cursor a column right"),
        KeyBinding([.left, .character("h")], .columns(-1), "cursor a column left"),
        KeyBinding(.character("]"), .days(1), "next day"),
        KeyBinding(.character("["), .days(-1), "previous day"),
        KeyBinding(.character("}"), .years(1), "same day a year later"),
        KeyBinding(.character("{"), .years(-1), "same day a year earlier"),
        KeyBinding([.character("g"), .home], .first, "first day"),
        KeyBinding([.character("G"), .end], .last, "last day"),
        KeyBinding(.character("c"), .nextSeries, "chart the next series"),
    ], footer: [
        KeyHint("←/→", "move", for: [.left, .right]),
        KeyHint("[ ]", "day", for: [.character("["), .character("]")]),
        KeyHint("{ }", "year", for: [.character("{"), .character("}")]),
        KeyHint("c", "series", for: [.character("c")]),
    ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        let chart = self.chart
        switch action {
        case .columns(let columns): cursor = chart.cursor(movedByColumns: columns, in: Self.chartArea(area))
        case .days(let days): cursor = chart.cursor(movedByDays: days)
        case .years(let years): cursor = movedByYears(years, chart)
        case .first: cursor = daily.dayCount > 0 ? 0 : nil
        case .last: cursor = daily.dayCount > 0 ? daily.dayCount - 1 : nil
        case .nextSeries:
            let order = table.displayOrder
            guard order.count > 1 else { return [.message("only one series to chart")] }
            series = order[((order.firstIndex(of: series) ?? 0) + 1) % order.count]
            computeMeans()
            return [.message("charting \(seriesLabel)")]
        }
        return []
    }

    /// The same calendar day `years` away (28 February for a 29th), clamped to the span.
    private func movedByYears(_ years: Int, _ chart: TrendChart) -> Int? {
        guard let cursor = chart.cursorIndex else { return nil }
        let (year, month, day) = CivilCalendar.civil(dayNumber: chart.dayNumber(at: cursor))
        let target = CivilCalendar.dayNumber(year: year + years, month: month, day: min(day, CivilCalendar.daysInMonth(year: year + years, month: month)))
        return chart.cursor(atDayNumber: target)
    }

    /// The wheel moves the cursor, a column a line.
    public mutating func scroll(by lines: Int, in area: Rect) {
        cursor = chart.cursor(movedByColumns: lines, in: Self.chartArea(area))
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        if let day = chart.cursor(atScreenX: x, in: Self.chartArea(area)) { cursor = day }
        return []
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard daily.dayCount > 0 else {
            Placeholder.empty(table.isEmpty ? "No rows to chart." : "No days in \(filter.summary(table)).").render(into: &buffer, area: area, theme: theme)
            return
        }
        let chartArea = Self.chartArea(area)
        if chartArea != area {
            let what = table.series.indices.contains(series) && table.series[series].kind == .measure ? "Daily means" : "Daily totals"
            var heading = StyledLine("\(what) of \(seriesLabel)", theme.title)
            heading.append(", \(filter.summary(table)), \(NumberText.count(daily.dayCount, "day"))", theme.dim)
            buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        }
        chart.render(into: &buffer, area: chartArea, theme: theme)
    }
}
