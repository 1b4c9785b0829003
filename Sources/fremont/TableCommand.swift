import ArgumentParser
import Foundation
import FremontCore
import FremontUI
import FremontSources
import FremontBrowser

struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Show a table of counts over time (the Fremont Bridge's bike counts, any other counter: a file, a URL or the Socrata API) in the browser, or print it as a table, CSV or JSON with every series.",
        aliases: ["bikes"]
    )

    @OptionGroup var input: TableSourceOptions

    @Option(help: "Print the rows in this format (table, csv or json) instead of opening the browser. Without a terminal, a table is printed.")
    var format: SeriesExport.Format?

    func run() throws {
        var request = input.tableRequest
        // With `-` the data comes on standard input, which a browser would need for keys.
        if format == nil, !input.sources.contains("-"), Browser.isAvailable {
            if !request.joinsSources {
                do {
                    request.known = try request.dataSource()
                } catch {
                    Diagnostics.fail(error.description)
                }
            }
            // `fremont` alone opens on the feeds you follow; a command that names the data
            // (`fremont table` or `bikes`, a SOURCE, --month, --from) opens on it.
            let command = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") }
            let names = [Self.configuration.commandName].compactMap { $0 } + Self.configuration.aliases
            let namesData = input.source != nil || input.month != nil || input.from != nil || command.map(names.contains) == true
            // The feed list read once, for where to open and for what the Feeds tab shows.
            let followed = BrowserSources.followed()
            let opening: ViewID = followed != nil && !namesData ? .feeds : .table
            let feeds = followed ?? BrowserSources.builtInFeeds()
            // The browser runs the request the printed form runs: the same rows, options and span.
            var sources = BrowserSources(table: request, feeds: feeds.sources, followed: feeds.feeds, feedListWarnings: feeds.warnings,
                                         config: ConfigFile.quiet)
            sources.latitude = request.weatherLatitude
            Browser.run(opening: opening, sources: sources, settings: input.network.settings)
        }
        let loaded = request.loadForCommand()
        var output = StandardOutput()
        SeriesExport.write(loaded.table, as: format ?? .table, rows: loaded.span, audience: StandardOutput.csvAudience) { output.write($0) }
        output.flush()
    }
}

extension SeriesExport.Format: ExpressibleByArgument {}
