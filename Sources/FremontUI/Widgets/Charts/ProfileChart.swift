import FremontCore

/// The day's shape: a value for each hour (the mean count by hour of day), several named lines
/// (weekdays, weekends) in their own colours or glyphs, for one series or several stacked as
/// small multiples on one scale, over one hour axis. Each panel's top line names it and reads
/// out its lines at the cursor's hour (`northbound  08:00  ━ weekdays 412.3 · ━ weekends 57.1`),
/// or is their legend without a cursor. Missing hours (`.nan`) stay blank.
///
/// ```
/// let chart = ProfileChart(panels: [
///     .init(title: "northbound", lines: [ChartLine("weekdays", north.weekdays), ChartLine("weekends", north.weekends)]),
///     .init(title: "southbound", lines: [ChartLine("weekdays", south.weekdays), ChartLine("weekends", south.weekends)]),
/// ], cursor: hour)
/// chart.render(into: &buffer, area: area, theme: theme)
/// ```
public struct ProfileChart: Sendable {
    /// One series: its title and lines, each with a value for hours 0…23.
    public struct Panel: Sendable, Hashable {
        public var title: String
        public var lines: [ChartLine]

        public init(title: String = "", lines: [ChartLine]) {
            self.title = title
            self.lines = lines
        }
    }

    public var panels: [Panel]
    /// The hour under the cursor, 0…23; nil for none.
    public var cursor: Int?
    /// Whether the value axis starts at zero when every value is above it.
    public var startsAtZero: Bool

    public static let hours = 24
    /// Below this the chart is a one-line message; each further panel needs 4 more rows.
    public static let minimumWidth = 20
    public static let minimumHeight = 6

    public init(panels: [Panel], cursor: Int? = nil, startsAtZero: Bool = true) {
        self.panels = panels
        self.cursor = cursor
        self.startsAtZero = startsAtZero
    }

    /// One panel.
    public init(title: String = "", lines: [ChartLine], cursor: Int? = nil, startsAtZero: Bool = true) {
        self.init(panels: [Panel(title: title, lines: lines)], cursor: cursor, startsAtZero: startsAtZero)
    }

    // MARK: - Cursor

    /// The cursor moved by `hours`, clamped to 0…23; from hour 0 (forward) or 23 (back) when
    /// there is none.
    public func cursor(movedByHours hours: Int) -> Int {
        let start = cursor ?? (hours > 0 ? -1 : Self.hours)
        return min(max(0, start + hours), Self.hours - 1)
    }

    /// The hour under screen column `x` of the chart drawn in `area` (a click), nil outside the plot.
    public func cursor(atScreenX x: Int, in area: Rect) -> Int? {
        guard let layout = Layout(self, area: area), x >= layout.plotX, x < layout.plotX + layout.plotWidth else { return nil }
        return layout.slots.item(atCell: x - layout.plotX)
    }

    // MARK: - Layout

    /// Panels stacked from the top, each a title line over its plot, all the same height and on
    /// one scale; then the hour axis and its labels. Panels that do not fit are left out (the
    /// last one shown says how many).
    struct Layout {
        let axis: ValueAxis
        let plotX: Int
        let plotWidth: Int
        /// Each shown panel's title row; its plot follows, `plotRows` tall.
        let panelTops: [Int]
        let plotRows: Int
        let axisY: Int
        let slots: SlotScale

