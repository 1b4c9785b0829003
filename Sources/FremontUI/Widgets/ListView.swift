/// Draws the visible part of a list: for each screen row, the item and which of its lines it
/// is, then the scroll indicator. The view says how a line looks; the work is proportional to
/// the rows on screen, never to the items in the list.
public enum ListView {
    /// Calls `drawLine(item, lineOfItem, y)` for every list line on screen (gap lines included,
    /// as lines past the item's content), then draws the scroll indicator in the last column
    /// when `indicator` is set.
    public static func render(_ state: ListState, _ metrics: some ListMetrics, area: Rect, indicator: Bool = true,
                              into buffer: inout ScreenBuffer, theme: Theme,
                              drawLine: (_ item: Int, _ line: Int, _ y: Int, _ buffer: inout ScreenBuffer) -> Void) {
        let total = state.lineCount(metrics)
        guard total > 0, !area.isEmpty else { return }
        var item = metrics.item(atLine: min(state.offset, total - 1))
        for row in 0..<area.height {
            let line = state.offset + row
            guard line < total else { break }
            while item + 1 < metrics.itemCount, line >= metrics.top(of: item + 1) { item += 1 }
            drawLine(item, line - metrics.top(of: item), area.y + row, &buffer)
        }
        if indicator {
            ScrollIndicator.render(offset: state.offset, visible: area.height, total: total, area: area, into: &buffer, theme: theme)
        }
    }
}
