/// A run of text in one style.
public struct StyledSpan: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// A line of styled spans: what views build and the buffer draws, so every view writes text
/// the same way (clipped to a width, controls dropped by the buffer).
public struct StyledLine: Hashable, Sendable {
    public var spans: [StyledSpan]

    public init(_ spans: [StyledSpan] = []) {
        self.spans = spans
    }

    public init(_ text: String, _ style: Style = .plain) {
        spans = [StyledSpan(text, style)]
    }

    public mutating func append(_ text: String, _ style: Style = .plain) {
        spans.append(StyledSpan(text, style))
    }

}

extension ScreenBuffer {
    /// Draws `line` as a row of a list at (x, y), `width` wide: when selected, the whole row in
    /// the theme's selection look (reverse video), so it shows on every colour.
    public mutating func drawRow(_ line: StyledLine, x: Int, y: Int, width: Int, selected: Bool, theme: Theme) {
        guard selected else {
            draw(line, x: x, y: y, maxWidth: width)
            return
        }
        fill(Rect(x: x, y: y, width: width, height: 1), style: theme.selected(.plain))
        draw(StyledLine(line.spans.map { StyledSpan($0.text, theme.selected($0.style)) }), x: x, y: y, maxWidth: width)
    }

    /// Draws `line` from (x, y), never past `maxWidth` columns. Returns the columns used.
    @discardableResult
    public mutating func draw(_ line: StyledLine, x: Int, y: Int, maxWidth: Int? = nil) -> Int {
        let limit = maxWidth ?? (width - x)
        var used = 0
        for span in line.spans {
            guard used < limit else { break }
            used += write(span.text, x: x + used, y: y, style: span.style, maxWidth: limit - used)
        }
        return used
    }
}
