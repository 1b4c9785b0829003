import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont model COUNTS WEATHER`: daily riders against the weather, the Python Data Science
/// Handbook's regression, with bootstrap standard errors.
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Fit a counter's daily totals against the weather (least squares on the day of the week, US federal holidays, hours of daylight, precipitation, a dry-day flag, the mean temperature and a yearly trend) and print each coefficient with its bootstrap standard error, R² and the residuals' spread.",
        discussion: """
            COUNTS is any table of counts (its total, else its count series added, summed to days). WEATHER is \
            weather:LAT,LON (Open-Meteo's archive over the counts' days, or --from to --to) or a table with a \
            precipitation series and the day's max and min temperatures (like fremont weather --history --format csv \
            writes); give --latitude with a table. Days missing a count, a temperature or the precipitation are left \
            out and counted. The fit is the Handbook's: no intercept (the seven day flags are one), the temperature \
            the mean of the day's max and min, the trend in years since the first day fitted.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, csv, json }

    @OptionGroup var input: TableSourceOptions

    @Option(help: "The latitude for the hours of daylight, when WEATHER is a table (weather:LAT,LON gives its own).")
    var latitude: Double?

    @Option(help: "Bootstrap samples for the standard errors (0 for none).")
    var samples = 1000

    @Option(help: "The bootstrap's seed: the same seed, the same errors.")
    var seed: UInt64 = 0

    @Option(help: "Print as text (for a person), csv (a row per feature) or json.")
    var format: Format = .text

    func validate() throws {
        if input.sources.count != 2 { throw ValidationError("Give COUNTS and WEATHER: two SOURCEs, not \(input.sources.count).") }
        if !(0...RidershipModel.maximumSamples).contains(samples) {
            throw ValidationError("--samples must be from 0 to \(RidershipModel.maximumSamples), not \(samples).")
        }
        if let latitude, !(-90...90).contains(latitude) { throw ValidationError("--latitude must be from -90 to 90, not \(latitude).") }
        let weather = input.sources[1]
        if !WeatherHistorySource.isWeather(weather), latitude == nil {
            throw ValidationError("WEATHER is a table: give --latitude for the hours of daylight (or use weather:LAT,LON).")
        }
    }

    func run() throws {
        let parts = input.loadParts()
        let place = WeatherHistorySource.isWeather(input.sources[1]) ? try? WeatherHistorySource(argument: input.sources[1]) : nil
        let latitude = self.latitude ?? place?.coordinates.latitude ?? 0
        let days: RidershipDays
        do {
            days = try RidershipDays(counts: parts[0].table, weather: parts[1].table,
                                     from: input.from.flatMap(LocalDateTimeParser.parse), to: input.to.flatMap(LocalDateTimeParser.parse))
        } catch {
            Diagnostics.fail("\(TerminalSafeText.singleLine(input.sources[1])): \(error.message)")
        }
        guard days.days.count > RidershipModel.featureNames.count else {
            Diagnostics.fail("\(days.days.count) days with a count and the weather: too few to fit \(RidershipModel.featureNames.count) features")
        }
        let model = RidershipModel(days: days.days, latitude: latitude, samples: samples, seed: seed)
        var output = StandardOutput()
        RidershipModelReport.write(model, leftOut: days.leftOut, counts: parts[0].name, weather: parts[1].name, as: format.reportFormat) { output.write($0) }
        output.flush()
    }
}

extension ModelCommand.Format {
    var reportFormat: RidershipModelReport.Format {
        switch self {
        case .text: return .text
        case .csv: return .csv
        case .json: return .json
        }
    }
}
