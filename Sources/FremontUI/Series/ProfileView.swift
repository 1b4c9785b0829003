import FremontCore

extension ViewID {
    public static let profile = ViewID("table.profile")
}

/// The Table tab's hourly profile: the mean count at each hour of the day, weekdays and weekends
/// as two lines (the two commute peaks against the weekend's afternoon), one panel per series on
/// one scale, and a cursor hour whose means each panel reads out. Pushed by the Table tab; `q`
/// comes back.
///
/// Two spans compared: `F` sets a second filter (weekends, 2015-01-01..2015-12-31) and each panel
/// draws the mean by hour of each span, labelled with its filter; `f` sets the first span here.
///
/// The means are computed once here (24 × 2 per series); a frame only builds the chart.
public struct ProfileView: BrowserView {
    public enum Action: Sendable, Hashable {
        case hours(Int), first, last, nextSeries, setFilter, setComparison
    }

    /// Which filter the prompt open is for.
    private enum Asking: Sendable { case filter, comparison }

    public let id = ViewID.profile
    public let title = "Profile"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    private(set) var table: SeriesTable
    /// The first span set here with `f`; nil: the table's filter.
    private var ownFilter: SeriesFilter?
    /// The first span (the table's filter, until `f` sets another).
    public var filter: SeriesFilter { ownFilter ?? scope.filter }
    /// The second span, compared with the first; nil for the weekday and weekend lines.
    public private(set) var comparison: SeriesFilter?
    private var profile: SeriesHourlyProfile
    /// With a comparison, each span's mean by hour over all the days it keeps: `[span][series][hour]`.
    private var spanMeans: [[[Double]]] = []
    private var step: SeriesStep { scope.step }
    private var asking: Asking?
    /// The panels' series, top first: the selected one, then the rest in reading order.
    public private(set) var order: [Int]
    /// The cursor's hour, 0…23.
    public private(set) var cursor: Int

    /// - Parameters:
    ///   - selectedSeries: the series the tab shows: its panel comes first.
    ///   - cursorTime: the tab's selected hour, where the cursor starts (else 08:00, the
    ///     morning peak).
    public init(series store: SeriesStore, selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil) {
        self.store = store
        scope = store.scope
        table = scope.table.addingComputedTotal()
        profile = SeriesHourlyProfile(table, filter: scope.filter, step: scope.step)
        let reading = table.displayOrder
        let start = reading.firstIndex(of: selectedSeries) ?? 0
        order = Array(reading[start...] + reading[..<start])
        cursor = cursorTime?.hour ?? 8
    }

    /// The table changed under the chart (a reload): the means are worked out again, for the
    /// same spans, panels and hour.
    public mutating func layout(in area: Rect) {
        guard store.revision != scope.revision else { return }
        scope = store.scope
        table = scope.table.addingComputedTotal()
        let reading = table.displayOrder
        let start = order.first.flatMap { reading.firstIndex(of: $0) } ?? 0
        order = Array(reading[start...] + reading[..<start])
        recompute()
    }

    public var sourceName: String {
        guard !table.isEmpty else { return "" }
        return comparison.map { "\(filter.summary(table)) vs \($0.summary(table))" } ?? filter.summary(table)
    }

    /// Each series' mean at each hour over the days `filter` keeps, weekdays and weekends alike.
    static func hourlyMeans(_ table: SeriesTable, filter: SeriesFilter, step: SeriesStep) -> [[Double]] {
        let stats = SeriesStats(table, by: .hour, filter: filter, step: step)
        return table.series.indices.map { series in
            (0..<ProfileChart.hours).map { hour in stats.aggregate(SeriesGroup(.hour, key: hour), series: series)?.mean ?? .nan }
        }
    }

    /// Both spans' means again, after either filter changed.
    private mutating func recompute() {
        profile = SeriesHourlyProfile(table, filter: filter, step: step)
        spanMeans = comparison.map { [Self.hourlyMeans(table, filter: filter, step: step), Self.hourlyMeans(table, filter: $0, step: step)] } ?? []
    }

