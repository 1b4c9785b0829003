import ArgumentParser
import FremontBrowser
import FremontCore

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise a table of counts (a file, a URL or the Socrata API): without --by, totals, averages per day, the ratio, busiest and missing hours; with --by, per period and series the hours with a value, sum, mean, min, max and missing hours.",
        discussion: """
        --by hour groups by hour of the day (0-23), weekday by day of the week, month-of-year by \
        calendar month over every year; day, week (ISO, named by its Monday), month and year by \
        period. The numbers are pandas' resample/groupby on the same rows. Missing hours are \
        wall-clock hours inside the loaded span (and the days chosen) without a value.
        """
    )

    @OptionGroup var input: TableSourceOptions

    @Option(help: "Group by hour, weekday, month-of-year, day, week, month or year.")
    var by: SeriesGrouping?

    @Flag(help: "Only Monday to Friday.")
    var weekdays = false

    @Flag(help: "Only Saturday and Sunday.")
    var weekends = false

    @Flag(help: "List every run of readings without a value (no row, or a row all blank): start, end and length in the table's step.")
    var gaps = false

    @Option(help: "With --by or --gaps: table (for a person), csv (a row per period and series, the period first) or json.")
    var format: SeriesStatsExport.Format?

    func validate() throws {
        if weekdays && weekends { throw ValidationError("Give --weekdays or --weekends, not both.") }
        if gaps, by != nil { throw ValidationError("Give --by or --gaps, not both.") }
        if by == nil, weekdays || weekends { throw ValidationError("--weekdays and --weekends go with --by.") }
        if by == nil, !gaps, format != nil { throw ValidationError("--format goes with --by or --gaps.") }
    }

    func run() throws {
        let (table, name) = try input.load()
        var output = StandardOutput()
        guard let by else {
            let span = input.span(of: table)
            let shown = span == 0..<table.rowCount ? table : table.slice(span)
            if gaps {
                SeriesOutagesExport.write(SeriesOutages(shown), as: format ?? .table) { output.write($0) }
                output.flush()
                return
            }
            // Another counter with two directions is not the Fremont Bridge.
            let fremont = table.index(of: .northbound) != nil && table.series.contains { $0.name.lowercased().contains("fremont") }
            let title = fremont ? "Fremont Bridge bike counts" : table.series.allSatisfy { $0.kind == .count } ? "Counts" : "Readings"
            output.write(SeriesSummaryReport.text(SeriesSummary(shown), title: "\(title): \(TerminalSafeText.singleLine(name))"))
            output.flush()
            return
        }
        let filter = SeriesFilter(days: weekdays ? .weekdays : weekends ? .weekends : .all,
                                  from: input.from.flatMap(LocalDateTimeParser.parse), to: input.to.flatMap(LocalDateTimeParser.parse))
        let stats = SeriesStats(table, by: by, filter: filter)
        if let refusal = stats.refusal { throw LoadError(source: name, refusal) }
        SeriesStatsExport.write(stats, as: format ?? .table, audience: StandardOutput.csvAudience) { output.write($0) }
        output.flush()
    }
}

extension SeriesGrouping: ExpressibleByArgument {}
extension SeriesStatsExport.Format: ExpressibleByArgument {}
