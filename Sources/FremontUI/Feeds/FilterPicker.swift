import FremontCore

/// newsboat's `select-filter`: the config's `define-filter`s as a list to choose from, over the
/// list of headlines it narrows. Its own state and drawing; the list that opens it owns the keys.
struct FilterPicker: Sendable {
    let filters: [DefinedFilter]
    private(set) var list = ListState()

    /// The picker over `height` rows, on the filter named `selecting` (else the first); nil when
    /// there is none to pick.
    init?(_ filters: [DefinedFilter], height: Int, selecting name: String?) {
        guard !filters.isEmpty else { return nil }
        self.filters = filters
        list.resize(height: max(1, height - 1), metrics)
        list.select(filters.firstIndex { $0.name == name } ?? 0, metrics)
    }

    private var metrics: UniformMetrics { UniformMetrics(count: filters.count) }

    mutating func move(_ motion: ListMotion) { list.move(motion, metrics) }

    /// The filter the selection is on.
    var chosen: DefinedFilter? { filters.indices.contains(list.selected) ? filters[list.selected] : nil }

    /// A heading, then a line a filter: its name and its expression.
    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.write("Narrow the list by the filter:", x: area.x + 1, y: area.y, style: theme.title)
        let listArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        var shown = list
        shown.resize(height: listArea.height, metrics)
        ListView.render(shown, metrics, area: listArea, into: &buffer, theme: theme) { row, _, y, buffer in
            let defined = filters[row]
            var line = StyledLine("  " + TextLayout.padRight(TextLayout.truncate(TerminalSafeText.singleLine(defined.name), to: 30), to: 30))
            line.append("  " + TerminalSafeText.singleLine(defined.text), theme.dim)
            buffer.drawRow(line, x: listArea.x, y: y, width: listArea.width - 1, selected: row == shown.selected, theme: theme)
        }
    }
}
