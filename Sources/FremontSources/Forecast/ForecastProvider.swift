import Foundation
import FremontCore

/// Where a live forecast comes from. Dark Sky, the tutorial's API, shut down in 2023.
public enum ForecastProvider: String, Sendable, Hashable, CaseIterable {
    /// Open-Meteo: no key, the default.
    case openMeteo = "open-meteo"
    /// Pirate Weather: Dark Sky's request and response, with a key of the reader's own.
    case pirateWeather = "pirate-weather"

    /// The provider's address for forecasts; `--endpoint` replaces it.
    public var defaultEndpoint: URL {
        switch self {
        case .openMeteo: return URL(string: "https://api.open-meteo.com/v1/forecast")!
        case .pirateWeather: return URL(string: "https://api.pirateweather.net/forecast")!
        }
    }

    /// The path an endpoint given without one (`http://127.0.0.1:8080`, a server of one's own) takes.
    var defaultPath: String { defaultEndpoint.path }

    /// The shape of its responses.
    public var format: ForecastFormat {
        switch self {
        case .openMeteo: return .openMeteo
        case .pirateWeather: return .darkSky
        }
    }

    /// Its name for people: `Open-Meteo`, `Pirate Weather`.
    public var title: String {
        switch self {
        case .openMeteo: return "Open-Meteo"
        case .pirateWeather: return "Pirate Weather"
        }
    }

    /// `open-meteo`, `pirate-weather`; `openmeteo` and `pirateweather` too.
    public init?(name: String) {
        switch name.lowercased() {
        case "open-meteo", "openmeteo": self = .openMeteo
        case "pirate-weather", "pirateweather": self = .pirateWeather
        default: return nil
        }
    }
}
