import FremontCore

/// A chart of daily values over a span of days (the whole 14-year history fits): the values as
/// a braille band, each dot column from the least to the greatest day it holds, so no peak is
/// lost; overlay lines (rolling means) drawn over it in their own colours or, without colour,
/// glyphs; labelled axes with round values and calendar ticks; a cursor column and a top line
/// reading out the cursor's day. Missing days (`.nan`) stay blank, never zero.
///
/// A value rebuilt each frame, like every widget; the cursor (a day index) is the view's state,
/// and the `cursor…` helpers move it in the chart's own terms. Rendering reads each day once
/// per layer and touches each cell a few times: O(days × layers + cells).
///
/// ```
/// var chart = TrendChart(firstDay: first, values: totals, name: "total",
///                        overlays: [ChartLine("7-day", weekly), ChartLine("365-day", yearly)],
///                        cursor: cursor)
/// chart.render(into: &buffer, area: area, theme: theme)
/// cursor = chart.cursor(movedByColumns: 1, in: area)       // → next column
/// cursor = chart.cursor(atScreenX: click.x, in: area)      // a click
/// ```
public struct TrendChart: Sendable {
    /// The first value's day: days since 1970-01-01 (`LocalDateTime.dayNumber`).
    public var firstDay: Int
    /// One value a day from `firstDay`; `.nan` for a missing day.
    public var values: [Double]
    /// The values' name in the readout (`total`); may be empty.
    public var name: String
    /// Lines over the values, as long as them (rolling means); drawn in order, the last on top.
    public var overlays: [ChartLine]
    /// The day under the cursor, an index into `values`; nil for none (the legend shows instead).
    public var cursor: Int?
    /// Whether the value axis starts at zero when every value is above it: counts should, so a
    /// quiet day looks quiet.
    public var startsAtZero: Bool
    /// A second series on a scale of its own, labelled on the right (riders against the
    /// temperature): drawn last, in its own colour or glyph; nil for none.
    public var secondary: ChartLine?
    /// Whether the right-hand axis starts at zero (a count's does; a temperature's need not).
    public var secondaryStartsAtZero: Bool

    /// Below this the chart is a one-line message.
    public static let minimumWidth = 20
    public static let minimumHeight = 6

    public init(firstDay: Int, values: [Double], name: String = "", overlays: [ChartLine] = [],
                cursor: Int? = nil, startsAtZero: Bool = true, secondary: ChartLine? = nil, secondaryStartsAtZero: Bool = false) {
        self.firstDay = firstDay
        self.secondary = secondary
        self.secondaryStartsAtZero = secondaryStartsAtZero
        self.values = values
        self.name = name
        self.overlays = overlays
        self.cursor = cursor
        self.startsAtZero = startsAtZero
    }

    public var dayCount: Int { values.count }

    // MARK: - Cursor

    /// The cursor clamped to the days, nil when there are none.
    var cursorIndex: Int? {
        guard let cursor, !values.isEmpty else { return nil }
        return min(max(0, cursor), values.count - 1)
    }

    /// The day number of the day at `index`.
    public func dayNumber(at index: Int) -> Int { firstDay + index }

    /// The cursor moved by `days` (clamped to the span); from the last day when there is none.
    public func cursor(movedByDays days: Int) -> Int? {
        guard !values.isEmpty else { return nil }
        let start = cursorIndex ?? values.count - 1
        return min(max(0, start + days), values.count - 1)
    }

    /// The index of day number `day`, clamped to the span (a date before it goes to the first
    /// day); nil when there are no days.
    public func cursor(atDayNumber day: Int) -> Int? {
        guard !values.isEmpty else { return nil }
        return min(max(0, day - firstDay), values.count - 1)
    }

