import ArgumentParser
import Foundation
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

    @Option(help: "A table of one series by two of year, month, weekday and hour, like year,month (rows, then columns): a count's totals (a measure's means) with the rows' and columns' totals; partial periods marked.")
    var pivot: String?

    @Flag(help: "With --pivot: each cell's % change from the same cell the year before (year must be the rows or the columns).")
    var change = false

    @Flag(name: .customLong("per-day"), help: "With --pivot: a count's cells are its mean per day with a reading, so partial periods compare.")
    var perDay = false

    @Option(help: "With --pivot: the series (its name); default the source's total, else its first series.")
    var series: String?

    @Option(help: "table (for a person), csv or json: the summary (a row per series), or with --by a row per period and series, the period first.")
    var format: SeriesStatsExport.Format?

    func validate() throws {
        if weekdays && weekends { throw ValidationError("Give --weekdays or --weekends, not both.") }
        if gaps, by != nil { throw ValidationError("Give --by or --gaps, not both.") }
        if by == nil, weekdays || weekends { throw ValidationError("--weekdays and --weekends go with --by.") }
        if pivot != nil, by != nil || gaps { throw ValidationError("Give --pivot, --by or --gaps, one of them.") }
        if pivot == nil, change || perDay || series != nil { throw ValidationError("--change, --per-day and --series go with --pivot.") }
        if let pivot {
            let axes = SeriesPivot.axes(pivot)
            guard axes.count == 2, let rows = axes[0], let columns = axes[1] else {
                throw ValidationError("--pivot takes the rows and the columns, two of year, month, weekday, hour, like year,month; not '\(TerminalSafeText.singleLine(pivot))'.")
            }
            if rows == columns { throw ValidationError("--pivot needs two different axes, not \(rows.rawValue) twice.") }
            if change, rows != .year, columns != .year { throw ValidationError("--change compares each year with the one before: give year as the rows or the columns of --pivot.") }
        }
    }

    func run() throws {
        let (table, name) = try input.load()
        var output = StandardOutput()
        if let pivot {
            let axes = SeriesPivot.axes(pivot)
            let shown = table.addingComputedTotal()
            let index = try SeriesPivot.series(named: series, in: shown, source: name)
            let filter = SeriesFilter(from: input.from.flatMap(LocalDateTimeParser.parse), to: input.to.flatMap(LocalDateTimeParser.parse))
            let result = try SeriesPivot(shown, series: index, rows: axes[0]!, columns: axes[1]!, perDay: perDay, filter: filter)
            SeriesPivotExport.write(result, as: format ?? .table, change: change, audience: StandardOutput.csvAudience) { output.write($0) }
            output.flush()
            return
        }
        guard let by else {
            let span = input.span(of: table)
            let shown = span == 0..<table.rowCount ? table : table.slice(span)
            if gaps {
                SeriesOutagesExport.write(SeriesOutages(shown), as: format ?? .table) { output.write($0) }
                output.flush()
                return
            }
            let summary = SeriesSummary(shown), title = SeriesSummaryReport.title(for: table, name: name)
            switch format ?? .table {
            case .table: output.write(SeriesSummaryReport.text(summary, title: title))
            case .json: output.write(SeriesSummaryReport.json(summary, title: title))
            case .csv: output.write(SeriesSummaryReport.csv(summary, audience: StandardOutput.csvAudience))
            }
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
