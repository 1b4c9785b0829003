import FremontCore

/// A column of a `TableWidget`: its header, how it is aligned, how wide it gets, and which
/// columns give way first when the area is narrow.
public struct TableColumn: Sendable {
    public enum Alignment: Sendable { case left, right }

    public enum Width: Sendable {
        /// As wide as its header and its widest cell, within `min`…`max`.
        case fit(min: Int = 1, max: Int = 80)
        case fixed(Int)
        /// What the other columns leave, at least `min`: a name or a title that takes the rest.
        case fill(min: Int)
    }

    public var header: String
    public var alignment: Alignment
    public var width: Width
    /// When the columns do not fit, those with the highest number are left out first; 0 never.
    public var dropOrder: Int

    public init(_ header: String, _ alignment: Alignment = .left, width: Width = .fit(), dropOrder: Int = 0) {
        self.header = header
        self.alignment = alignment
        self.width = width
        self.dropOrder = dropOrder
    }
}

/// A table of text cells drawn as columns: widths by rule (fit the content, fixed, fill the
/// rest), columns left out by priority where the area is narrow, numbers right-aligned, the
/// sorted column's header marked, rows drawn through `ListView` (the selection, the scroll
/// indicator), and the same cells written out as CSV. A screen keeps its own rows, selection
/// and sort, and hands the cells to the widget to lay out and draw.
public struct TableWidget: Sendable {
    public var columns: [TableColumn]
    /// Blank cells before every column but the first.
    public var gap: Int
    /// The sorted column and its direction, marked `▼` (largest first) or `▲` in its header.
    public var sort: (column: Int, descending: Bool)?
    /// Every header but the first keeps a cell after its name for the sort's mark, so that
    /// right-aligned names stand over numbers that end in a one-cell note (`*` partial).
    public var keepsMarkCell: Bool

    public init(_ columns: [TableColumn], gap: Int = 2, sort: (column: Int, descending: Bool)? = nil, keepsMarkCell: Bool = false) {
        self.columns = columns
        self.gap = gap
        self.sort = sort
        self.keepsMarkCell = keepsMarkCell
    }

    /// Each column's width in `width` cells, nil for a column left out; `widest(column)` is the
    /// display width of the column's widest cell (asked of `fit` columns only).
    public func widths(in width: Int, widest: (Int) -> Int) -> [Int?] {
        var widths: [Int?] = columns.indices.map { index in
            let column = columns[index]
            let header = DisplayWidth.of(column.header) + (sort?.column == index || (keepsMarkCell && index > 0) ? 1 : 0)
            switch column.width {
            case .fixed(let cells): return cells
            case .fit(let least, let most): return min(most, max(least, header, widest(index)))
            case .fill(let least): return max(least, header)
            }
        }
        func used() -> Int {
            let shown = widths.compactMap { $0 }
            return shown.reduce(0, +) + gap * max(0, shown.count - 1)
        }
        // Left out, the least needed first, until the rest fit.
        for index in columns.indices.filter({ columns[$0].dropOrder > 0 }).sorted(by: { columns[$0].dropOrder > columns[$1].dropOrder })
        where used() > width {
            widths[index] = nil
        }
        // A fill column takes what is left.
        if let fill = columns.indices.first(where: { if case .fill = columns[$0].width { widths[$0] != nil } else { false } }) {
            widths[fill] = max(widths[fill] ?? 0, widths[fill]! + width - used())
        }
        return widths
    }

    /// The header line: each shown column's name, aligned as its cells, the sorted one marked.
    public func header(_ widths: [Int?]) -> String {
        line(columns.indices.map { index in
            guard sort?.column == index, let sort else { return columns[index].header + (keepsMarkCell && index > 0 ? " " : "") }
            return columns[index].header + (sort.descending ? "▼" : "▲")
        }, widths)
    }

    /// One row's cells laid out in the widths: each cut to its column, padded to its alignment.
    public func line(_ cells: [String], _ widths: [Int?]) -> String {
        styledLine(cells.map { StyledSpan($0) }, widths).spans.map(\.text).joined()
    }

    /// One row's cells, each in its own style, laid out in the widths.
    public func styledLine(_ cells: [StyledSpan], _ widths: [Int?]) -> StyledLine {
        var line = StyledLine()
        var first = true
        for (index, width) in widths.enumerated() {
            guard let width else { continue }
            if !first { line.append(String.spaces(gap)) }
            first = false
            let cell = index < cells.count ? cells[index] : StyledSpan("")
            let text = TextLayout.truncate(TerminalSafeText.singleLine(cell.text), to: width)
            let padded = columns[index].alignment == .right ? TextLayout.padLeft(text, to: width) : TextLayout.padRight(text, to: width)
            line.append(padded, cell.style)
        }
        return line
    }

    /// Draws the header on `header`'s row (when it has one) and the rows through `list` in
    /// `rows`, the selected one in the selection's look; `cells(row)` gives a row's cells.
    public func render(header: Rect?, rows: Rect, list: ListState, _ metrics: some ListMetrics, widths: [Int?],
                       into buffer: inout ScreenBuffer, theme: Theme, cells: (Int) -> [StyledSpan]) {
        if let header, !header.isEmpty {
            buffer.write(self.header(widths), x: header.x, y: header.y, style: theme.columnHeader, maxWidth: header.width)
        }
        ListView.render(list, metrics, area: rows, into: &buffer, theme: theme) { row, _, y, buffer in
            buffer.drawRow(styledLine(cells(row), widths), x: rows.x, y: y, width: rows.width - 1, selected: row == list.selected, theme: theme)
        }
    }

    /// The headers and `rows` as CSV, through `CSVWriter`: text cells as `audience` is to get
    /// them (a spreadsheet's formula guard), numbers as they are.
    public func csv(_ rows: some Sequence<[CSVWriter.Cell]>, audience: CSVAudience = .spreadsheet) -> String {
        let writer = CSVWriter(lineEnding: .lf, audience: audience)
        var text = writer.row(columns.map(\.header))
        for row in rows { text += writer.row(row) }
        return text
    }
}
