import ArgumentParser
import FremontCore

struct BikesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bikes",
        abstract: "Print the hourly bike counts of a file as a table, CSV or JSON."
    )

    @OptionGroup var input: BikeSourceOptions

    @Option(help: "Print the rows in this format (table, csv or json) instead of opening the browser. Without a terminal, a table is printed.")
    var format: BikeExport.Format?

    func run() throws {
        // With `-` the data comes on standard input, which a browser would need for keys.
        // Web addresses print for now: the browser reads files and built-in data.
        if format == nil, input.source != "-", !input.isWebAddress, InteractiveBrowser.isAvailable {
            let sources = InteractiveBrowser.Sources(bikes: try input.inputSource(), weather: try EmbeddedData.sanFranciscoForecast(),
                                                     feeds: try EmbeddedData.feeds())
            InteractiveBrowser(sources: sources).run(startingOn: .bikes)
        }
        let (counts, _) = try input.load()
        var output = StandardOutput()
        BikeExport.write(counts.rows, as: format ?? .table) { output.write($0) }
        output.flush()
    }
}

extension BikeExport.Format: ExpressibleByArgument {}
