import FremontCore

/// What a view shows where its content would be: while it loads, when there is nothing, or
/// when the first load failed. One look for every view: a line of margin, the message wrapped.
public enum Placeholder: Hashable, Sendable {
    case loading(String)
    case empty(String)
    case failed(String)

    public var message: String {
        switch self {
        case .loading(let text), .empty(let text), .failed(let text): return text
        }
    }

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        let style: Style
        if case .failed = self { style = theme.warning } else { style = theme.dim }
        let width = max(1, area.width - 2)
        for (offset, line) in TextLayout.wrap(TerminalSafeText.singleLine(message), width: width).prefix(max(0, area.height - 1)).enumerated() {
            buffer.write(line, x: area.x + 1, y: area.y + 1 + offset, style: style, maxWidth: width)
        }
    }
}
