/// The `?` overlay: every key of the active view and the global ones, built from their keymaps,
/// in a box that scrolls when it does not fit.
struct HelpOverlay: Sendable {
    struct Section: Sendable {
        var title: String
        var entries: [HelpEntry]
    }

    enum Outcome {
        case scrolled, close, quit
    }

    private(set) var lines: [StyledLine] = []
    private(set) var list = ListState()
    private var metrics: UniformMetrics { UniformMetrics(count: lines.count) }

    static let closing = "j/k PgDn/PgUp scroll · q or any other key closes"

    init(sections: [Section], theme: Theme) {
        lines = [StyledLine("Keys", theme.overlay.adding(.bold)), StyledLine("", theme.overlay)]
        for section in sections where !section.entries.isEmpty {
            lines.append(StyledLine(section.title, theme.overlay.adding(.underline)))
            for entry in section.entries {
                lines.append(StyledLine("  " + TextLayout.padRight(entry.keys, to: 18) + entry.help, theme.overlay))
            }
        }
    }

    /// The box for a screen: centred, at most 72 columns wide, leaving a line around it.
    static func box(width: Int, height: Int, lineCount: Int) -> Rect {
        let boxWidth = min(width - 2, 72)
        let boxHeight = min(height - 2, lineCount + 4)
        return Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
    }

    /// The lines inside the box: its margins and the closing line left out.
    private static func textArea(_ box: Rect) -> Rect {
        Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 4)
    }

    mutating func layout(width: Int, height: Int) {
        list.resize(height: Self.textArea(Self.box(width: width, height: height, lineCount: lines.count)).height, metrics)
    }

    mutating func handle(_ key: Key) -> Outcome {
        let page = max(1, list.height - 1)
        switch key {
        case .character("j"), .down: list.scroll(toLine: list.offset + 1, metrics)
        case .character("k"), .up: list.scroll(toLine: list.offset - 1, metrics)
        case .pageDown, .character(" "), .control("f"): list.scroll(toLine: list.offset + page, metrics)
        case .pageUp, .control("b"): list.scroll(toLine: list.offset - page, metrics)
        case .character("g"), .home: list.scroll(toLine: 0, metrics)
        case .character("G"), .end: list.scroll(toLine: list.maximumOffset(metrics), metrics)
        // As newsboat's help: q closes it (Ctrl-C still quits, from anywhere).
        case .control("c"): return .quit
        default: return .close
        }
        return .scrolled
    }

    mutating func scroll(by lines: Int) {
        list.scroll(toLine: list.offset + lines, metrics)
    }

    func render(into buffer: inout ScreenBuffer, theme: Theme) {
        let box = Self.box(width: buffer.width, height: buffer.height, lineCount: lines.count)
        buffer.fill(box, style: theme.overlay)
        let area = Self.textArea(box)
        var state = list
        state.resize(height: area.height, metrics)
        ListView.render(state, metrics, area: Rect(x: area.x, y: area.y, width: area.width + 1, height: area.height),
                        into: &buffer, theme: theme) { item, _, y, buffer in
            buffer.draw(lines[item], x: area.x, y: y, maxWidth: area.width)
        }
        buffer.write(Self.closing, x: area.x, y: box.maxY - 2, style: theme.overlay.adding(.dim), maxWidth: area.width)
    }
}
