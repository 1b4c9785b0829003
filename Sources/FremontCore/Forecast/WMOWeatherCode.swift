/// A WMO weather interpretation code (WMO 4677, the subset Open-Meteo sends as `weather_code`)
/// read as the forecast model reads weather: an icon of the tab's set, a few words, and the kind
/// of precipitation for "chance of …".
public struct WMOWeatherCode: Sendable, Hashable {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// A code from a JSON number; nil for what is no whole number in range (`2.5`, `NaN`, `1e300`).
    public init?(_ value: Double) {
        guard value.isFinite, value >= 0, value <= 99, value == value.rounded() else { return nil }
        self.init(Int(value))
    }

    /// `isDay` picks the sun or the moon for clear and partly cloudy skies; unknown codes get
    /// the model's unknown icon rather than a guess.
    public func icon(isDay: Bool = true) -> WeatherIcon {
        switch rawValue {
        case 0: return isDay ? .clearDay : .clearNight
        case 1, 2: return isDay ? .partlyCloudyDay : .partlyCloudyNight
        case 3: return .cloudy
        case 45, 48: return .fog
        case 51, 53, 55, 61, 63, 65, 80, 81, 82: return .rain
        case 56, 57, 66, 67: return .sleet
        case 71, 73, 75, 77, 85, 86: return .snow
        case 95, 96, 99: return .thunderstorm
        default: return .unknown
        }
    }

    /// What the code says, in the words of Dark Sky's summaries (`Light Rain`); nil when unknown.
    public var summary: String? {
        switch rawValue {
        case 0: return "Clear"
        case 1: return "Mostly Clear"
        case 2: return "Partly Cloudy"
        case 3: return "Overcast"
        case 45: return "Fog"
        case 48: return "Rime Fog"
        case 51: return "Light Drizzle"
        case 53: return "Drizzle"
        case 55: return "Heavy Drizzle"
        case 56: return "Light Freezing Drizzle"
        case 57: return "Freezing Drizzle"
        case 61: return "Light Rain"
        case 63: return "Rain"
        case 65: return "Heavy Rain"
        case 66: return "Light Freezing Rain"
        case 67: return "Freezing Rain"
        case 71: return "Light Snow"
        case 73: return "Snow"
        case 75: return "Heavy Snow"
        case 77: return "Snow Grains"
        case 80: return "Light Showers"
        case 81: return "Showers"
        case 82: return "Heavy Showers"
        case 85: return "Light Snow Showers"
        case 86: return "Heavy Snow Showers"
        case 95: return "Thunderstorms"
        case 96: return "Thunderstorms with Hail"
        case 99: return "Thunderstorms with Heavy Hail"
        default: return nil
        }
    }

    /// Dark Sky's `precipType` for the code: `rain`, `snow` or `sleet`; nil when nothing falls.
    public var precipitationType: String? {
        switch icon() {
        case .rain, .thunderstorm: return "rain"
        case .snow: return "snow"
        case .sleet: return "sleet"
        default: return nil
        }
    }
}
