import ArgumentParser
import Foundation
import FremontCore

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

    @Argument(help: "The forecast JSON file, an http or https address, or - for standard input.")
    var source: String

    @Flag(help: "Read an address from the cache alone, never the network, and say how old the data is.")
    var offline = false

    @Option(help: "Print in this format, text (for a person) or json (normalised), instead of opening the browser. Without a terminal, text is printed.")
    var format: Format?

    func run() throws {
        let input: InputSource = source == "-" ? .standardInput : .file(source)
        let address = WebSources.url(source)
        // Standard input is the terminal the browser reads keys from, so `-` always prints;
        // web addresses print for now (the browser reads files).
        if format == nil, source != "-", address == nil, InteractiveBrowser.isAvailable {
            let sources = InteractiveBrowser.Sources(bikes: try EmbeddedData.aprilBikes(), weather: input, feeds: try EmbeddedData.feeds())
            InteractiveBrowser(sources: sources).run(startingOn: .weather)
        }
        let forecast: Forecast
        do {
            if let address {
                forecast = try WebSources.forecast(address, offline: offline)
            } else {
                forecast = try ForecastReader.read(input)
            }
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        switch format ?? .text {
        case .text: print(WeatherTextReport(forecast: forecast).render())
        case .json: print(try WeatherJSONReport(forecast: forecast).render())
        }
    }
}
