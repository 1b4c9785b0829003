import Foundation
import FremontCore
import FremontSources

/// A live forecast's request from the command line's choices, else the config's, else the
/// defaults (Open-Meteo, the locale's units): for `fremont weather` and for the browser.
public enum LiveForecast {
    public static func request(at coordinates: Coordinates, config: FremontConfig?, provider: ForecastProvider? = nil,
                        units: ForecastUnits? = nil, endpoint: URL? = nil) throws(LoadError) -> ForecastRequest {
        try ForecastRequest(provider: provider ?? config?.provider ?? .openMeteo, coordinates: coordinates,
                            units: units ?? ForecastUnits.preferred(environment: ProcessInfo.processInfo.environment),
                            endpoint: endpoint, key: config?.pirateWeatherKey)
    }

    /// The Weather tab's forecast when none is named: the config's location live (a request that
    /// cannot be made is the tab's error), else the San Francisco forecast built in.
    public static func browserDefault(_ config: FremontConfig?) -> Result<DataSource, LoadError> {
        guard let location = config?.location else { return .success(.input(EmbeddedData.sanFranciscoForecast())) }
        return Result { () throws(LoadError) in .forecast(try request(at: location, config: config)) }
    }
}
