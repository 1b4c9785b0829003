import FremontCore

extension ViewID {
    public static let profile = ViewID("table.profile")
}

/// The Bikes tab's hourly profile: the mean count at each hour of the day, weekdays and weekends
/// as two lines (the two commute peaks against the weekend's afternoon), one panel per series on
/// one scale, and a cursor hour whose means each panel reads out. Pushed by the Bikes tab; `q`
/// comes back.
///
/// The means are computed once here (24 × 2 per series); a frame only builds the chart.
public struct ProfileView: BrowserView {
    public enum Action: Sendable, Hashable {
        case hours(Int), first, last, nextSeries
    }

    public let id = ViewID.profile
    public let title = "Profile"
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    let table: SeriesTable
    public let filter: SeriesFilter
    private let profile: SeriesHourlyProfile
    /// The panels' series, top first: the selected one, then the rest in reading order.
    public private(set) var order: [Int]
    /// The cursor's hour, 0…23.
    public private(set) var cursor: Int

    /// - Parameters:
    ///   - selectedSeries: the series the tab shows: its panel comes first.
    ///   - cursorTime: the tab's selected hour, where the cursor starts (else 08:00, the
    ///     morning peak).
    public init(table: SeriesTable, filter: SeriesFilter = SeriesFilter(), selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil,
                step: SeriesStep? = nil) {
        self.table = table.addingComputedTotal()
        self.filter = filter
        profile = SeriesHourlyProfile(self.table, filter: filter, step: step)
        let reading = self.table.displayOrder
        let start = reading.firstIndex(of: selectedSeries) ?? 0
        order = Array(reading[start...] + reading[..<start])
        cursor = cursorTime?.hour ?? 8
    }

    public var sourceName: String {
        table.isEmpty ? "" : filter.summary(table)
    }

    /// The lines the filter's days allow: both, or only weekdays or weekends (the other would be
    /// empty). Each keeps its colour whichever shows.
    private func lines(_ series: Int) -> [ChartLine] {
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
    ], footer: [
        KeyHint("←/→", "hour", for: [.left, .right]),
        KeyHint("c", "series", for: [.character("c")]),
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
        }
        return []
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
            heading.append(", \(filter.summary(table))", theme.dim)
            buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        }
        chart.render(into: &buffer, area: chartArea, theme: theme)
    }
}
