/// A chart's vertical axis: round ticks over the data's range, their labels, and the mapping of
/// a value onto a dot row of a plot `rows` cells tall (the first tick at the bottom dot, the last
/// at the top one).
struct ValueAxis: Sendable {
    let ticks: AxisTicks
    let labels: [String]
    /// The widest label: the gutter left of the axis line.
    let labelWidth: Int
    let rows: Int

    /// Labels are grouped digits (`12,000`) unless the widest would pass `maxLabelWidth`, then
    /// short (`12k`). At most a label every other row, and ten in all.
    init(minimum: Double, maximum: Double, rows: Int, maxLabelWidth: Int) {
        self.rows = max(1, rows)
        ticks = AxisTicks(minimum: minimum, maximum: maximum, maxCount: min(10, max(2, self.rows / 2 + 1)))
        let ticks = ticks
        var labels = ticks.values.map { ChartNumber.tick($0, step: ticks.step) }
        var width = labels.map(\.count).max() ?? 0
        if width > maxLabelWidth {
            let magnitude = max(abs(ticks.lower), abs(ticks.upper))
            labels = ticks.values.map { ChartNumber.shortTick($0, step: ticks.step, magnitude: magnitude) }
            width = labels.map(\.count).max() ?? 0
        }
        self.labels = labels
        labelWidth = width
    }

    var dotHeight: Int { rows * 4 }

    /// The dot row of `value` (finite), 0 at the top.
    @inline(__always)
    func dotY(_ value: Double) -> Int {
        let span = ticks.upper - ticks.lower
        let fraction = span > 0 ? (value - ticks.lower) / span : 0
        let y = ((1 - fraction) * Double(dotHeight - 1)).rounded()
        return y.isFinite ? min(dotHeight - 1, max(0, Int(y))) : dotHeight - 1
    }

    /// Draws the labels right-aligned in `labelWidth` columns from `x`, and the axis line in the
    /// column after them, beside `rows` rows from `y`: `┤` where a tick is, `│` elsewhere. A label
    /// whose row another label already took is left out.
    func draw(into buffer: inout ScreenBuffer, x: Int, y: Int, theme: Theme) {
        let axisX = x + labelWidth
        for row in 0..<rows { buffer.write("│", x: axisX, y: y + row, style: theme.dim) }
        var lastRow = -1
        // Top down, so the highest label wins a shared row.
        for index in ticks.values.indices.reversed() {
            let row = dotY(ticks.values[index]) / 4
            guard row != lastRow else { continue }
            lastRow = row
            buffer.write(TextLayout.padLeft(labels[index], to: labelWidth), x: x, y: y + row, maxWidth: labelWidth)
            buffer.write("┤", x: axisX, y: y + row, style: theme.dim)
        }
    }

    /// The mirror of `draw` for a second scale on the right: the axis line in column `x`
    /// (`├` at a tick), the labels left-aligned after it.
    func drawRight(into buffer: inout ScreenBuffer, x: Int, y: Int, theme: Theme) {
        for row in 0..<rows { buffer.write("│", x: x, y: y + row, style: theme.dim) }
        var lastRow = -1
        for index in ticks.values.indices.reversed() {
            let row = dotY(ticks.values[index]) / 4
            guard row != lastRow else { continue }
            lastRow = row
            buffer.write(labels[index], x: x + 1, y: y + row, maxWidth: labelWidth)
            buffer.write("├", x: x, y: y + row, style: theme.dim)
        }
    }
}
