/// Writes `SeriesStats` as an aligned table, CSV or JSON, in pieces through `emit` like the row
/// exports, so that a day-by-day history streams.
///
/// CSV and JSON are long (one record per group and series), so that any number of series with
/// any names fit one fixed header, and pandas reads them with `read_csv` / `read_json` and
/// `pivot`s them wide if wanted. The group comes first and its column is named by the grouping.
public enum SeriesStatsExport {
    public enum Format: String, Sendable, CaseIterable {
        case table, csv, json
    }

    public static let missing = "—"

    /// `audience` says who reads CSV's names and labels (`CSVAudience`); JSON escapes what a
    /// terminal must not get and the table drops it, whoever reads them.
    public static func write(_ stats: SeriesStats, as format: Format, audience: CSVAudience = .program, emit: (String) -> Void) {
        switch format {
        case .table: table(stats, emit: emit)
        case .csv: csv(stats, audience: audience, emit: emit)
        case .json: json(stats, emit: emit)
        }
    }

    /// `day,series,kind,count,sum,mean,min,max,missing`, the first column named by the grouping
    /// (`hour`, `weekday`, `month-of-year`, `day`, `week`, `month`, `year`) and holding the
    /// group's label (`0`, `Monday`, `January`, `2016-04-20`, the week's Monday, `2016-04`,
    /// `2016`); the series by its name in the source, quoted when it needs to be; numbers as
    /// `ValueText.plain` writes them, an empty field for none (mean, min and max of a group with
    /// no value). LF line ends. The names as `audience` is to get them; numbers as they are.
    /// Hours and years are labelled by numbers; days, weeks and months by text.
    private static func hasNumericLabels(_ grouping: SeriesGrouping) -> Bool { grouping == .hour || grouping == .year }

    public static func csv(_ stats: SeriesStats, audience: CSVAudience = .program, emit: (String) -> Void) {
        let writer = CSVWriter(lineEnding: .lf, audience: audience)
        emit(writer.row([stats.grouping.rawValue, "series", "kind", "count", "sum", "mean", "min", "max", "missing"]))
        let numericGroups = hasNumericLabels(stats.grouping)
        for (group, aggregates) in zip(stats.groups, stats.aggregates) {
            let label: CSVWriter.Cell = numericGroups ? .number(group.label) : .text(group.label)
            for (series, aggregate) in zip(stats.series, aggregates) {
                emit(writer.row([
                    label, .text(series.name), .text(series.kind.rawValue), .number(String(aggregate.count)), .number(ValueText.plain(aggregate.sum) ?? ""),
                    .number(aggregate.mean.flatMap(ValueText.plain) ?? ""), .number(aggregate.minimum.flatMap(ValueText.plain) ?? ""),
                    .number(aggregate.maximum.flatMap(ValueText.plain) ?? ""), .number(String(aggregate.missing)),
                ]))
            }
        }
    }

    /// An array of objects with the CSV's keys in the CSV's order, one a line; the group a number
    /// for `hour` and `year`, else a string; `null` for none.
    public static func json(_ stats: SeriesStats, emit: (String) -> Void) {
        guard !stats.groups.isEmpty, !stats.series.isEmpty else {
            emit("[]\n")
            return
        }
        emit("[\n")
        let key = JSONText.string(stats.grouping.rawValue)
        let names = stats.series.map { JSONText.string($0.name) + ",\"kind\":\"\($0.kind.rawValue)\"" }
        let numeric = hasNumericLabels(stats.grouping)
        func number(_ value: Double?) -> String { value.flatMap(ValueText.plain) ?? "null" }
        for (groupIndex, (group, aggregates)) in zip(stats.groups, stats.aggregates).enumerated() {
            let label = numeric ? group.label : JSONText.string(group.label)
            for (seriesIndex, aggregate) in aggregates.enumerated() {
                let last = groupIndex == stats.groups.count - 1 && seriesIndex == aggregates.count - 1
                emit("{\(key):\(label),\"series\":\(names[seriesIndex]),\"count\":\(aggregate.count),\"sum\":\(number(aggregate.sum)),"
                    + "\"mean\":\(number(aggregate.mean)),\"min\":\(number(aggregate.minimum)),\"max\":\(number(aggregate.maximum)),"
                    + "\"missing\":\(aggregate.missing)}\(last ? "\n" : ",\n")")
            }
        }
        emit("]\n")
    }

