import ArgumentParser
import Foundation
import FremontCore
import FremontSources

/// `fremont weather SOURCE [--format text|json]`: a Dark Sky style forecast response, shown in the
/// browser's Weather tab on a terminal, else printed.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Show a Dark Sky style forecast (a JSON response) in the browser, or print it as text or normalised JSON.",
        discussion: "Times are shown in the forecast's own time zone. Errors name the source, with line and column when known."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The forecast JSON file or http(s) URL, or - for standard input.")
    var source: String

    @OptionGroup var network: NetworkOptions

    @Option(help: "Print in this format, text (for a person) or json (normalised), instead of opening the browser. Without a terminal, text is printed.")
    var format: Format?

    func run() throws {
        let input: DataSource
        do {
            input = try DataSource(argument: source)
        } catch {
            Diagnostics.fail(error.description)
        }
        // Standard input is the terminal the browser reads keys from, so `-` always prints.
        // The browser reads the web live; --offline reads the cache, so it prints.
        if format == nil, !input.readsStandardInput, InteractiveBrowser.isAvailable {
            let feeds = FeedListFile.followed() ?? FeedListFile.builtIn()
            let sources = InteractiveBrowser.Sources(bikes: .input(EmbeddedData.aprilBikes()), weather: input,
                                                     feeds: feeds.sources, followed: feeds.feeds)
            InteractiveBrowser(sources: sources, settings: network.settings).run(startingOn: .weather)
        }
        let forecast: Forecast
        do {
            forecast = try WebSources.forecast(input, network.settings)
        } catch {
            Diagnostics.fail(error.description)
        }
        switch format ?? .text {
        case .text: StandardOutput.line(WeatherTextReport(forecast: forecast).render())
        case .json: StandardOutput.line(try WeatherJSONReport(forecast: forecast).render())
        }
    }
}
