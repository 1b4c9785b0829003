import Foundation
import FremontCore
@testable import FremontUI

/// Forecasts for the weather tests: the real San Francisco response in `../shared/data` beside
/// the checkout, and small ones made in the test.
enum WeatherFixtures {
    static let weather = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/weather").path
    static let sanFranciscoPath = weather + "/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json"
    static let barePath = weather + "/darksky_forecast_bare_sxg-ForecastIO.json"

    static func sanFrancisco() throws -> Forecast { try ForecastReader.read(.file(sanFranciscoPath)) }
    static func bare() throws -> Forecast { try ForecastReader.read(.file(barePath)) }

    static func parse(_ json: String) throws -> Forecast {
        try ForecastReader.parse(Array(json.utf8), name: "test.json")
    }

    /// A browser on the Weather tab showing `forecast`, drawn at `width`×`height`.
    static func browser(_ forecast: Forecast, width: Int, height: Int, colors: ColorSupport = .indexed256) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: colors), current: .weather)
        _ = state.weatherLoaded(source: "sf.json", .success(forecast), at: "12:00:00")
        return state
    }

    static func screen(_ state: BrowserState) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        state.render(into: &buffer)
        return buffer
    }
}
