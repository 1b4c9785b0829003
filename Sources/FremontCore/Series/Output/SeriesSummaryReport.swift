/// The tutorial's month summary as text, for any table: each series' total, average per day and
/// busiest hour; the overall total and the ratio to three decimals where the table has the two
/// directions; the span and what is missing.
public enum SeriesSummaryReport {
    public static func text(_ summary: SeriesSummary, title: String) -> String {
        guard let first = summary.first, let last = summary.last else {
            return "\(title)\nNo rows.\n"
        }
        func line(_ label: String, _ value: String) -> String {
            NumberText.padRight(TerminalSafeText.singleLine(label) + ":", 28) + value + "\n"
        }
        var out = "\(title)\n"
        out += line("Span", "\(DateText.compact(first)) to \(DateText.compact(last))")
        out += line("Rows", "\(NumberText.count(summary.rowCount, "hour")) on \(NumberText.count(summary.daysCovered, "day"))")
        let order = Series.readingOrder(summary.series)
        let computedTotal = summary.series.allSatisfy { $0.role != .total } ? summary.total : nil
        for index in order where summary.series[index].role != .total {
            out += line("\(summary.series[index].label) total", SeriesExport.grouped(summary.columns[index].total))
        }
        if let total = summary.total {
            out += line(summary.column(.northbound) != nil ? "Total crossings" : "Total", SeriesExport.grouped(total))
        }
        if let average = summary.averagePerDay {
            out += line(summary.column(.northbound) != nil ? "Average crossings per day" : "Average per day", NumberText.grouped(average, decimals: 1))
        }
        for index in order where summary.series[index].role != .total {
            out += line("\(summary.series[index].label) average per day", NumberText.grouped(summary.columns[index].averagePerDay, decimals: 1))
        }
        if summary.column(.northbound) != nil, summary.column(.southbound) != nil {
            out += line("North/South ratio", summary.ratio.map { NumberText.grouped($0, decimals: 3) } ?? "— (no southbound riders)")
        }
        for index in order where summary.series[index].role != .total || computedTotal == nil {
            let label = summary.series[index].role == .other ? "Busiest hour, \(summary.series[index].label)" : "Busiest \(summary.series[index].label.lowercased()) hour"
            out += line(label, busiest(summary.columns[index]))
        }
        out += line("Missing hours", missing(summary))
        out += line("Rows with a missing value", NumberText.grouped(summary.rowsWithMissingValue))
        return out
    }

    private static func busiest(_ column: SeriesSummary.Column) -> String {
        guard let maximum = column.maximum, let hour = column.busiestHour else { return "—" }
        return "\(SeriesExport.grouped(maximum)) on \(DateText.full(hour))"
    }

    private static func missing(_ summary: SeriesSummary) -> String {
        guard !summary.gaps.isEmpty else { return "none" }
        let shown = summary.gaps.prefix(3).map { gap in
            gap.hours == 1 ? DateText.compact(gap.start) : "\(DateText.compact(gap.start)) to \(DateText.compact(gap.end))"
        }
        let more = summary.gaps.count > 3 ? ", and \(summary.gaps.count - 3) more gaps" : ""
        return "\(NumberText.grouped(summary.missingHours)) (\(shown.joined(separator: "; "))\(more))"
    }
}
