import FremontCore

extension ViewID {
    public static let trend = ViewID("table.trend")
}

/// The Table tab's trend: the daily totals of one series over the loaded span (the whole
/// 14-year history fits), a 7-day and a 365-day trailing mean over them, and a cursor day whose
/// values the chart's top line reads out. Pushed by the Table tab; `q` comes back.
///
/// Two more modes: `o` overlays a second series on a scale of its own (riders against the
/// temperature of a joined table), and `m` fits the charted counts against the joined weather
/// (FremontCore's `RidershipModel`, off the UI thread) and overlays predicted on observed days.
///
/// The totals and means are computed here once (and the means again when `c` picks another
/// series); a frame only builds the `TrendChart` value, so drawing costs the area, not the days.
public struct TrendView: BrowserView {
    public enum Action: Sendable, Hashable {
        case columns(Int), days(Int), years(Int), first, last, nextSeries, nextOverlay, model
    }

    /// The model mode's state: asked for (the token of the fit under way), or its answer.
    enum ModelState: Sendable {
        case fitting(serial: Int)
        case fitted(TrendModelFit)
    }

    public let id = ViewID.trend
    /// Its own number for the work it hands off the UI thread (the model fit).
    /// The fits asked for, numbered: the one waited for is `model`'s.
    private var fitSerial = 0
    static let fitKey = "trend-fit"
    public let title = "Trend"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    private(set) var table: SeriesTable
    public var filter: SeriesFilter { scope.filter }
    private var daily: SeriesDailyTotals
    /// The index of the directions' sum added to the table, nil when the source has its own.
    private var computedTotal: Int?
    /// The charted series, an index into `table.series`.
    public private(set) var series: Int
    private var weekly: [Double] = []
    private var yearly: [Double] = []
    /// The cursor's day, an index into the daily totals; nil when there are none.
    public private(set) var cursor: Int?
    /// The series overlaid on the right-hand scale, nil for none.
    public private(set) var secondary: Int?
    /// The model overlaid (predicted on observed), nil when not in model mode.
    private(set) var model: ModelState?
    /// Where the counts were taken, for the model's hours of daylight; asked for when not known.
    public private(set) var latitude: Double?
    /// Whether the prompt open is for the latitude.
    private var askingLatitude = false

    /// - Parameters:
    ///   - series: the Table tab's table and filter.
    ///   - selectedSeries: the series the tab shows; a table with the two directions and no
    ///     total of its own charts their sum instead, the busiest picture of the bridge.
    ///   - cursorTime: the tab's selected hour: the chart opens on its day (else the last day).
    public init(series store: SeriesStore, selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil) {
        self.store = store
        scope = store.scope
        latitude = store.latitude
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        daily = SeriesDailyTotals(table, filter: scope.filter, step: scope.step)
        computedTotal = computesTotal ? table.series.count - 1 : nil
        if let computedTotal {
            series = computedTotal
        } else {
            series = table.series.indices.contains(selectedSeries) ? selectedSeries : (table.displayOrder.first ?? 0)
        }
        computeMeans()
        if daily.dayCount > 0 {
            let last = daily.dayCount - 1
            cursor = cursorTime.flatMap { time in daily.firstDay.map { min(max(0, time.dayNumber - $0.dayNumber), last) } } ?? last
        }
    }

    /// The table changed under the chart (a reload, live data): the totals are worked out
    /// again, on the same series and day; an overlay stays, a model is fitted again by `m`.
    public mutating func layout(in area: Rect) {
        guard store.revision != scope.revision else { return }
        var fresh = TrendView(series: store, selectedSeries: series, cursorTime: cursorDate)
        if let secondary, fresh.table.series.indices.contains(secondary), secondary != fresh.series { fresh.secondary = secondary }
        fresh.latitude = latitude
        self = fresh
    }

