import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont weather [SOURCE | --at LAT,LON] [--format text|json]`: a forecast response (Dark Sky
/// or Open-Meteo shape), or a live one from Open-Meteo or Pirate Weather, shown in the browser's
/// Weather tab on a terminal, else printed.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Show a forecast, live (--at LAT,LON, or location in the config) or from a JSON response, in the browser, or print it as text or normalised JSON.",
        discussion: """
            Live forecasts come from Open-Meteo (no key) or Pirate Weather (pirate-weather-key in the config), \
            through the cache like every web source. Times are shown in the forecast's own time zone. Errors name \
            the source, with line and column when known.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv
    }

    @Argument(help: "A forecast JSON file (Dark Sky or Open-Meteo shape) or http(s) URL, or - for standard input. Without one, --at, else the config's location.")
    var source: String?

    @Option(name: .customLong("at"), parsing: .unconditional,
            help: ArgumentHelp("A live forecast for this place, in decimal degrees: 47.65,-122.35 (south and west negative).", valueName: "lat,lon"))
    var place: String?

    @Option(help: "Where a live forecast comes from: open-meteo (no key) or pirate-weather (pirate-weather-key in the config). Default: provider in the config, else open-meteo.")
    var provider: ForecastProvider?

    @Option(help: "The provider's address instead of its own; one without a path takes the provider's (/v1/forecast, /forecast).")
    var endpoint: String?

    @Option(help: "The units of a live forecast: metric (°C, m/s), imperial (°F, mph), ca (°C, km/h) or uk (°C, mph). Default: the locale's (LC_ALL, LC_MEASUREMENT, LANG).")
    var units: ForecastUnits?

    @OptionGroup var network: NetworkOptions

    @Option(help: "Print in this format, text (for a person) or json (normalised), instead of opening the browser. Without a terminal, text is printed.")
    var format: Format?

    @Flag(help: "The weather of past days (Open-Meteo's archive) from --from to --to, as a table: each day's highest and lowest temperature (°C) and precipitation (mm); with --hourly, each hour's temperature and precipitation.")
    var history = false

    @Option(help: "With --history: the first day, like 2015-01-01.")
    var from: String?

    @Option(help: "With --history: the last day, included.")
    var to: String?

    @Flag(help: "With --history: hours instead of days.")
    var hourly = false

    func validate() throws {
        if history {
            if source != nil { throw ValidationError("--history asks Open-Meteo's archive: give --at LAT,LON, not a SOURCE.") }
            if provider != nil || units != nil { throw ValidationError("--history is Open-Meteo's archive in °C and mm: --provider and --units are for forecasts.") }
            guard let from, let to else { throw ValidationError("--history needs --from and --to (days like 2015-01-01).") }
            for (name, value) in [("--from", from), ("--to", to)] where LocalDateTimeParser.parse(value) == nil {
                throw ValidationError("\(name) must be a day like 2015-01-01, not '\(TerminalSafeText.singleLine(value))'.")
            }
            if let first = LocalDateTimeParser.parse(from), let last = LocalDateTimeParser.parse(to), last < first {
                throw ValidationError("--to (\(to)) is before --from (\(from)).")
            }
        } else {
            if from != nil || to != nil || hourly { throw ValidationError("--from, --to and --hourly go with --history.") }
            if format == .csv { throw ValidationError("--format csv goes with --history; a forecast prints as text or json.") }
        }
        if source != nil, place != nil { throw ValidationError("Give either a SOURCE or --at, not both.") }
        if let place {
            do {
                _ = try Coordinates(parsing: place)
            } catch {
                throw ValidationError("--at: \(error.message).")
            }
        }
        if source != nil, provider != nil || endpoint != nil || units != nil {
            throw ValidationError("--provider, --endpoint and --units are for a live forecast (--at, or location in the config), not a SOURCE.")
        }
    }

    func run() throws {
        if history { runHistory() }
        // The config is read only for a live forecast (its place, provider and key).
        let config = source == nil ? ConfigFile.load() : nil
        let input: DataSource
        do {
            input = try dataSource(config)
        } catch let error as LoadError {
            Diagnostics.fail(error.description)
        }
        // Standard input is the terminal the browser reads keys from, so `-` always prints.
        if format == nil, !input.readsStandardInput, Browser.isAvailable {
            let config = config ?? ConfigFile.quiet
            Browser.run(opening: .weather, sources: BrowserSources(weather: .success(input), config: config), settings: network.settings, config: config)
        }
        let forecast: Forecast
        do {
            forecast = try WebSources.forecast(input, network.settings)
        } catch {
            Diagnostics.fail(error.description)
        }
        switch format ?? .text {
        case .text, .csv: StandardOutput.line(WeatherTextReport(forecast: forecast).render())
        case .json:
            // Written as it is made: a long forecast's JSON is many times the response.
            var output = StandardOutput()
            try WeatherJSONReport(forecast: forecast).write { output.write($0) }
            output.write("\n")
            output.flush()
        }
    }

    /// `--history`: the archive's table for the place, in the browser or printed: one table
    /// request (`weather:LAT,LON` over the days), which the browser runs as the printed form does.
    private func runHistory() -> Never {
        var request = TableRequest()
        do {
            guard let coordinates = try place.map(Coordinates.init(parsing:)) ?? ConfigFile.load()?.location else {
                usageError("--history needs a place: --at LAT,LON, or 'location = LAT,LON' in \(FremontDirectories().configFile.path).")
            }
            // Checked here, as the load would: a bad endpoint is one line before any screen.
            _ = try endpointURL()
            request.sources = [WeatherHistorySource.prefix + "\(coordinates)" + (hourly ? ",hourly" : "")]
        } catch let error as LoadError {
            Diagnostics.fail(error.description)
        } catch let error as Coordinates.Invalid {
            Diagnostics.fail(error.message)
        } catch {
            Diagnostics.fail("\(error)")
        }
        request.from = from
        request.to = to
        request.endpoint = endpoint
        request.settings = network.settings
        if format == nil, Browser.isAvailable {
            var sources = BrowserSources(table: request, config: ConfigFile.quiet)
            sources.latitude = request.weatherLatitude
            Browser.run(opening: .table, sources: sources, settings: network.settings)
        }
        let table = request.load().table
        var output = StandardOutput()
        let exportFormat: SeriesExport.Format = switch format ?? .text { case .text: .table; case .csv: .csv; case .json: .json }
        SeriesExport.write(table, as: exportFormat, audience: StandardOutput.csvAudience) { output.write($0) }
        output.flush()
        Foundation.exit(0)
    }

    /// The SOURCE; else a live forecast for --at or the config's location; else a usage error.
    private func dataSource(_ config: FremontConfig?) throws -> DataSource {
        if let source { return try DataSource(argument: source) }
        guard let coordinates = try place.map(Coordinates.init(parsing:)) ?? config?.location else {
            usageError("Give a forecast SOURCE (a file, an http(s) address or - for standard input), or --at LAT,LON, or set 'location = LAT,LON' in \(FremontDirectories().configFile.path).")
        }
        return .forecast(try LiveForecast.request(at: coordinates, config: config, provider: provider, units: units, endpoint: try endpointURL()))
    }

    /// --endpoint, said without its password when it is not an http or https address.
    private func endpointURL() throws(LoadError) -> URL? {
        try endpoint.map { (endpoint) throws(LoadError) in try SourceLocator.webAddress(endpoint) }
    }

    /// A usage error found in `run` (it needs the config), said as `validate` says them: thrown
    /// from here, ArgumentParser would show the root command's usage instead of this one's.
    private func usageError(_ message: String) -> Never {
        let text = "Error: \(message)\nUsage: \(Fremont.usageString(for: Self.self))\n  See 'fremont weather --help' for more information.\n"
        FileHandle.standardError.write(Data(text.utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}

extension ForecastProvider: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
}

extension ForecastUnits: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["metric", "imperial", "ca", "uk"] }
}
