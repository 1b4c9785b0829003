import ArgumentParser
import Foundation
import FremontCore

/// `fremont weather SOURCE --format text|json`: a Dark Sky style forecast response, read and shown.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Show a Dark Sky style forecast (a JSON response) as text or normalised JSON.",
        discussion: "Times are shown in the forecast's own time zone. Errors name the source, with line and column when known."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The forecast JSON file, or - for standard input.")
    var source: String

    @Option(help: "Output format: text (for a person) or json (normalised).")
    var format: Format = .text

    func run() throws {
        let input: InputSource = source == "-" ? .standardInput : .file(source)
        let forecast: Forecast
        do {
            forecast = try ForecastReader.read(input)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        switch format {
        case .text: print(WeatherTextReport(forecast: forecast).render())
        case .json: print(try WeatherJSONReport(forecast: forecast).render())
        }
    }
}
