/// The unit system a forecast is in (`flags.units`): Dark Sky's `us`, `si`, `ca` and `uk2`.
/// Temperatures are °F only in `us`; wind is m/s in `si`, km/h in `ca`, mph in `us` and `uk2`;
/// precipitation inches in `us`, millimetres otherwise.
public enum ForecastUnits: String, Sendable, Hashable, CaseIterable {
    case us, si, ca, uk2

    /// `°F` or `°C`.
    public var temperatureSymbol: String { self == .us ? "°F" : "°C" }

    public var speedSymbol: String {
        switch self {
        case .us, .uk2: return "mph"
        case .si: return "m/s"
        case .ca: return "km/h"
        }
    }

    /// A response's `flags.units`: Dark Sky's names, and Pirate Weather's `uk` for `uk2`.
    public init?(flag: String) {
        if flag == "uk" {
            self = .uk2
        } else {
            self.init(rawValue: flag)
        }
    }

    /// What a person types: the systems' names, `metric` (`si`) and `imperial` (`us`), and `uk`.
    public init?(name: String) {
        switch name.lowercased() {
        case "metric", "si": self = .si
        case "imperial", "us": self = .us
        case "ca": self = .ca
        case "uk", "uk2": self = .uk2
        default: return nil
        }
    }
}
