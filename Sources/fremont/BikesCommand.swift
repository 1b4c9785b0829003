import ArgumentParser
import FremontCore
import FremontUI
import FremontSources

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
        if format == nil, !bikes.readsStandardInput, InteractiveBrowser.isAvailable {
            // The feeds you follow when there is a list (and then `fremont` alone opens on them);
            // the built-in ones otherwise.
            let followed = FeedListFile.followed()
            let feeds = followed ?? FeedListFile.builtIn()
            // The config's location makes the Weather tab live; its load runs in the background.
            let config = ConfigFile.quiet
            let sources = InteractiveBrowser.Sources(bikes: bikes, weather: LiveForecast.browserDefault(config),
                                                     feeds: feeds.sources, followed: feeds.feeds)
            // `fremont` alone opens on the feeds you follow; a command that names the data
            // (`fremont bikes`, a SOURCE, --month, --from) opens on it.
            let namesData = input.source != nil || input.month != nil || input.from != nil
                || CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") } == "bikes"
            let opening: ViewID = followed != nil && !namesData ? .feeds : .bikes
            InteractiveBrowser(sources: sources, settings: input.network.settings, config: config).run(startingOn: opening)
        }
        let (table, _) = try input.load(bikes)
        var output = StandardOutput()
        SeriesExport.write(table, as: format ?? .table, rows: input.span(of: table), audience: StandardOutput.csvAudience) { output.write($0) }
        output.flush()
    }
}

extension SeriesExport.Format: ExpressibleByArgument {}
