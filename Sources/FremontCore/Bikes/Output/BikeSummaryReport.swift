/// The tutorial's month summary as text: totals, averages per day, the ratio to three decimals,
/// plus the span, the busiest hours and what is missing.
public enum BikeSummaryReport {
    public static func text(_ summary: BikeSummary, title: String) -> String {
        guard let first = summary.first, let last = summary.last else {
            return "\(title)\nNo rows.\n"
        }
        func line(_ label: String, _ value: String) -> String {
            NumberText.padRight(label + ":", 28) + value + "\n"
        }
        let north = summary.northbound, south = summary.southbound
        var out = "\(title)\n"
        out += line("Span", "\(DateText.compact(first)) to \(DateText.compact(last))")
        out += line("Rows", "\(NumberText.count(summary.rowCount, "hour")) on \(NumberText.count(summary.daysCovered, "day"))")
        out += line("Northbound total", NumberText.grouped(north.total))
        out += line("Southbound total", NumberText.grouped(south.total))
        out += line("Total crossings", NumberText.grouped(summary.total))
        out += line("Average crossings per day", NumberText.grouped(summary.averagePerDay, decimals: 1))
        out += line("Northbound average per day", NumberText.grouped(north.averagePerDay, decimals: 1))
        out += line("Southbound average per day", NumberText.grouped(south.averagePerDay, decimals: 1))
        out += line("North/South ratio", summary.ratio.map { NumberText.grouped($0, decimals: 3) } ?? "— (no southbound riders)")
        out += line("Busiest northbound hour", busiest(north))
        out += line("Busiest southbound hour", busiest(south))
        out += line("Missing hours", missing(summary))
        out += line("Rows with a missing count", NumberText.grouped(summary.rowsWithMissingCount))
        return out
    }

    private static func busiest(_ direction: BikeSummary.Direction) -> String {
        guard let maximum = direction.maximum, let hour = direction.busiestHour else { return "—" }
        return "\(NumberText.grouped(maximum)) on \(DateText.full(hour))"
    }

    private static func missing(_ summary: BikeSummary) -> String {
        guard !summary.gaps.isEmpty else { return "none" }
        let shown = summary.gaps.prefix(3).map { gap in
            gap.hours == 1 ? DateText.compact(gap.start) : "\(DateText.compact(gap.start)) to \(DateText.compact(gap.end))"
        }
        let more = summary.gaps.count > 3 ? ", and \(summary.gaps.count - 3) more gaps" : ""
        return "\(NumberText.grouped(summary.missingHours)) (\(shown.joined(separator: "; "))\(more))"
    }
}