    /// The lines the filter's days allow: both, or only weekdays or weekends (the other would be
    /// empty). Each keeps its colour whichever shows. With a comparison, a line a span, each
    /// named by its filter.
    private func lines(_ series: Int) -> [ChartLine] {
        if let comparison, spanMeans.count == 2 {
            return [ChartLine(filter.summary(table), spanMeans[0][series], pen: .blue),
                    ChartLine(comparison.summary(table), spanMeans[1][series], pen: .red)]
        }
        var lines: [ChartLine] = []
        if filter.days != .weekends { lines.append(ChartLine("weekdays", profile.weekdays[series], pen: .blue)) }
        if filter.days != .weekdays { lines.append(ChartLine("weekends", profile.weekends[series], pen: .red)) }
        return lines
    }

    var chart: ProfileChart {
        ProfileChart(panels: order.map { ProfileChart.Panel(title: table.series[$0].label, lines: lines($0)) }, cursor: cursor)
    }

    // MARK: - Layout

    /// A heading line above the chart when there is room for both.
    private static func chartArea(_ area: Rect) -> Rect {
        area.height >= ProfileChart.minimumHeight + 2 ? area.splitTop(1).rest : area
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>([
        KeyBinding([.right, .character("l")], .hours(1), "next hour"),
        KeyBinding([.left, .character("h")], .hours(-1), "previous hour"),
        KeyBinding([.character("g"), .home], .first, "00:00"),
        KeyBinding([.character("G"), .end], .last, "23:00"),
        KeyBinding(.character("c"), .nextSeries, "the next series' panel first"),
        KeyBinding(.character("f"), .setFilter, "the first span (a filter, like weekdays)"),
        KeyBinding(.character("F"), .setComparison, "compare a second span (weekends, a year)"),
    ], footer: [
        KeyHint("←/→", "hour", for: [.left, .right]),
        KeyHint("c", "series", for: [.character("c")]),
        KeyHint("f/F", "span/compare", for: [.character("f"), .character("F")]),
    ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .hours(let hours): cursor = chart.cursor(movedByHours: hours)
        case .first: cursor = 0
        case .last: cursor = ProfileChart.hours - 1
        case .nextSeries:
            guard order.count > 1 else { return [.message("only one series")] }
            order.append(order.removeFirst())
            return [.message("\(TerminalSafeText.singleLine(table.series[order[0]].label)) first")]
        case .setFilter:
            asking = .filter
            return [.prompt(label: "First span (now: \(filter.summary(table))): weekdays, weekends, 2016-04-01..2016-04-15, all")]
        case .setComparison:
            asking = .comparison
            let now = comparison.map { $0.summary(table) } ?? "none"
            return [.prompt(label: "Compare with (now: \(now)): weekends, 2015-01-01..2015-12-31, all; none: one span")]
        }
        return []
    }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        guard case .answer(let text) = message, let question = asking else { return [] }
        asking = nil
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if question == .comparison, trimmed.isEmpty || trimmed.lowercased() == "none" {
            comparison = nil
            recompute()
            return [.message("one span: weekdays and weekends")]
        }
        // A bare minimum applies to the source's total, else the first panel's series.
        switch SeriesFilterText.parse(trimmed, minimumSeries: table.index(of: .total) ?? order.first ?? 0) {
        case .failure(let error):
            return [.message(error.description)]
        case .success(let parsed):
            if question == .filter { ownFilter = parsed } else { comparison = parsed }
            recompute()
            guard let comparison else { return [.message("profile of \(filter.summary(table))")] }
            return [.message("comparing \(filter.summary(table)) with \(comparison.summary(table))")]
        }
    }

    /// The wheel moves the cursor an hour a notch.
    public mutating func scroll(by lines: Int, in area: Rect) {
        cursor = chart.cursor(movedByHours: lines.signum())
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        if let hour = chart.cursor(atScreenX: x, in: Self.chartArea(area)) { cursor = hour }
        return []
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !table.isEmpty, !table.series.isEmpty else {
            Placeholder.empty("No rows to profile.").render(into: &buffer, area: area, theme: theme)
            return
        }
        let chartArea = Self.chartArea(area)
        if chartArea != area {
            // A measure's hour is its mean reading, not a count.
            let counts = order.allSatisfy { table.series[$0].kind == .count }
            var heading = StyledLine(counts ? "Mean count by hour of day" : "Mean by hour of day", theme.title)
            if let comparison {
                heading.append(": \(filter.summary(table)) vs \(comparison.summary(table))", theme.title)
            } else {
                heading.append(", \(filter.summary(table))", theme.dim)
            }
            buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        }
        chart.render(into: &buffer, area: chartArea, theme: theme)
    }
}
