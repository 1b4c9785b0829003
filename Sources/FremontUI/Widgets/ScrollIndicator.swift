/// The one sign that there is more: `▲` in the top-right cell when lines are hidden above, `▼` in
/// the bottom-right one when lines are hidden below. Every scrolling view draws it the same way.
public enum ScrollIndicator {
    public static func render(offset: Int, visible: Int, total: Int, area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        guard !area.isEmpty else { return }
        if offset > 0 { buffer.write("▲", x: area.maxX - 1, y: area.y, style: theme.dim) }
        if offset + visible < total { buffer.write("▼", x: area.maxX - 1, y: area.maxY - 1, style: theme.dim) }
    }
}
