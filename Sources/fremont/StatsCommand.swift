import ArgumentParser
import FremontCore

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print the summary of the counts (of a file, a URL or the Socrata API): totals, averages per day, the ratio, busiest and missing hours."
    )

    @OptionGroup var input: BikeSourceOptions

    func run() throws {
        let (table, name) = try input.load()
        let span = input.span(of: table)
        let shown = span == 0..<table.rowCount ? table : table.slice(span)
        let title = table.index(of: .northbound) != nil ? "Fremont Bridge bike counts" : "Counts"
        var output = StandardOutput()
        output.write(SeriesSummaryReport.text(SeriesSummary(shown), title: "\(title): \(TerminalSafeText.singleLine(name))"))
        output.flush()
    }
}
