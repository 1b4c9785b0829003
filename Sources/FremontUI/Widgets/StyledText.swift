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

    public var text: String { spans.map(\.text).joined() }
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}

extension ScreenBuffer {
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
