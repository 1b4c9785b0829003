/// A chart's horizontal axis, in two rows under the plot: the line (`└───┴───`, a `┴` at each
/// tick and `▲` under the cursor) and the tick labels, each starting at its tick. A label that
/// would touch the one before it or run past the right edge is left out, so labels never merge.
struct ChartXAxis {
    struct Tick {
        /// The column from the plot's left edge.
        var column: Int
        var label: String
    }

    var ticks: [Tick]
    var cursorColumn: Int?

    /// `x` is the axis line's column (the corner); the plot's columns follow it, `width` of them.
    func draw(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, labels: Bool, theme: Theme) {
        guard width > 0 else { return }
        buffer.write("└" + String(repeating: "─", count: width), x: x, y: y, style: theme.dim, maxWidth: width + 1)
        var labelEnd = Int.min
        for tick in ticks where tick.column >= 0 && tick.column < width {
            buffer.write("┴", x: x + 1 + tick.column, y: y, style: theme.dim)
            guard labels else { continue }
            let labelWidth = DisplayWidth.of(tick.label)
            guard tick.column > labelEnd, tick.column + labelWidth <= width else { continue }
            buffer.write(tick.label, x: x + 1 + tick.column, y: y + 1, maxWidth: labelWidth)
            labelEnd = tick.column + labelWidth
        }
        if let cursorColumn, cursorColumn >= 0, cursorColumn < width {
            buffer.write("▲", x: x + 1 + cursorColumn, y: y, style: theme.title)
        }
    }
}
