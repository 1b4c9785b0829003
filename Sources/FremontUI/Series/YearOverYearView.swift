import FremontCore

extension ViewID {
    public static let yearOverYear = ViewID("table.yearOverYear")
}

/// The Table tab's year over year: each year a line over January to December of one series'
/// monthly totals (a measure's means; `m` per-day means, so a partial month compares), the last
/// four years at a time (PgUp/PgDn go back and forth), a cursor month whose values the
/// legend reads out. The months are the year × month `SeriesPivot`, the pivot view's numbers.
/// Pushed by the Table tab; `q` comes back.
public struct YearOverYearView: BrowserView {
    public enum Action: Sendable, Hashable {
        case months(Int), years(Int), perDay, nextSeries
    }

    public let id = ViewID.yearOverYear
    public let title = "Years"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    private(set) var table: SeriesTable
    public var filter: SeriesFilter { scope.filter }
    private var computedTotal: Int?
    public private(set) var series: Int
    public private(set) var perDay = false
    public private(set) var pivot: SeriesPivot?
    private var refusal: String?
    /// The last year drawn, an index into `pivot.rowKeys`.
    public private(set) var lastShown = 0
    /// The cursor's month, 1…12.
    public private(set) var cursor: Int

    /// Lines at once: one per pen, each told apart without colour too.
    public static let yearsShown = 4
    static let minimumWidth = 20, minimumHeight = 6

    /// - Parameter series: the Table tab's table and filter.
    public init(series store: SeriesStore, selectedSeries: Int = 0, cursorTime: LocalDateTime? = nil) {
        self.store = store
        scope = store.scope
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        computedTotal = computesTotal ? table.series.count - 1 : nil
        series = ViewedSeries.initial(table, selected: selectedSeries)
        cursor = cursorTime?.month ?? 1
        // The latest years, the tab's month under the cursor.
        compute()
    }

    private var isCount: Bool { table.series.indices.contains(series) && table.series[series].kind == .count }

    private mutating func compute() {
        refusal = nil
        pivot = nil
        guard table.series.indices.contains(series), !table.isEmpty else { refusal = "No rows to chart."; return }
        do {
            pivot = try SeriesPivot(table, series: series, rows: .year, columns: .month, perDay: perDay && isCount, filter: filter)
        } catch {
            refusal = error.shortDescription
        }
        lastShown = max(0, (pivot?.rowKeys.count ?? 1) - 1)
    }

    public var sourceName: String { table.isEmpty ? "" : filter.summary(table) }

    /// The table changed under the chart (a reload): the months are worked out again, on the
    /// same series and month, from the latest years.
    public mutating func layout(in area: Rect) {
        guard store.revision != scope.revision else { return }
        scope = store.scope
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        computedTotal = computesTotal ? table.series.count - 1 : nil
        series = ViewedSeries.initial(table, selected: series)
        compute()
    }

