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
        if input.joinsSources {
            let (table, name) = try input.load()
            if format == nil, !input.sources.contains("-"), Browser.isAvailable {
                // The browser reads the joined rows as a table at hand, as it reads a file.
                var sources = BrowserSources(table: .input(.csv(of: table, name: name)), config: ConfigFile.quiet)
                sources.latitude = input.tableInput.weatherLatitude
                Browser.run(opening: .table, sources: sources, settings: input.network.settings)
            }
            var output = StandardOutput()
            SeriesExport.write(table, as: format ?? .table, rows: input.span(of: table), audience: StandardOutput.csvAudience) { output.write($0) }
            output.flush()
            return
        }
        // With `-` the data comes on standard input, which a browser would need for keys.
        let source: DataSource
        do {
            source = try input.dataSource()
        } catch {
            Diagnostics.fail(error.description)
        }
        if format == nil, !source.readsStandardInput, Browser.isAvailable {
            // `fremont` alone opens on the feeds you follow; a command that names the data
            // (`fremont table` or `bikes`, a SOURCE, --month, --from) opens on it.
            let command = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") }
            let names = [Self.configuration.commandName].compactMap { $0 } + Self.configuration.aliases
            let namesData = input.source != nil || input.month != nil || input.from != nil || command.map(names.contains) == true
            // The feed list read once, for where to open and for what the Feeds tab shows.
            let followed = BrowserSources.followed()
            let opening: ViewID = followed != nil && !namesData ? .feeds : .table
            let feeds = followed ?? BrowserSources.builtInFeeds()
            Browser.run(opening: opening, sources: BrowserSources(table: source, feeds: feeds.sources, followed: feeds.feeds,
                                                                      feedListWarnings: feeds.warnings, config: ConfigFile.quiet),
                        settings: input.network.settings)
        }
        let (table, _) = try input.load(source)
        var output = StandardOutput()
        SeriesExport.write(table, as: format ?? .table, rows: input.span(of: table), audience: StandardOutput.csvAudience) { output.write($0) }
        output.flush()
    }
}

extension SeriesExport.Format: ExpressibleByArgument {}
