import FremontCore

extension ViewID {
    public static let columnStats = ViewID("table.columnStats")
}

/// The Table tab's column statistics: each series described (hours with a value, missing, min,
/// max, mean, median, 95th percentile, total), and under it a frequency table of the rows
/// grouped by hour of day, weekday, month of the year or year (`b` cycles), each group with its
/// hours and sum per series and a bar of one series' sum. Pushed by the Table tab; `q` comes back.
///
/// The statistics are computed once here, the frequency table again only when `b` changes the
/// grouping; a frame formats only the rows it shows.
public struct ColumnStatsView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), nextGrouping, nextSeries
    }

    public let id = ViewID.columnStats
    public let title = "Stats"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    /// The table as loaded, with the two directions' sum as a series where the source has none.
    private(set) var table: SeriesTable
    public var filter: SeriesFilter { scope.filter }
    private var stats: SeriesColumnStats
    /// The statistics table's cells, `[series in reading order][column]`, formatted once.
    private var statsCells: [[String]]
    public private(set) var grouping: SeriesGrouping = .hour
    private(set) var frequency: SeriesStats
    /// Per series, the range a group's value spans on the bars: 0 to the largest sum for a
    /// count, the lowest to the highest mean for a measure (which is averaged, never summed).
    private var barRanges: [(low: Double, high: Double)] = []
    /// The series whose sums the bars show.
    public private(set) var barSeries: Int
    private(set) var list = ListState()

    /// The groupings `b` goes through, in order.
    public static let groupings: [SeriesGrouping] = [.hour, .weekday, .monthOfYear, .year]
    static let statsHeaders = ["hours", "missing", "min", "max", "mean", "median", "p95", "total"]

    /// - Parameters:
    ///   - series: the Table tab's table and filter.
    ///   - selectedSeries: the series the tab shows: the bars show its sums.
    public init(series store: SeriesStore, selectedSeries: Int = 0) {
        self.store = store
        scope = store.scope
        table = scope.table.addingComputedTotal()
        stats = SeriesColumnStats(table, filter: scope.filter, step: scope.step)
        barSeries = table.series.indices.contains(selectedSeries) ? selectedSeries : 0
        frequency = SeriesStats(table, by: .hour, filter: scope.filter)
        let kinds = table.series.map(\.kind)
        statsCells = table.displayOrder.map { [stats] index in
            let column = stats.columns[index]
            let aggregate = column.aggregate
            func number(_ value: Double?) -> String { value.map { ValueText.readable($0, decimals: 1) } ?? "—" }
            return [NumberText.grouped(aggregate.count), NumberText.grouped(aggregate.missing), number(aggregate.minimum),
                    number(aggregate.maximum), number(aggregate.mean), number(column.median), number(column.percentile95),
                    aggregate.count > 0 && kinds[index] == .count ? number(column.total) : "—"]
        }
        measureFrequency()
    }

    private mutating func measureFrequency() {
        barRanges = table.series.indices.map { series in
            let values = frequency.aggregates.compactMap { Self.value($0[series], kind: table.series[series].kind) }
            return table.series[series].kind == .count ? (0, values.max() ?? 0) : (values.min() ?? 0, values.max() ?? 0)
        }
        list.clamp(metrics)
    }

    /// A group's value: a count's sum, a measure's mean; nil without a reading.
    private static func value(_ aggregate: SeriesAggregate, kind: SeriesKind) -> Double? {
        guard aggregate.count > 0 else { return nil }
        return kind == .count ? aggregate.sum : aggregate.mean
    }

    private var metrics: UniformMetrics { UniformMetrics(count: frequency.groups.count) }

    public var sourceName: String {
        table.isEmpty ? "" : filter.summary(table)
    }

    // MARK: - Layout

    /// Where each part goes: a heading, the statistics, then the frequency table's title, its two
    /// header lines and its rows; each part clipped to what is left of a small area.
    struct Layout {
        var heading: Int?
        var stats: Rect
        var frequencyTitle: Int?
        var frequencyHeader: Rect
        var rows: Rect

        init(_ area: Rect, seriesCount: Int) {
            var rest = area
            let roomy = area.height >= seriesCount + 12
            if roomy { (_, rest) = rest.splitTop(1) }
            heading = roomy ? area.y : nil
            (stats, rest) = rest.splitTop(1 + seriesCount)
            if roomy { (_, rest) = rest.splitTop(1) }
            let title: Rect
            (title, rest) = rest.splitTop(1)
            frequencyTitle = title.isEmpty ? nil : title.y
            (frequencyHeader, rows) = rest.splitTop(2)
        }
    }

    private func layout(_ area: Rect) -> Layout { Layout(area, seriesCount: table.series.count) }

    public mutating func layout(in area: Rect) {
        if store.revision != scope.revision {
            // The table changed under the statistics (a reload): worked out again, same grouping.
            var fresh = ColumnStatsView(series: store, selectedSeries: barSeries)
            if grouping != .hour {
                fresh.grouping = grouping
                fresh.frequency = SeriesStats(fresh.table, by: grouping, filter: fresh.filter)
                fresh.measureFrequency()
            }
            fresh.list.select(list.selected, fresh.metrics)
            self = fresh
        }
        list.resize(height: layout(area).rows.height, metrics)
        list.keepVisible(metrics)
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next group"), up: (.move(.up), "previous group"),
                            pageDown: (.move(.pageDown), "a page down"), pageUp: (.move(.pageUp), "a page up"),
                            first: (.move(.first), "first group"), last: (.move(.last), "last group")) + [
            KeyBinding(.character("b"), .nextGrouping, "group by hour, weekday, month of the year, year"),
            KeyBinding(.character("c"), .nextSeries, "bars of the next series"),
        ],
        footer: [
            KeyHint("j/k", "move", for: [.character("j"), .character("k")]),
            KeyHint("b", "group by", for: [.character("b")]),
            KeyHint("c", "series", for: [.character("c")]),
        ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        switch action {
        case .move(let motion):
            list.move(motion, metrics)
        case .nextGrouping:
            let position = Self.groupings.firstIndex(of: grouping) ?? 0
            grouping = Self.groupings[(position + 1) % Self.groupings.count]
            frequency = SeriesStats(table, by: grouping, filter: filter)
            list = ListState()
            measureFrequency()
            layout(in: area)
            return [.message("grouped by \(Self.name(of: grouping))")]
        case .nextSeries:
            let order = table.displayOrder
            guard order.count > 1 else { return [.message("only one series")] }
            barSeries = order[((order.firstIndex(of: barSeries) ?? 0) + 1) % order.count]
            return [.message("bars of \(TerminalSafeText.singleLine(table.series[barSeries].label))")]
        }
        return []
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        _ = list.click(row: y - layout(area).rows.y, metrics)
        return []
    }

    static func name(of grouping: SeriesGrouping) -> String {
        switch grouping {
        case .hour: return "hour of day"
        case .weekday: return "weekday"
        case .monthOfYear: return "month of the year"
        case .year: return "year"
        case .day: return "day"
        case .week: return "week"
        case .month: return "month"
        }
    }

    /// A group's name in the table: hours as `08:00`, the rest as the core names them.
    static func label(_ group: SeriesGroup) -> String {
        group.grouping == .hour ? (group.key < 10 ? "0" : "") + "\(group.key):00" : group.label
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !table.isEmpty, !table.series.isEmpty else {
            Placeholder.empty("No rows to describe.").render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = self
        if shown.list.height != layout(area).rows.height { shown.layout(in: area) }
        let layout = layout(area)
        if let y = layout.heading {
            var heading = StyledLine("Column stats", theme.title)
            heading.append(", \(filter.summary(table))", theme.dim)
            buffer.draw(heading, x: area.x, y: y, maxWidth: area.width)
        }
        renderStats(into: &buffer, area: layout.stats, theme: theme)
        if let y = layout.frequencyTitle {
            var title = StyledLine("By \(Self.name(of: grouping))", theme.title)
            let next = Self.groupings[((Self.groupings.firstIndex(of: grouping) ?? 0) + 1) % Self.groupings.count]
            title.append("   b: by \(Self.name(of: next))", theme.dim)
            buffer.draw(title, x: area.x, y: y, maxWidth: area.width)
        }
        shown.renderFrequency(into: &buffer, header: layout.frequencyHeader, rows: layout.rows, theme: theme)
    }

    // MARK: Statistics

    /// The statistics table: the name, then the statistics, those least needed left out first
    /// where the area is narrow (the total and mean stay longest, the median and p95 go first).
    static let statsTable = TableWidget([TableColumn(" series", width: .fit(min: 6, max: 22))]
        + statsHeaders.indices.map { column in
            TableColumn(statsHeaders[column], .right, dropOrder: [3, 4, 6, 5, 2, 7, 8, 1][column])
        }, gap: 2)

    private func renderStats(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        guard !area.isEmpty else { return }
        let names = table.displayOrder.map { " " + TerminalSafeText.singleLine(table.series[$0].label) }
        let widths = Self.statsTable.widths(in: area.width) { column in
            column == 0 ? (names.map(DisplayWidth.of).max() ?? 0) : (statsCells.map { DisplayWidth.of($0[column - 1]) }.max() ?? 0)
        }
        buffer.write(Self.statsTable.header(widths), x: area.x, y: area.y, style: theme.columnHeader, maxWidth: area.width)
        for (line, index) in table.displayOrder.enumerated() where line + 1 < area.height {
            let marked = index == barSeries
            let name = (marked ? "▸" : " ") + names[line].dropFirst()
            let cells = ([name] + statsCells[line]).map { StyledSpan($0, marked ? theme.title : .plain) }
            buffer.draw(Self.statsTable.styledLine(cells, widths), x: area.x, y: area.y + 1 + line, maxWidth: area.width)
        }
    }

    // MARK: Frequency

    /// The frequency table's columns for a width: the group, then an hours and a sum column per
    /// series as many as fit in reading order, then the bar in what is left.
    private func frequencyColumns(width: Int) -> (label: Int, series: [(index: Int, hours: Int, sum: Int)], bar: Int) {
        let labelWidth = max(6, (frequency.groups.map { Self.label($0).count }.max() ?? 0) + 1)
        var used = labelWidth
        var shown: [(index: Int, hours: Int, sum: Int)] = []
        for index in table.displayOrder {
            let most = frequency.aggregates.reduce(0) { max($0, $1[index].count) }
            let hours = max(6, NumberText.grouped(most).count + 2)
            let range = barRanges[index]
            let sum = max(6, max(ValueText.readable(range.low, decimals: 1).count, ValueText.readable(range.high, decimals: 1).count) + 2)
            let name = DisplayWidth.of(TerminalSafeText.singleLine(table.series[index].label)) + 2
            let pair = max(hours + sum, name)
            guard used + pair <= width else { break }
            shown.append((index, pair - sum, sum))
            used += pair
        }
        return (labelWidth, shown, max(0, min(40, width - used - 3)))
    }

    private func renderFrequency(into buffer: inout ScreenBuffer, header: Rect, rows: Rect, theme: Theme) {
        guard !header.isEmpty else { return }
        let (labelWidth, columns, barWidth) = frequencyColumns(width: header.width - 1)  // the scroll indicator's column
        // Two header lines: each series' name over its pair of columns, then what they hold.
        var names = String.spaces(labelWidth)
        var kinds = TextLayout.padRight(Self.groupHeader(grouping), to: labelWidth)
        for column in columns {
            let name = TerminalSafeText.singleLine(table.series[column.index].label)
            names += TextLayout.padLeft(TextLayout.truncate(name, to: column.hours + column.sum - 2), to: column.hours + column.sum)
            kinds += TextLayout.padLeft("hours", to: column.hours) + TextLayout.padLeft(Self.valueName(table.series[column.index].kind), to: column.sum)
        }
        if barWidth > 0 {
            let name = TerminalSafeText.singleLine(table.series[barSeries].label)
            names += "   " + TextLayout.truncate(name, to: barWidth)
            let what = table.series[barSeries].kind == .count ? "sum, share of the largest" : "mean, from the lowest to the highest"
            kinds += "   " + TextLayout.truncate(what, to: barWidth)
        }
        buffer.write(names, x: header.x, y: header.y, style: theme.title, maxWidth: header.width)
        if header.height > 1 { buffer.write(kinds, x: header.x, y: header.y + 1, style: theme.columnHeader, maxWidth: header.width) }
        guard !rows.isEmpty else { return }
        guard !frequency.groups.isEmpty else {
            buffer.write("No hours in \(filter.summary(table)).", x: rows.x + 1, y: rows.y, style: theme.dim, maxWidth: rows.width - 1)
            return
        }
        let range = barRanges.indices.contains(barSeries) ? barRanges[barSeries] : (low: 0, high: 0)
        ListView.render(list, metrics, area: rows, into: &buffer, theme: theme) { group, _, y, buffer in
            let aggregates = frequency.aggregates[group]
            var text = TextLayout.padRight(Self.label(frequency.groups[group]), to: labelWidth)
            for column in columns {
                let aggregate = aggregates[column.index]
                text += TextLayout.padLeft(NumberText.grouped(aggregate.count), to: column.hours)
                let value = Self.value(aggregate, kind: table.series[column.index].kind)
                text += TextLayout.padLeft(value.map { ValueText.readable($0, decimals: 1) } ?? "—", to: column.sum)
            }
            var line = StyledLine(text)
            if barWidth > 0, range.high > range.low, let value = Self.value(aggregates[barSeries], kind: table.series[barSeries].kind) {
                line.append("   " + TableTab.bar((value - range.low) / (range.high - range.low), width: barWidth), theme.chart(.blue))
            }
            buffer.drawRow(line, x: rows.x, y: y, width: rows.width - 1, selected: group == list.selected, theme: theme)
        }
    }

    private static func valueName(_ kind: SeriesKind) -> String { kind == .count ? "sum" : "mean" }

    private static func groupHeader(_ grouping: SeriesGrouping) -> String {
        switch grouping {
        case .hour: return "hour"
        case .weekday: return "weekday"
        case .monthOfYear: return "month"
        default: return grouping.rawValue
        }
    }
}