    /// The years drawn, oldest first: indices into `pivot.rowKeys`.
    var shownRows: [Int] {
        guard let pivot, !pivot.rowKeys.isEmpty else { return [] }
        let last = min(lastShown, pivot.rowKeys.count - 1)
        return Array(max(0, last - Self.yearsShown + 1)...last)
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>([
        KeyBinding([.right, .character("l")], .months(1), "next month"),
        KeyBinding([.left, .character("h")], .months(-1), "previous month"),
        KeyBinding(.pageUp, .years(-1), "a year earlier: the four years before"),
        KeyBinding([.pageDown, .character(" ")], .years(1), "a year later"),
        KeyBinding(.character("m"), .perDay, "per-day means, so partial months compare"),
        KeyBinding(.character("c"), .nextSeries, "the next series"),
    ], footer: [
        KeyHint("←/→", "month", for: [.left, .right]),
        KeyHint("PgUp/PgDn", "years", for: [.pageUp, .pageDown]),
        KeyHint("m", "per day", for: [.character("m")]),
    ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        switch action {
        case .months(let months): cursor = min(12, max(1, cursor + months))
        case .years(let years):
            guard let pivot, !pivot.rowKeys.isEmpty else { return [] }
            lastShown = min(pivot.rowKeys.count - 1, max(min(Self.yearsShown, pivot.rowKeys.count) - 1, lastShown + years))
        case .perDay:
            guard isCount else { return [.message("a measure's months are means already")] }
            let last = lastShown
            perDay.toggle()
            compute()
            lastShown = last
            return [.message(perDay ? "per-day means of each month" : "monthly totals")]
        case .nextSeries:
            let order = table.displayOrder
            guard order.count > 1 else { return [.message("only one series")] }
            series = order[((order.firstIndex(of: series) ?? 0) + 1) % order.count]
            let last = lastShown
            compute()
            lastShown = min(last, lastShown)
            return [.message("\(TerminalSafeText.singleLine(table.series[series].label)) by year")]
        }
        return []
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        cursor = min(12, max(1, cursor + lines.signum()))
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard let pivot, pivot.total.readings > 0 else {
            Placeholder.empty(refusal ?? "No readings to chart in \(filter.summary(table)).").render(into: &buffer, area: area, theme: theme)
            return
        }
        let label = TextLayout.truncate(TerminalSafeText.singleLine(table.series[series].label), to: 30) + (series == computedTotal ? " (North + South)" : "")
        let what = pivot.measure == .total ? "Monthly totals" : pivot.measure == .perDay ? "Per-day means by month" : "Monthly means"
        var heading = StyledLine("\(what) of \(label) by year", theme.title)
        heading.append(", \(filter.summary(table))", theme.dim)
        buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        let chart = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        guard chart.width >= Self.minimumWidth, chart.height >= Self.minimumHeight else {
            buffer.write(TextLayout.truncate("Too small for the chart (\(Self.minimumWidth)×\(Self.minimumHeight + 1) at least).", to: area.width),
                         x: area.x, y: chart.y, style: theme.dim, maxWidth: area.width)
            return
        }
        let rows = shownRows
        let lines = rows.map { row in pivot.cells[row].map { $0.value ?? .nan } }
        // One scale for every year shown, from zero for counts.
        var low = Double.infinity, high = -Double.infinity
        for line in lines { for value in line where value.isFinite { low = min(low, value); high = max(high, value) } }
        if low > high { (low, high) = (0, 1) }
        if isCount { (low, high) = (min(0, low), max(0, high)) }
        let plotY = chart.y + 1, plotRows = chart.height - 3
        let axis = ValueAxis(minimum: low, maximum: high, rows: plotRows, maxLabelWidth: max(4, chart.width / 5))
        let plotX = chart.x + axis.labelWidth + 1, plotWidth = chart.maxX - plotX
        let slots = SlotScale(count: 12, dots: plotWidth * 2)
        axis.draw(into: &buffer, x: chart.x, y: plotY, theme: theme)
        var layers: [ChartLayer] = []
        for (index, line) in lines.enumerated() {
            var canvas = BrailleCanvas(columns: plotWidth, rows: plotRows)
            canvas.plot(line, slots: slots, dotY: axis.dotY)
            layers.append(ChartLayer(canvas: canvas, style: theme.chart(.line(index)), mark: ChartMark.forLayer(index, colors: theme.colors)))
        }
        buffer.draw(layers, x: plotX, y: plotY)
        let cursorColumn = slots.cell(of: cursor - 1)
        buffer.restyle(Rect(x: plotX + cursorColumn, y: plotY, width: 1, height: plotRows), { $0 = theme.chartCursor($0) })
        // The legend reads each year's month out, a partial month marked `*`.
        let entries = rows.enumerated().map { index, row in
            let cell = pivot.cells[row][cursor - 1]
            return ChartLegend.Entry(swatch: layers[index].mark.swatch(band: false, colors: theme.colors), style: layers[index].style,
                                     name: String(pivot.rowKeys[row]),
                                     value: cell.value.map { ChartNumber.value($0) + (cell.isPartial ? "*" : "") } ?? "—")
        }
        var legend = ChartLegend(lead: StyledSpan(DateText.months[cursor - 1], theme.title), entries: entries).line(width: chart.width)
        if rows.first ?? 0 > 0 { legend.append("  PgUp: earlier years", theme.dim) }
        buffer.draw(legend, x: chart.x, y: chart.y, maxWidth: chart.width)
        let ticks = (1...12).map { ChartXAxis.Tick(column: slots.cell(of: $0 - 1), label: DateText.shortMonth($0)) }
        ChartXAxis(ticks: ticks, cursorColumn: cursorColumn).draw(into: &buffer, x: plotX - 1, y: chart.maxY - 2, width: plotWidth, labels: true, theme: theme)
    }
}
