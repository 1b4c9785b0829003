/// Writes a `SeriesPivot` as an aligned table, CSV or JSON: what `fremont stats --pivot` prints.
///
/// CSV is wide, as pandas' `pivot_table(margins=True)` is: the rows' axis, a column per key and
/// `Total`, then a row per key and `Total`; values as `ValueText.plain` writes them, an empty
/// field for none. With `change`, each value is the % change against the year before
/// (pandas' `pct_change() * 100`).
public enum SeriesPivotExport {
    public static func write(_ pivot: SeriesPivot, as format: SeriesStatsExport.Format, change: Bool,
                             audience: CSVAudience = .program, emit: (String) -> Void) {
        switch format {
        case .table: table(pivot, change: change, emit: emit)
        case .csv: csv(pivot, change: change, audience: audience, emit: emit)
        case .json: json(pivot, change: change, emit: emit)
        }
    }

    /// The value at a place of the pivot, `rowKeys.count` / `columnKeys.count` being the totals.
    public static func cell(_ pivot: SeriesPivot, _ row: Int, _ column: Int) -> SeriesPivot.Cell {
        if row == pivot.rowKeys.count { return column == pivot.columnKeys.count ? pivot.total : pivot.columnTotals[column] }
        if column == pivot.columnKeys.count { return pivot.rowTotals[row] }
        return pivot.cells[row][column]
    }

    public static func number(_ pivot: SeriesPivot, _ row: Int, _ column: Int, change: Bool) -> Double? {
        change ? pivot.change(row: row, column: column).map { $0 * 100 } : cell(pivot, row, column).value
    }

    /// "Fremont Bridge Total, total by year and month" and what a cell is.
    public static func title(_ pivot: SeriesPivot, change: Bool) -> String {
        let what = change ? "% change from the year before of each \(pivot.measure.rawValue)" : pivot.measure.rawValue
        return "\(TerminalSafeText.singleLine(pivot.series.name)): \(what) by \(pivot.rows.rawValue) and \(pivot.columns.rawValue)"
    }

    public static func table(_ pivot: SeriesPivot, change: Bool, emit: (String) -> Void) {
        emit(title(pivot, change: change) + "\n")
        guard !pivot.rowKeys.isEmpty, pivot.total.readings > 0 else {
            emit("No rows.\n")
            return
        }
        let rowCount = pivot.rowKeys.count, columnCount = pivot.columnKeys.count
        let decimals = pivot.measure == .total ? 0 : 1
        func text(_ row: Int, _ column: Int) -> String {
            let partial = !change && cell(pivot, row, column).isPartial ? "*" : " "
            guard let value = number(pivot, row, column, change: change) else { return SeriesStatsExport.missing + " " }
            if change { return (value > 0 ? "+" : "") + NumberText.grouped(value, decimals: 1) + "%" + partial }
            return (decimals == 0 ? SeriesExport.grouped(value) : NumberText.grouped(value, decimals: decimals)) + partial
        }
        var lines: [[String]] = [[pivot.rows.rawValue.capitalized] + pivot.columnKeys.map { pivot.columns.label($0) + " " } + ["Total "]]
        for row in 0...rowCount {
            // The totals row has no change along years when the years are the rows.
            if row == rowCount, change, pivot.rows == .year { break }
            lines.append([row == rowCount ? "Total" : pivot.rows.label(pivot.rowKeys[row])] + (0...columnCount).map { text(row, $0) })
        }
        if change, pivot.columns == .year { lines = lines.map { Array($0.dropLast()) } }
        var widths = [Int](repeating: 0, count: lines[0].count)
        for line in lines {
            for (column, text) in line.enumerated() { widths[column] = max(widths[column], text.count) }
        }
        for line in lines {
            var out = NumberText.padRight(line[0], widths[0])
            for column in 1..<line.count { out += "  " + NumberText.padLeft(line[column], widths[column]) }
            emit(out + "\n")
        }
        let partials = (0...rowCount).contains { row in (0...columnCount).contains { cell(pivot, row, $0).isPartial } }
        if partials, !change {
            emit(pivot.measure == .total
                ? "* partial: some of the period's days have no reading, so its total is low (--per-day gives per-day means, which compare)\n"
                : "* partial: some of the period's days have no reading\n")
        }
    }

    public static func csv(_ pivot: SeriesPivot, change: Bool, audience: CSVAudience = .program, emit: (String) -> Void) {
        let writer = CSVWriter(lineEnding: .lf, audience: audience)
        emit(writer.row([pivot.rows.rawValue] + pivot.columnKeys.map { pivot.columns.label($0) } + ["Total"]))
        for row in 0...pivot.rowKeys.count {
            let label = row == pivot.rowKeys.count ? "Total" : pivot.rows.label(pivot.rowKeys[row])
            // Numbers as numbers: a spreadsheet's guard would turn -19.1 (% change) into text.
            let values = (0...pivot.columnKeys.count).map { CSVWriter.Cell.number(number(pivot, row, $0, change: change).flatMap(ValueText.plain) ?? "") }
            emit(writer.row([.text(label)] + values))
        }
    }

    public static func json(_ pivot: SeriesPivot, change: Bool, emit: (String) -> Void) {
        func value(_ value: Double?) -> String { value.flatMap(ValueText.plain) ?? "null" }
        func cellJSON(_ row: Int, _ column: Int, key: String?) -> String {
            let cell = cell(pivot, row, column)
            var out = "{"
            if let key { out += "\(JSONText.string(pivot.columns.rawValue)):\(key)," }
            out += "\"value\":\(value(cell.value)),\"readings\":\(cell.readings),\"days\":\(cell.days),\"partial\":\(cell.isPartial)"
            if pivot.hasYears { out += ",\"change\":\(value(pivot.change(row: row, column: column).map { $0 * 100 }))" }
            return out + "}"
        }
        func key(_ axis: SeriesPivot.Axis, _ key: Int) -> String { axis == .year || axis == .hour ? String(key) : JSONText.string(axis.label(key)) }
        emit("{\"series\":\(JSONText.string(pivot.series.name)),\"kind\":\"\(pivot.series.kind.rawValue)\",\"value\":\"\(pivot.measure.rawValue)\","
            + "\"rows\":\"\(pivot.rows.rawValue)\",\"columns\":\"\(pivot.columns.rawValue)\",\"table\":[\n")
        for (row, rowKey) in pivot.rowKeys.enumerated() {
            let cells = pivot.columnKeys.indices.map { cellJSON(row, $0, key: key(pivot.columns, pivot.columnKeys[$0])) }.joined(separator: ",")
            emit("{\(JSONText.string(pivot.rows.rawValue)):\(key(pivot.rows, rowKey)),\"cells\":[\(cells)],\"total\":\(cellJSON(row, pivot.columnKeys.count, key: nil))},\n")
        }
        let totals = pivot.columnKeys.indices.map { cellJSON(pivot.rowKeys.count, $0, key: key(pivot.columns, pivot.columnKeys[$0])) }.joined(separator: ",")
        emit("{\(JSONText.string(pivot.rows.rawValue)):\"Total\",\"cells\":[\(totals)],\"total\":\(cellJSON(pivot.rowKeys.count, pivot.columnKeys.count, key: nil))}\n]}\n")
    }
}
