/// The unit system a forecast is in (`flags.units`): Dark Sky's `us`, `si`, `ca` and `uk2`.
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
}