    /// The cursor moved by `columns` columns of the chart drawn in `area`: to the first day of
    /// that column when a column holds many days, to the next or previous day when days are
    /// wider than a column, so a move always moves.
    public func cursor(movedByColumns columns: Int, in area: Rect) -> Int? {
        guard let start = cursorIndex ?? cursor(movedByDays: 0) else { return nil }
        guard columns != 0, let layout = Layout(self, area: area) else { return cursor(movedByDays: columns) }
        let target = layout.slots.cell(of: start) + columns
        var index = layout.slots.item(atCell: target) ?? start
        if columns > 0, index <= start { index = start + 1 }
        if columns < 0, index >= start { index = start - 1 }
        return min(max(0, index), values.count - 1)
    }

    /// The day under screen column `x` of the chart drawn in `area` (a click), nil left of the
    /// plot, past its right edge, or when there is no plot.
    public func cursor(atScreenX x: Int, in area: Rect) -> Int? {
        guard let layout = Layout(self, area: area), x >= layout.plot.x, x < layout.plot.maxX else { return nil }
        return layout.slots.item(atCell: x - layout.plot.x)
    }

    // MARK: - Layout

    /// Where everything goes in an area: the readout on top, the value labels and axis on the
    /// left, the plot, the second series' axis and labels on the right, then the time axis and
    /// its labels. Nil when the area is too small.
    struct Layout {
        let axis: ValueAxis
        let plot: Rect
        let slots: SlotScale
        /// The second series' scale, when there is one.
        let rightAxis: ValueAxis?

        init?(_ chart: TrendChart, area: Rect) {
            guard area.width >= TrendChart.minimumWidth, area.height >= TrendChart.minimumHeight, !chart.values.isEmpty else { return nil }
            var low = Double.infinity, high = -Double.infinity
            for line in [chart.values] + chart.overlays.map(\.values) {
                for value in line.prefix(chart.values.count) where value.isFinite {
                    low = min(low, value)
                    high = max(high, value)
                }
            }
            if low > high { (low, high) = (0, 1) }  // nothing present: an empty 0…1 frame
            if chart.startsAtZero { (low, high) = (min(0, low), max(0, high)) }
            let rows = area.height - 3
            axis = ValueAxis(minimum: low, maximum: high, rows: rows, maxLabelWidth: max(4, area.width / 5))
            let gutter = axis.labelWidth + 1
            if let secondary = chart.secondary {
                let (low, high) = Self.range(secondary.values.prefix(chart.values.count), startsAtZero: chart.secondaryStartsAtZero)
                let right = ValueAxis(minimum: low, maximum: high, rows: rows, maxLabelWidth: max(4, area.width / 6))
                rightAxis = right
                plot = Rect(x: area.x + gutter, y: area.y + 1, width: area.width - gutter - right.labelWidth - 1, height: rows)
            } else {
                rightAxis = nil
                plot = Rect(x: area.x + gutter, y: area.y + 1, width: area.width - gutter, height: rows)
            }
            guard plot.width >= 8 else { return nil }
            slots = SlotScale(count: chart.values.count, dots: plot.width * 2)
        }

        /// The finite values' least and greatest (0…1 when there are none), from zero when asked.
        static func range(_ values: ArraySlice<Double>, startsAtZero: Bool) -> (Double, Double) {
            var low = Double.infinity, high = -Double.infinity
            for value in values where value.isFinite {
                low = min(low, value)
                high = max(high, value)
            }
            if low > high { return (0, 1) }
            return startsAtZero ? (min(0, low), max(0, high)) : (low, high)
        }
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !area.isEmpty else { return }
        guard let layout = Layout(self, area: area) else {
            let message = values.isEmpty ? "No days to chart." : "Too small for the chart (\(Self.minimumWidth)×\(Self.minimumHeight) at least)."
            buffer.write(TextLayout.truncate(message, to: area.width), x: area.x, y: area.y, style: theme.dim, maxWidth: area.width)
            return
        }
        let plot = layout.plot, axis = layout.axis
        axis.draw(into: &buffer, x: area.x, y: plot.y, theme: theme)

