import ArgumentParser
import FremontCore
import FremontUI
import FremontSources
import FremontBrowser

struct BikesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bikes",
        abstract: "Show a table of counts over time (the Fremont Bridge's bike counts, any other counter: a file, a URL or the Socrata API) in the browser, or print it as a table, CSV or JSON with every series."
    )

    @OptionGroup var input: BikeSourceOptions

    @Option(help: "Print the rows in this format (table, csv or json) instead of opening the browser. Without a terminal, a table is printed.")
    var format: SeriesExport.Format?

    func run() throws {
        // With `-` the data comes on standard input, which a browser would need for keys.
        let bikes: DataSource
        do {
            bikes = try input.dataSource()
        } catch {
            Diagnostics.fail(error.description)
        }
        if format == nil, !bikes.readsStandardInput, Browser.isAvailable {
            // `fremont` alone opens on the feeds you follow; a command that names the data
            // (`fremont bikes`, a SOURCE, --month, --from) opens on it.
            let namesData = input.source != nil || input.month != nil || input.from != nil
                || CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") } == "bikes"
            let opening: ViewID = BrowserSources.followed() != nil && !namesData ? .feeds : .bikes
            Browser.run(opening: opening, sources: BrowserSources(table: bikes, config: ConfigFile.quiet), settings: input.network.settings)
        }
        let (table, _) = try input.load(bikes)
        var output = StandardOutput()
        SeriesExport.write(table, as: format ?? .table, rows: input.span(of: table)) { output.write($0) }
        output.flush()
    }
}

extension SeriesExport.Format: ExpressibleByArgument {}