        init?(_ chart: ProfileChart, area: Rect) {
            guard area.width >= ProfileChart.minimumWidth, area.height >= ProfileChart.minimumHeight, !chart.panels.isEmpty else { return nil }
            let shown = min(chart.panels.count, (area.height - 2) / 4)
            let panelHeight = (area.height - 2) / shown
            plotRows = panelHeight - 1
            axisY = area.maxY - 2
            let top = axisY - shown * panelHeight
            panelTops = (0..<shown).map { top + $0 * panelHeight }
            var low = Double.infinity, high = -Double.infinity
            for panel in chart.panels.prefix(shown) {
                for line in panel.lines {
                    for value in line.values.prefix(ProfileChart.hours) where value.isFinite {
                        low = min(low, value)
                        high = max(high, value)
                    }
                }
            }
            if low > high { (low, high) = (0, 1) }
            if chart.startsAtZero { (low, high) = (min(0, low), max(0, high)) }
            axis = ValueAxis(minimum: low, maximum: high, rows: plotRows, maxLabelWidth: max(4, area.width / 5))
            plotX = area.x + axis.labelWidth + 1
            plotWidth = area.maxX - plotX
            guard plotWidth >= 8 else { return nil }
            slots = SlotScale(count: ProfileChart.hours, dots: plotWidth * 2)
        }
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !area.isEmpty else { return }
        guard let layout = Layout(self, area: area) else {
            let message = panels.isEmpty ? "Nothing to chart." : "Too small for the chart (\(Self.minimumWidth)×\(Self.minimumHeight) at least)."
            buffer.write(TextLayout.truncate(message, to: area.width), x: area.x, y: area.y, style: theme.dim, maxWidth: area.width)
            return
        }
        let cursor = self.cursor.map { min(max(0, $0), Self.hours - 1) }
        let cursorColumn = cursor.map(layout.slots.cell(of:))
        for (index, top) in layout.panelTops.enumerated() {
            let panel = panels[index]
            let plotY = top + 1
            layout.axis.draw(into: &buffer, x: area.x, y: plotY, theme: theme)
            var layers: [ChartLayer] = []
            for (lineIndex, line) in panel.lines.enumerated() {
                var canvas = BrailleCanvas(columns: layout.plotWidth, rows: layout.plotRows)
                canvas.plot(Array(line.values.prefix(Self.hours)), slots: layout.slots, dotY: layout.axis.dotY)
                layers.append(ChartLayer(canvas: canvas, style: theme.chart(line.pen ?? .line(lineIndex)),
                                         mark: ChartMark.forLayer(lineIndex, colors: theme.colors)))
            }
            buffer.draw(layers, x: layout.plotX, y: plotY)
            if let cursorColumn {
                buffer.restyle(Rect(x: layout.plotX + cursorColumn, y: plotY, width: 1, height: layout.plotRows), { $0 = theme.chartCursor($0) })
            }
            var title = StyledLine(legend(panel, layers: layers, cursor: cursor, theme: theme).line(width: area.width).spans)
            if index == layout.panelTops.count - 1, layout.panelTops.count < panels.count {
                title.append("  (+\(panels.count - layout.panelTops.count) below: enlarge)", theme.dim)
            }
            buffer.draw(title, x: area.x, y: top, maxWidth: area.width)
        }
        // Hours every 1, 2, 3, 4, 6 or 12, whichever first leaves room for "23" and a space.
        let perHour = Double(layout.plotWidth) / Double(Self.hours)
        let every = [1, 2, 3, 4, 6, 12].first { Double($0) * perHour >= 3 } ?? 12
        let ticks = stride(from: 0, to: Self.hours, by: every).map { ChartXAxis.Tick(column: layout.slots.cell(of: $0), label: String($0)) }
        ChartXAxis(ticks: ticks, cursorColumn: cursorColumn)
            .draw(into: &buffer, x: layout.plotX - 1, y: layout.axisY, width: layout.plotWidth, labels: true, theme: theme)
    }

    /// The panel's title, then its lines' values at the cursor's hour, else their names.
    private func legend(_ panel: Panel, layers: [ChartLayer], cursor: Int?, theme: Theme) -> ChartLegend {
        let entries = panel.lines.enumerated().map { index, line in
            ChartLegend.Entry(swatch: layers[index].mark.swatch(band: false, colors: theme.colors), style: layers[index].style, name: line.name,
                              value: cursor.map { line.value(at: $0).map(ChartNumber.value) ?? "—" })
        }
        var lead = panel.title.isEmpty ? "" : TerminalSafeText.singleLine(panel.title)
        if let cursor {
            let hour = (cursor < 10 ? "0" : "") + "\(cursor):00"
            lead += lead.isEmpty ? hour : "  " + hour
        }
        return ChartLegend(lead: lead.isEmpty ? nil : StyledSpan(lead, theme.title), entries: entries)
    }
}
