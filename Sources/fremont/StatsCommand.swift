import ArgumentParser
import FremontCore

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print the summary of the counts (of a file, a URL or the Socrata API): totals, averages per day, the ratio, busiest and missing hours."
    )

    @OptionGroup var input: BikeSourceOptions

    func run() throws {
        let (counts, name) = try input.load()
        var output = StandardOutput()
        output.write(BikeSummaryReport.text(counts.summary, title: "Fremont Bridge bike counts: \(TerminalSafeText.singleLine(name))"))
        output.flush()
    }
}
