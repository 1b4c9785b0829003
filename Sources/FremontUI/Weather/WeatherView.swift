import FremontCore

/// Draws the Weather tab: the visible slice of its layout, with arrows at the right edge when
/// there is more above or below.
extension WeatherTab {
    public func render(into buffer: inout ScreenBuffer, viewport: Rect, theme: Theme) {
        buffer.fill(viewport, style: .plain)
        let x = viewport.x + 1, width = viewport.width - 3
        guard let layout = layout(for: viewport) else {
            if let failure {
                let lines = TextLayout.wrap("No forecast: " + TerminalSafeText.singleLine(failure), width: max(1, width))
                for (offset, line) in lines.prefix(max(0, viewport.height - 1)).enumerated() {
                    buffer.write(line, x: x, y: viewport.y + 1 + offset, style: theme.warning, maxWidth: width)
                }
            } else {
                buffer.write("Loading the forecast…", x: x, y: viewport.y + 1, style: theme.dim, maxWidth: width)
            }
            return
        }
        let lines = layout.lines
        let top = min(topLine, max(0, lines.count - viewport.height))
        for offset in 0..<viewport.height {
            let index = top + offset
            guard index < lines.count else { break }
            var column = x
            for span in lines[index].spans {
                column += buffer.write(span.text, x: column, y: viewport.y + offset,
                                       style: theme.weather(span.role), maxWidth: x + width - column)
            }
        }
        if top > 0 { buffer.write("▲", x: viewport.maxX - 1, y: viewport.y, style: theme.dim) }
        if top + viewport.height < lines.count {
            buffer.write("▼", x: viewport.maxX - 1, y: viewport.maxY - 1, style: theme.dim)
        }
    }
}