    /// For a person: one block per series, headed by its name, with a line per group: the group
    /// (an hour as `08:00`, a day with its weekday), readings with a value, sum (a count's: a
    /// measure's block has none), mean (one decimal), minimum, maximum and missing readings,
    /// numbers grouped and right-aligned, `—` for none. Blocks of a kind share their column
    /// widths and are separated by a blank line.
    public static func table(_ stats: SeriesStats, emit: (String) -> Void) {
        guard !stats.groups.isEmpty, !stats.series.isEmpty else {
            emit("No rows.\n")
            return
        }
        let labels = stats.groups.map { group in
            switch group.grouping {
            case .hour: return "\(pad(group.key)):00"
            case .day: return "\(DateText.weekdays[group.start!.weekday - 1].prefix(3)) \(group.label)"
            default: return group.label
            }
        }
        let readings = stats.step.unit.prefix(1).uppercased() + stats.step.unit.dropFirst() + "s"
        // A measure (a temperature) is averaged, never added up: its block has no sum.
        func header(_ series: Int) -> [String] {
            stats.series[series].kind == .count
                ? [title(stats.grouping), readings, "Sum", "Mean", "Min", "Max", "Missing"]
                : [title(stats.grouping), readings, "Mean", "Min", "Max", "Missing"]
        }
        let blocks: [[[String]]] = stats.series.indices.map { series in
            let isCount = stats.series[series].kind == .count
            return stats.aggregates.indices.map { group in
                let aggregate = stats.aggregates[group][series]
                return [labels[group], NumberText.grouped(aggregate.count)]
                    + (isCount ? [ValueText.readable(aggregate.sum)] : [])
                    + [
                        aggregate.mean.map { NumberText.grouped($0, decimals: 1) } ?? missing,
                        aggregate.minimum.map { ValueText.readable($0) } ?? missing,
                        aggregate.maximum.map { ValueText.readable($0) } ?? missing,
                        NumberText.grouped(aggregate.missing),
                    ]
            }
        }
        // Blocks of one kind share their column widths.
        func widths(_ kind: SeriesKind) -> [Int] {
            let members = stats.series.indices.filter { stats.series[$0].kind == kind }
            guard let first = members.first else { return [] }
            var widths = header(first).map(\.count)
            for series in members {
                for line in blocks[series] {
                    for (column, text) in line.enumerated() { widths[column] = max(widths[column], text.count) }
                }
            }
            return widths
        }
        let countWidths = widths(.count), measureWidths = widths(.measure)
        func format(_ line: [String], _ widths: [Int]) -> String {
            var text = NumberText.padRight(line[0], widths[0])
            for column in 1..<line.count { text += "  " + NumberText.padLeft(line[column], widths[column]) }
            return text + "\n"
        }
        for (series, lines) in blocks.enumerated() {
            if series > 0 { emit("\n") }
            let isCount = stats.series[series].kind == .count
            let kind = isCount ? "a count: periods add it up" : "a measure: periods average it"
            emit(TerminalSafeText.singleLine(stats.series[series].name) + " (\(kind))\n")
            emit(format(header(series), isCount ? countWidths : measureWidths))
            for line in lines { emit(format(line, isCount ? countWidths : measureWidths)) }
        }
    }

    private static func title(_ grouping: SeriesGrouping) -> String {
        switch grouping {
        case .hour: return "Hour"
        case .weekday: return "Weekday"
        case .monthOfYear: return "Month of year"
        case .day: return "Day"
        case .week: return "Week of"
        case .month: return "Month"
        case .year: return "Year"
        }
    }
}
