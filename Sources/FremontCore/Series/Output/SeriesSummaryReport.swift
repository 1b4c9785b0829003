/// The tutorial's month summary as text, for any table: each series' total, average per day and
/// busiest hour; the overall total and the ratio to three decimals where the table has the two
/// directions; the span and what is missing.
public enum SeriesSummaryReport {
    public static func text(_ summary: SeriesSummary, title: String) -> String {
        guard let first = summary.first, let last = summary.last else {
            return "\(title)\nNo rows.\n"
        }
        // A label longer than the column still has a space before its value.
        func line(_ label: String, _ value: String) -> String {
            NumberText.padRight(TerminalSafeText.singleLine(label) + ": ", 28) + value + "\n"
        }
        let step = summary.step
        let dated = step.isDailyOrLonger
        func when(_ time: LocalDateTime) -> String { dated ? time.isoDateString : DateText.compact(time) }
        var out = "\(title)\n"
        out += headline(summary) + "\n"
        out += line("Span", "\(when(first)) to \(when(last))")
        let readings = NumberText.count(summary.rowCount, step.unit)
        if step.description == "day" {
            out += line("Rows", readings)
        } else if step.unit == "reading" {
            out += line("Rows", "\(readings), \(step) apart, on \(NumberText.count(summary.daysCovered, "day"))")
        } else {
            out += line("Rows", "\(readings) on \(NumberText.count(summary.daysCovered, "day"))")
        }
        let order = Series.readingOrder(summary.series)
        let computedTotal = summary.series.allSatisfy { $0.role != .total } ? summary.total : nil
        // A measure (a temperature) is never added up: its mean, lowest and highest.
        for index in order where summary.series[index].kind == .measure {
            let column = summary.columns[index]
            let range = column.minimum.map { "min \(SeriesExport.grouped($0)), max \(SeriesExport.grouped(column.maximum ?? $0))" } ?? "no values"
            out += line("\(summary.series[index].label) mean", (column.mean.map { NumberText.grouped($0, decimals: 2) } ?? "—") + " (\(range))")
        }
        for index in order where summary.series[index].role != .total && summary.series[index].kind == .count {
            out += line("\(summary.series[index].label) total", SeriesExport.grouped(summary.columns[index].total))
        }
        if let total = summary.total {
            out += line(summary.column(.northbound) != nil ? "Total crossings" : "Total", SeriesExport.grouped(total))
        }
        if let average = summary.averagePerDay {
            out += line(summary.column(.northbound) != nil ? "Average crossings per day" : "Average per day", NumberText.grouped(average, decimals: 1))
        }
        for index in order where summary.series[index].role != .total && summary.series[index].kind == .count && !dated {
            out += line("\(summary.series[index].label) average per day", NumberText.grouped(summary.columns[index].averagePerDay, decimals: 1))
        }
        if summary.column(.northbound) != nil, summary.column(.southbound) != nil {
            out += line("North/South ratio", summary.ratio.map { NumberText.grouped($0, decimals: 3) } ?? "— (no southbound riders)")
        }
        let unit = step.isSubHourly ? "hour" : step.unit
        for index in order where (summary.series[index].role != .total || computedTotal == nil) && summary.series[index].kind == .count {
            let label = summary.series[index].role == .other ? "Busiest \(unit), \(summary.series[index].label)" : "Busiest \(summary.series[index].label.lowercased()) \(unit)"
            out += line(label, busiest(summary.columns[index], dated: dated))
        }
        out += line("Missing \(step.unit)s", missing(summary))
        out += line("Rows with a missing value", NumberText.grouped(summary.rowsWithMissingValue))
        return out
    }

    private static func busiest(_ column: SeriesSummary.Column, dated: Bool) -> String {
        guard let maximum = column.maximum, let hour = column.busiestHour else { return "—" }
        return "\(SeriesExport.grouped(maximum)) on \(dated ? DateText.day(hour) : DateText.full(hour))"
    }

    /// `543 hours without a count; longest 2025-06-28 01:00 → 07-18 23:00, 503 h`, or that
    /// every reading has one.
    public static func headline(_ summary: SeriesSummary) -> String {
        let outages = summary.outages
        let what = summary.series.allSatisfy { $0.kind == .count } ? "a count" : "a value"
        let unit = outages.step.unit
        guard let longest = outages.longest else { return "Every \(unit) has \(what)." }
        return "\(NumberText.count(outages.missing, unit)) without \(what); longest \(runText(longest, step: outages.step))"
    }

    /// `2025-06-28 01:00 → 07-18 23:00, 503 h`: the end without what it shares with the start.
    public static func runText(_ run: SeriesOutages.Run, step: SeriesStep) -> String {
        let dated = step.isDailyOrLonger
        func text(_ time: LocalDateTime) -> String { dated ? time.isoDateString : "\(time.isoDateString) \(pad(time.hour)):\(pad(time.minute))" }
        let length = step.unit == "hour" ? "\(NumberText.grouped(run.length)) h" : NumberText.count(run.length, step.unit)
        guard run.length > 1 else { return "\(text(run.start)), \(length)" }
        var end = text(run.end)
        if run.end.year == run.start.year { end.removeFirst(5) }
        return "\(text(run.start)) → \(end), \(length)"
    }

    private static func missing(_ summary: SeriesSummary) -> String {
        guard !summary.gaps.isEmpty else { return "none" }
        let shown = summary.gaps.prefix(3).map { gap in
            let dated = summary.step.isDailyOrLonger
            func when(_ time: LocalDateTime) -> String { dated ? time.isoDateString : DateText.compact(time) }
            return gap.hours == 1 ? when(gap.start) : "\(when(gap.start)) to \(when(gap.end))"
        }
        let more = summary.gaps.count > 3 ? ", and \(summary.gaps.count - 3) more gaps" : ""
        return "\(NumberText.grouped(summary.missingHours)) (\(shown.joined(separator: "; "))\(more))"
    }
}
