import ArgumentParser
import FremontCore
import FremontSources

struct BikesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bikes",
        abstract: "Print the hourly bike counts of a file, a URL or the Socrata API as a table, CSV or JSON."
    )

    @OptionGroup var input: BikeSourceOptions

    @Option(help: "Print the rows in this format (table, csv or json) instead of opening the browser. Without a terminal, a table is printed.")
    var format: BikeExport.Format?

    func run() throws {
        // With `-` the data comes on standard input, which a browser would need for keys.
        let bikes: DataSource
        do {
            bikes = try input.dataSource()
        } catch {
            Diagnostics.fail(error.description)
        }
        // The browser reads the web live; --offline reads the cache, so it prints.
        if format == nil, input.source != "-", !WebSources.needsCache(bikes, input.network), InteractiveBrowser.isAvailable {
            let sources = InteractiveBrowser.Sources(bikes: bikes, weather: .input(try EmbeddedData.sanFranciscoForecast()),
                                                     feeds: try EmbeddedData.feeds().map { .input($0) })
            InteractiveBrowser(sources: sources, requestOptions: input.network.requestOptions).run(startingOn: .bikes)
        }
        let (counts, _) = try input.load()
        var output = StandardOutput()
        BikeExport.write(counts.rows, as: format ?? .table) { output.write($0) }
        output.flush()
    }
}

extension BikeExport.Format: ExpressibleByArgument {}