        // The layers: the days, then each overlay over them.
        var layers: [ChartLayer] = []
        var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
        canvas.plot(values, slots: layout.slots, dotY: axis.dotY)
        layers.append(ChartLayer(canvas: canvas, style: theme.chart(.muted), mark: ChartMark.forLayer(0, colors: theme.colors)))
        for (index, overlay) in overlays.enumerated() {
            var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
            canvas.plot(overlay.values, slots: layout.slots, dotY: axis.dotY)
            layers.append(ChartLayer(canvas: canvas, style: theme.chart(overlay.pen ?? .line(index)),
                                     mark: ChartMark.forLayer(index + 1, colors: theme.colors)))
        }
        if let secondary, let right = layout.rightAxis {
            var canvas = BrailleCanvas(columns: plot.width, rows: plot.height)
            canvas.plot(Array(secondary.values.prefix(values.count)), slots: layout.slots, dotY: right.dotY)
            layers.append(ChartLayer(canvas: canvas, style: theme.chart(secondary.pen ?? .line(overlays.count)),
                                     mark: ChartMark.forLayer(overlays.count + 1, colors: theme.colors)))
            right.drawRight(into: &buffer, x: plot.maxX, y: plot.y, theme: theme)
        }
        buffer.draw(layers, x: plot.x, y: plot.y)
        if !values.contains(where: \.isFinite) {
            let message = "No values in this span"
            buffer.write(message, x: plot.x + max(0, (plot.width - message.count) / 2), y: plot.y + plot.height / 2,
                         style: theme.dim, maxWidth: plot.width)
        }

        let cursor = cursorIndex
        let cursorColumn = cursor.map(layout.slots.cell(of:))
        if let cursorColumn {
            buffer.restyle(Rect(x: plot.x + cursorColumn, y: plot.y, width: 1, height: plot.height), { $0 = theme.chartCursor($0) })
        }
        let ticks = DayTicks.ticks(firstDay: firstDay, count: values.count, columns: plot.width)
            .map { ChartXAxis.Tick(column: layout.slots.cell(of: $0.index), label: $0.label) }
        ChartXAxis(ticks: ticks, cursorColumn: cursorColumn)
            .draw(into: &buffer, x: plot.x - 1, y: plot.maxY, width: plot.width, labels: true, theme: theme)
        buffer.draw(legend(layers: layers, cursor: cursor, theme: theme).line(width: area.width), x: area.x, y: area.y, maxWidth: area.width)
    }

    /// The readout at the cursor's day, else the span and what each layer is.
    private func legend(layers: [ChartLayer], cursor: Int?, theme: Theme) -> ChartLegend {
        var entries = [ChartLegend.Entry(swatch: layers[0].mark.swatch(band: true, colors: theme.colors), style: layers[0].style, name: name,
                                         value: cursor.map { ChartNumber.value(values[$0]) })]
        for (index, overlay) in overlays.enumerated() {
            let layer = layers[index + 1]
            entries.append(ChartLegend.Entry(swatch: layer.mark.swatch(band: false, colors: theme.colors), style: layer.style, name: overlay.name,
                                             value: cursor.map { overlay.value(at: $0).map(ChartNumber.value) ?? "—" }))
        }
        if let secondary, layers.count > overlays.count + 1 {
            let layer = layers[overlays.count + 1]
            entries.append(ChartLegend.Entry(swatch: layer.mark.swatch(band: false, colors: theme.colors), style: layer.style, name: secondary.name,
                                             value: cursor.map { secondary.value(at: $0).map(ChartNumber.value) ?? "—" }))
        }
        let lead: StyledSpan
        if let cursor {
            lead = StyledSpan(DateText.shortDay(dayNumber: dayNumber(at: cursor)), theme.title)
        } else {
            let first = DateText.shortDay(dayNumber: firstDay).dropFirst(4)
            let last = DateText.shortDay(dayNumber: dayNumber(at: values.count - 1)).dropFirst(4)
            lead = StyledSpan(values.count == 1 ? String(first) : "\(first) – \(last)", theme.title)
        }
        return ChartLegend(lead: lead, entries: entries)
    }
}
