/// Writes a table's rows as CSV, JSON or an aligned table, every series included. Each writer
/// returns text in pieces through `emit`, so a caller can stream 100,000 rows without building
/// one huge string.
public enum SeriesExport {
    public enum Format: String, Sendable, CaseIterable {
        case table, csv, json
    }

    public static let missing = "—"

    /// `audience` says who reads CSV's names (`CSVAudience`); JSON escapes what a terminal must
    /// not get and the table drops it, whoever reads them.
    public static func write(_ table: SeriesTable, as format: Format, rows: Range<Int>? = nil, audience: CSVAudience = .program,
                             emit: (String) -> Void) {
        let rows = rows ?? 0..<table.rowCount
        switch format {
        case .csv: csv(table, rows: rows, audience: audience, emit: emit)
        case .json: json(table, rows: rows, emit: emit)
        case .table: text(table, rows: rows, emit: emit)
        }
    }

    /// Header `date,<series as the source names them>` (as `audience` is to get them); an empty
    /// field for a missing value.
    public static func csv(_ table: SeriesTable, rows: some Sequence<Int>, audience: CSVAudience = .program, emit: (String) -> Void) {
        let writer = CSVWriter(lineEnding: .lf, audience: audience)
        emit(writer.row(["date"] + table.series.map(\.name)))
        let columns = table.series.indices
        var output = UTF8Output()
        for row in rows {
            output.append(iso: table.times[row])
            for column in columns {
                output.append(byte: 0x2C)
                if let value = table.value(column, row) { output.append(number: value) }
            }
            output.append(byte: 0x0A)
            output.flush(to: emit)
        }
        output.finish(to: emit)
    }

    /// An array of objects, `date` then each series by its source name, one row a line, `null`
    /// for a missing value.
    public static func json(_ table: SeriesTable, rows: some Collection<Int>, emit: (String) -> Void) {
        guard !rows.isEmpty else {
            emit("[]\n")
            return
        }
        let keys = table.series.map { "," + JSONText.string($0.name) + ":" }
        var output = UTF8Output()
        output.append("[\n")
        var remaining = rows.count
        for row in rows {
            output.append("{\"date\":\"")
            output.append(iso: table.times[row])
            output.append(byte: 0x22)
            for column in keys.indices {
                output.append(keys[column])
                if let value = table.value(column, row) { output.append(number: value) } else { output.append("null") }
            }
            remaining -= 1
            output.append(remaining == 0 ? "}\n" : "},\n")
            output.flush(to: emit)
        }
        output.append("]\n")
        output.finish(to: emit)
    }

    /// Aligned columns for a person: date with weekday, each series (directions first), and the
    /// two directions' total where the source has none.
    public static func text(_ table: SeriesTable, rows: some Sequence<Int>, emit: (String) -> Void) {
        let order = table.displayOrder
        let labels = order.map { TerminalSafeText.singleLine(table.series[$0].label) } + (table.computesTotal ? ["Total"] : [])
        // Wide enough for the label and for the widest value: the extremes, and a fraction.
        var widths = labels.map { max(7, min(24, $0.count)) }
        for (position, column) in order.enumerated() {
            var low = Double.infinity, high = -Double.infinity
            for value in table.values[column] where !value.isNaN {
                low = min(low, value)
                high = max(high, value)
            }
            if low <= high { widths[position] = max(widths[position], grouped(low).count, grouped(high).count) }
        }
        var header = "Date                "
        for (label, width) in zip(labels, widths) { header += "  " + NumberText.padLeft(label.count > width ? label.prefix(width - 1) + "…" : label, width) }
        emit(header + "\n")
        for row in rows {
            var line = DateText.compact(table.times[row])
            for (position, column) in order.enumerated() {
                line += "  " + NumberText.padLeft(table.value(column, row).map(grouped) ?? missing, widths[position])
            }
            if table.computesTotal {
                line += "  " + NumberText.padLeft(table.total(row).map(grouped) ?? missing, widths[widths.count - 1])
            }
            emit(line + "\n")
        }
    }

    /// A value as data: whole numbers without a fraction, others in the shortest form that reads
    /// back the same.
    public static func number(_ value: Double) -> String {
        ValueText.plain(value) ?? String(value)
    }

    /// A value for a person: grouped, with up to two decimals when it has a fraction.
    public static func grouped(_ value: Double) -> String {
        ValueText.readable(value)
    }
}

extension UTF8Output {
    /// A value as `SeriesExport.number` writes it.
    mutating func append(number value: Double) {
        if let whole = ValueText.whole(value) { append(decimal: whole) } else { append(String(value)) }
    }
}
