import FremontCore

/// Draws the Weather tab: the visible slice of its layout, with the scroll indicator when there
/// is more above or below.
extension WeatherTab {
    public func render(into buffer: inout ScreenBuffer, area viewport: Rect, theme: Theme) {
        buffer.fill(viewport, style: .plain)
        guard let layout = layout(for: viewport) else {
            let placeholder: Placeholder = failure.map { .failed("No forecast: " + $0) } ?? .loading("Loading the forecast…")
            placeholder.render(into: &buffer, area: viewport, theme: theme)
            return
        }
        let lines = layout.lines
        let metrics = UniformMetrics(count: lines.count)
        var shown = list
        shown.resize(height: viewport.height, metrics)  // a reload may have shortened the forecast
        let x = viewport.x + 1, width = viewport.width - 3
        ListView.render(shown, metrics, area: viewport, into: &buffer, theme: theme) { index, _, y, buffer in
            buffer.draw(lines[index].styled(theme), x: x, y: y, maxWidth: width)
        }
    }
}

extension WeatherLine {
    /// The line in the theme's styles.
    func styled(_ theme: Theme) -> StyledLine {
        StyledLine(spans.map { StyledSpan($0.text, theme.weather($0.role)) })
    }
}
