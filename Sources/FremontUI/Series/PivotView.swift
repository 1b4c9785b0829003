import FremontCore

extension ViewID {
    public static let pivot = ViewID("table.pivot")
}

/// The Table tab's pivot of one series: year × month (`b`: year × weekday, hour × weekday), each
/// cell a count's total or a measure's mean, with the rows' and columns' totals; partial periods
/// marked `*` and, with `m`, every cell a per-day mean so they compare; `%` the change against the
/// year before. Rows sort by a column (`s`, `S`) and export to CSV (`e`) as the table's do. The
/// numbers are `SeriesPivot`'s, the ones `fremont stats --pivot` prints. Pushed by the Table tab;
/// `q` comes back.
///
/// The pivot is computed here once per layout and mode (one pass over the rows); a frame
/// formats only the rows it shows.
public struct PivotView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), nextLayout, perDay, change, sortNext, sortReverse, export, nextSeries
    }

    public let id = ViewID.pivot
    public let title = "Pivot"
    /// The table and filter of the Table tab, read again when they change (a reload).
    let store: SeriesStore
    private var scope: SeriesScope
    private(set) var table: SeriesTable
    public var filter: SeriesFilter { scope.filter }
    private var step: SeriesStep { scope.step }
    private var computedTotal: Int?
    public private(set) var series: Int
    /// Rows × columns: the layouts `b` goes through.
    public private(set) var layout: (rows: SeriesPivot.Axis, columns: SeriesPivot.Axis) = (.year, .month)
    public private(set) var perDay = false
    public private(set) var showsChange = false
    /// The column sorted by (`columnKeys.count` for the total) and its direction; nil in key order.
    public private(set) var sort: (column: Int, descending: Bool)?
    public private(set) var pivot: SeriesPivot?
    /// Why there is no pivot.
    public private(set) var refusal: String?
    /// The body rows in the order shown (indices into `rowKeys`), then the totals row.
    private(set) var order: [Int] = []
    private(set) var list = ListState()
    private var exporting = false

    /// - Parameter series: the Table tab's table and filter.
    public init(series store: SeriesStore, selectedSeries: Int = 0) {
        self.store = store
        scope = store.scope
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        computedTotal = computesTotal ? table.series.count - 1 : nil
        series = ViewedSeries.initial(table, selected: selectedSeries)
        compute()
    }

    /// The table changed under the pivot (a reload): worked out again, in the same layout,
    /// series and sort.
    private mutating func reread() {
        scope = store.scope
        let computesTotal = scope.table.computesTotal
        table = scope.table.addingComputedTotal()
        computedTotal = computesTotal ? table.series.count - 1 : nil
        series = ViewedSeries.initial(table, selected: series)
        if !layouts.contains(where: { $0 == layout }) { layout = layouts[0] }
        compute()
    }

    /// The layouts `b` cycles: an hour of the day only where the readings have hours.
    var layouts: [(rows: SeriesPivot.Axis, columns: SeriesPivot.Axis)] {
        [(.year, .month), (.year, .weekday)] + (step.isDailyOrLonger ? [] : [(.hour, .weekday)])
    }

    private var isCount: Bool { table.series.indices.contains(series) && table.series[series].kind == .count }

    private mutating func compute() {
        pivot = nil
        refusal = nil
        guard table.series.indices.contains(series), !table.isEmpty else { refusal = "No rows to pivot."; return }
        do {
            pivot = try SeriesPivot(table, series: series, rows: layout.rows, columns: layout.columns, perDay: perDay && isCount, filter: filter)
        } catch {
            refusal = error.shortDescription
        }
        if let pivot, !pivot.hasYears { showsChange = false }
        reorder()
    }

    /// The body rows sorted by the sort's column (no value last), else in key order.
    private mutating func reorder() {
        guard let pivot else { order = []; return }
        let keys = Array(pivot.rowKeys.indices)
        if let sort {
            let change = showsChange
            func number(_ row: Int) -> Double? { SeriesPivotExport.number(pivot, row, sort.column, change: change) }
            order = keys.sorted { a, b in
                switch (number(a), number(b)) {
                case let (x?, y?): return x == y ? a < b : (sort.descending ? x > y : x < y)
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return a < b
                }
            }
        } else {
            order = keys
        }
        list.clamp(metrics)
    }

    /// Whether the totals row shows: not for a change along the years down the rows.
    private var showsTotalsRow: Bool { !(showsChange && pivot?.rows == .year) }
    private var lineCount: Int { order.count + (showsTotalsRow && !order.isEmpty ? 1 : 0) }
    private var metrics: UniformMetrics { UniformMetrics(count: lineCount) }

    public var sourceName: String { table.isEmpty ? "" : filter.summary(table) }

    // MARK: - Layout

    /// A heading, the column names, the rows, a note on partial periods.
    private static func rowsArea(_ area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 3))
    }

    public mutating func layout(in area: Rect) {
        if store.revision != scope.revision { reread() }
        list.resize(height: Self.rowsArea(area).height, metrics)
        list.keepVisible(metrics)
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next row"), up: (.move(.up), "previous row"),
                            pageDown: (.move(.pageDown), "a page down"), pageUp: (.move(.pageUp), "a page up"),
                            first: (.move(.first), "first row"), last: (.move(.last), "last row")) + [
            KeyBinding(.character("b"), .nextLayout, "year × month, year × weekday, hour × weekday"),
            KeyBinding(.character("m"), .perDay, "per-day means, so partial periods compare"),
            KeyBinding(.character("%"), .change, "% change against the year before"),
            KeyBinding(.character("s"), .sortNext, "sort by the next column, largest first"),
            KeyBinding(.character("S"), .sortReverse, "reverse the sort"),
            KeyBinding(.character("e"), .export, "export the pivot to a CSV file"),
            KeyBinding(.character("c"), .nextSeries, "pivot the next series"),
        ],
        footer: [
            KeyHint("b", "layout", for: [.character("b")]),
            KeyHint("m", "per day", for: [.character("m")]),
            KeyHint("%", "change", for: [.character("%")]),
            KeyHint("s", "sort", for: [.character("s")]),
            KeyHint("e", "export", for: [.character("e")]),
        ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        var message: String?
        switch action {
        case .move(let motion):
            list.move(motion, metrics)
            return []
        case .nextLayout:
            let layouts = self.layouts
            let index = layouts.firstIndex { $0 == layout } ?? 0
            layout = layouts[(index + 1) % layouts.count]
            sort = nil
            list = ListState()
            compute()
            message = "\(layout.rows.rawValue) × \(layout.columns.rawValue)"
        case .perDay:
            guard isCount else { return [.message("a measure's cells are means already")] }
            perDay.toggle()
            compute()
            message = perDay ? "per-day means: each cell's daily total averaged over its days" : "totals"
        case .change:
            guard pivot?.hasYears == true else { return [.message("no years to compare: b shows a layout by year")] }
            showsChange.toggle()
            reorder()
            message = showsChange ? "% change against the year before" : "values"
        case .sortNext, .sortReverse:
            guard let pivot else { return [] }
            if action == .sortReverse {
                guard let current = sort else { return [.message("rows in key order: s sorts them by a column")] }
                sort = (current.column, !current.descending)
            } else {
                let next = (sort?.column ?? -1) + 1
                sort = next <= pivot.columnKeys.count ? (next, true) : nil
            }
            reorder()
            list.home(metrics)
            guard let sort else { return [.message("rows in key order")] }
            let name = sort.column == pivot.columnKeys.count ? "Total" : pivot.columns.label(pivot.columnKeys[sort.column])
            message = "sorted by \(name), \(sort.descending ? "largest" : "smallest") first; no value last"
        case .export:
            guard let pivot, pivot.total.readings > 0 else { return [] }
            exporting = true
            return [.prompt(label: "Export the \(layout.rows.rawValue) × \(layout.columns.rawValue) pivot to CSV file", text: defaultExportName(pivot))]
        case .nextSeries:
            let order = table.displayOrder
            guard order.count > 1 else { return [.message("only one series")] }
            series = order[((order.firstIndex(of: series) ?? 0) + 1) % order.count]
            compute()
            message = "pivot of \(TerminalSafeText.singleLine(table.series[series].label))"
        }
        layout(in: area)
        return message.map { [.message($0)] } ?? []
    }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        guard case .answer(let text) = message, exporting, let pivot else { return [] }
        exporting = false
        let path = text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return [.message("nothing exported")] }
        var csv = ""
        // The file fremont stats --pivot --format csv writes, guarded for a spreadsheet.
        SeriesPivotExport.write(pivot, as: .csv, change: showsChange, audience: .spreadsheet) { csv += $0 }
        return [.run(ReaderOutputRequest.export(path: path, text: csv, rows: pivot.rowKeys.count + (showsTotalsRow ? 1 : 0)).command)]
    }

    /// `total-pivot-year-month.csv`.
    private func defaultExportName(_ pivot: SeriesPivot) -> String {
        let name = String(TerminalSafeText.singleLine(pivot.series.name).lowercased()
            .map { $0.isLetter || $0.isNumber ? $0 : "-" }).split(separator: "-").joined(separator: "-").prefix(40)
        return "\(name.isEmpty ? "series" : name)-pivot-\(pivot.rows.rawValue)-\(pivot.columns.rawValue)\(showsChange ? "-change" : "").csv"
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        _ = list.click(row: y - Self.rowsArea(area).y, metrics)
        return []
    }

    // MARK: - Drawing

    /// How short numbers are written to fit: in full; then without decimals from 100 up and
    /// from 100,000 up in thousands or millions (`491k`, `5.1M`); then from 1,000 up (`58k`,
    /// `9.8k`) and changes to the percent.
    enum Shortening: Int, CaseIterable { case none, large, all }

    /// A cell as the table shows it, `*` after a partial period's value.
    private func text(_ pivot: SeriesPivot, _ row: Int, _ column: Int, shortening: Shortening) -> String {
        guard let value = SeriesPivotExport.number(pivot, row, column, change: showsChange) else { return "— " }
        if showsChange { return (value > 0 ? "+" : "") + NumberText.grouped(value, decimals: shortening == .all ? 0 : 1) + "% " }
        let partial = SeriesPivotExport.cell(pivot, row, column).isPartial ? "*" : " "
        let from: Double = shortening == .none ? .infinity : shortening == .large ? 100_000 : 1_000
        if abs(value) >= from {
            let (unit, suffix) = abs(value) >= 1_000_000 ? (1_000_000.0, "M") : (1_000.0, "k")
            return NumberText.grouped(value / unit, decimals: abs(value / unit) < 10 ? 1 : 0) + suffix + partial
        }
        let decimals = pivot.measure == .total || (shortening != .none && abs(value) >= 100) ? 0 : 1
        return (pivot.measure == .total ? SeriesExport.grouped(value) : NumberText.grouped(value, decimals: decimals)) + partial
    }

    private func label(_ axis: SeriesPivot.Axis, _ key: Int) -> String {
        switch axis {
        case .month: return DateText.shortMonth(key)
        case .weekday: return String(DateText.weekdays[key - 1].prefix(3))
        default: return axis.label(key)
        }
    }

    /// The table for the area: the label column, then a column a key and the total, as wide as
    /// the least shortening that fits (the last else) lets them be.
    private func table(_ pivot: SeriesPivot, width: Int) -> (table: TableWidget, shortening: Shortening) {
        let labelWidth = max(6, (pivot.rowKeys.map { label(pivot.rows, $0).count }.max() ?? 0) + 1)
        let names = pivot.columnKeys.map { label(pivot.columns, $0) } + ["Total"]
        func measure(_ shortening: Shortening) -> [Int] {
            names.indices.map { column in
                // The name and the sort's mark over the values and their partial marks.
                var widest = names[column].count + 1
                for row in 0...pivot.rowKeys.count { widest = max(widest, text(pivot, row, column, shortening: shortening).count) }
                return widest
            }
        }
        var widths: [Int] = []
        var chosen = Shortening.all
        for shortening in Shortening.allCases {
            widths = measure(shortening)
            chosen = shortening
            if labelWidth + widths.reduce(0, +) + widths.count <= width { break }
        }
        let columns = [TableColumn(pivot.rows.rawValue.capitalized, width: .fixed(labelWidth))]
            + names.indices.map { TableColumn(names[$0], .right, width: .fixed(widths[$0])) }
        return (TableWidget(columns, gap: 1, sort: sort.map { (column: $0.column + 1, descending: $0.descending) }, keepsMarkCell: true), chosen)
    }

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard let pivot, pivot.total.readings > 0 else {
            Placeholder.empty(refusal ?? "No readings to pivot in \(filter.summary(table)).").render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = self
        if shown.list.height != Self.rowsArea(area).height { shown.layout(in: area) }
        var heading = StyledLine(SeriesPivotExport.title(pivot, change: showsChange), theme.title)
        heading.append(", \(filter.summary(table))", theme.dim)
        buffer.draw(heading, x: area.x, y: area.y, maxWidth: area.width)
        guard area.height > 1 else { return }
        let rowsArea = Self.rowsArea(area)
        let (widget, shortening) = self.table(pivot, width: rowsArea.width - 1)  // the scroll indicator's column
        let widths = widget.widths(in: rowsArea.width - 1) { _ in 0 }
        let rowCount = pivot.rowKeys.count
        widget.render(header: Rect(x: area.x, y: area.y + 1, width: area.width - 1, height: 1), rows: rowsArea, list: shown.list,
                      shown.metrics, widths: widths, into: &buffer, theme: theme) { line in
            let row = line < order.count ? order[line] : rowCount
            let style: Style = row == rowCount ? theme.title : .plain
            let cells = (0...pivot.columnKeys.count).map { column in
                // A change along the years has no total column when the years are the columns.
                showsChange && pivot.columns == .year && column == pivot.columnKeys.count ? "" : self.text(pivot, row, column, shortening: shortening)
            }
            return ([row == rowCount ? "Total" : label(pivot.rows, pivot.rowKeys[row])] + cells).map { StyledSpan($0, style) }
        }
        if area.height > 3 {
            let partials = !showsChange && (pivot.cells.contains { $0.contains(where: \.isPartial) } || pivot.rowTotals.contains(where: \.isPartial))
            var note = partials ? (perDay || !isCount ? "* a partial period: some days without a reading" : "* a partial period: m compares per-day means") : ""
            if shortening != .none, !showsChange { note += (note.isEmpty ? "" : " · ") + "k thousands, M millions" }
            buffer.write(note, x: area.x, y: area.maxY - 1, style: theme.dim, maxWidth: area.width)
        }
    }
}