    /// The cursor's day as a time, for opening the chart again on it.
    private var cursorDate: LocalDateTime? {
        guard let cursor, let first = daily.firstDay else { return nil }
        return LocalDateTime(dayNumber: first.dayNumber + cursor)
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

    /// A series' name for the legend, short (its own, without a joined table's source: the
    /// heading has that and each scale's side), and how a day of it is made: summed or averaged.
    private func legendName(_ index: Int) -> String {
        let name = TextLayout.truncate(TerminalSafeText.singleLine(TrendModelFit.ownName(table.series[index].label)), to: 14)
        return name + (table.series[index].kind == .measure ? ", mean" : ", sum")
    }

    /// A series' whole name, cut to `width` for a heading.
    private func headingName(_ index: Int, width: Int) -> String {
        TextLayout.truncate(TerminalSafeText.singleLine(table.series[index].label), to: width)
    }

    /// "daily sum" or "daily mean": a measure's day is its mean.
    private func dailyWhat(_ index: Int, capitalized: Bool = false) -> String {
        let what = table.series[index].kind == .measure ? "daily mean" : "daily sum"
        return capitalized ? what.prefix(1).uppercased() + what.dropFirst() : what
    }

    public var sourceName: String {
        table.isEmpty ? "" : "\(seriesLabel), \(filter.summary(table))"
    }

    /// The chart, rebuilt for each frame and each move: a value over the stored arrays.
    var chart: TrendChart {
        let firstDay = daily.firstDay?.dayNumber ?? 0
        let values = daily.dayCount > 0 ? daily.totals[series] : []
        if case .fitted(let fit) = model {
            return TrendChart(firstDay: firstDay, values: values, name: "observed",
                              overlays: [ChartLine("predicted", fit.predicted, pen: .blue)], cursor: cursor)
        }
        if let secondary, daily.dayCount > 0 {
            // Each named with how its days are made: the two scales hold different things.
            return TrendChart(firstDay: firstDay, values: values, name: legendName(series), cursor: cursor,
                              startsAtZero: table.series[series].kind == .count,
                              secondary: ChartLine(legendName(secondary), daily.totals[secondary], pen: .red),
                              secondaryStartsAtZero: table.series[secondary].kind == .count)
        }
        return TrendChart(firstDay: firstDay, values: values,
                          name: TextLayout.truncate(TerminalSafeText.singleLine(table.series.indices.contains(series) ? table.series[series].label : ""), to: 20),
                          overlays: [ChartLine("7-day mean", weekly), ChartLine("365-day mean", yearly)], cursor: cursor)
    }

    /// The line over the chart: what is drawn, and in model mode the fit's figures.
    private func heading(_ theme: Theme) -> StyledLine {
        let span = ", \(filter.summary(table)), \(NumberText.count(daily.dayCount, "day"))"
        switch model {
        case .fitting:
            var heading = StyledLine("Fitting \(seriesLabel) against the weather…", theme.title)
            heading.append(span, theme.dim)
            return heading
        case .fitted(let fit):
            var heading = StyledLine("Predicted vs observed \(headingName(series, width: 20)): R² \(Self.decimal(fit.rSquared, 3)), ", theme.title)
            heading.append("residuals ±\(ChartNumber.value(fit.residualSpread.rounded()))/day", theme.title)
            heading.append(", \(NumberText.count(fit.daysFitted, "day"))", theme.dim)
            return heading
        case nil:
            break
        }
        if let secondary {
            var heading = StyledLine("\(dailyWhat(series, capitalized: true)) of \(headingName(series, width: 20)) (left) · ", theme.title)
            heading.append("\(dailyWhat(secondary)) of \(headingName(secondary, width: 20)) (right)", theme.title)
            heading.append(span, theme.dim)
            return heading
        }
        let what = table.series.indices.contains(series) && table.series[series].kind == .measure ? "Daily means" : "Daily totals"
        var heading = StyledLine("\(what) of \(seriesLabel)", theme.title)
        heading.append(span, theme.dim)
        return heading
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
        KeyBinding(.character("o"), .nextOverlay, "overlay another series on its own scale (right)"),
        KeyBinding(.character("m"), .model, "model: predicted vs observed (counts + weather)"),
    ], footer: [
        KeyHint("←/→", "move", for: [.left, .right]),
        KeyHint("[ ]", "day", for: [.character("["), .character("]")]),
        KeyHint("{ }", "year", for: [.character("{"), .character("}")]),
        KeyHint("c", "series", for: [.character("c")]),
        KeyHint("o", "overlay", for: [.character("o")]),
        KeyHint("m", "model", for: [.character("m")]),
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
            if secondary == series { secondary = nil }
            // The fit was of the other series.
            model = nil
            return [.message("charting \(seriesLabel)")]
        case .nextOverlay:
            let others = table.displayOrder.filter { $0 != series }
            guard !others.isEmpty else { return [.message("only one series: nothing to overlay")] }
            model = nil
            if let secondary, let position = others.firstIndex(of: secondary) {
                self.secondary = position + 1 < others.count ? others[position + 1] : nil
            } else {
                secondary = others[0]
            }
            guard let secondary else { return [.message("no overlay")] }
            return [.message("overlaid: \(dailyWhat(secondary)) of \(TerminalSafeText.singleLine(table.series[secondary].label)) on the right-hand scale")]
        case .model:
            if model != nil {
                model = nil
                return [.message("model off")]
            }
            return startModel()
        }
        return []
    }

    /// Starts the fit, off the UI thread; asks for the latitude first when it is not known.
    private mutating func startModel() -> [ViewEffect] {
        guard daily.dayCount > 0, let firstDay = daily.firstDay else { return [] }
        guard let latitude else {
            askingLatitude = true
            return [.prompt(label: "Latitude of the counter, for the hours of daylight (like 47.65)")]
        }
        secondary = nil
        let fit = TrendModelFit.work(table: table, series: series, filter: filter, latitude: latitude,
                                     firstDay: firstDay.dayNumber, dayCount: daily.dayCount)
        fitSerial += 1
        model = .fitting(serial: fitSerial)
        // A newer fit (`c`, `m` again) stops this one if it has not started, and drops its reply.
        let command = Command(.compute, key: Self.fitKey, subject: fitSerial) { _, _ in fit() }
        return [.run(command), .message("fitting \(seriesLabel) against the weather…")]
    }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .answer(let text) where askingLatitude:
            askingLatitude = false
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed), (-90...90).contains(value) else {
                return [.message("a latitude is a number from -90 to 90, not '\(TerminalSafeText.singleLine(String(trimmed.prefix(20))))'")]
            }
            latitude = value
            store.latitude = value
            return startModel()
        case .reply(let reply) where reply.key == Self.fitKey:
            // Only a fit still waited for counts: `c` may have moved on meanwhile.
            guard case .fitting = model, case .success(let outcome)? = reply.value(as: TrendModelFit.Outcome.self) else { return [] }
            switch outcome {
            case .fitted(let fit):
                model = .fitted(fit)
                return [.message("fitted \(NumberText.count(fit.daysFitted, "day")): R² \(Self.decimal(fit.rSquared, 3))")]
            case .refused(let reason):
                model = nil
                return [.message(reason)]
            }
        default:
            return []
        }
    }

    /// A figure with `places` decimals ("0.874"), or "—" when it is not a number.
    static func decimal(_ value: Double, _ places: Int) -> String {
        value.isFinite ? NumberText.grouped(value, decimals: places) : "—"
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
            buffer.draw(heading(theme), x: area.x, y: area.y, maxWidth: area.width)
        }
        chart.render(into: &buffer, area: chartArea, theme: theme)
    }
}
