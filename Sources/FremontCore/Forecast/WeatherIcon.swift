/// The icon names Dark Sky style APIs send. Names this version does not know (providers added
/// some over the years) read as `.unknown` rather than failing the forecast.
public enum WeatherIcon: String, Sendable, Hashable, CaseIterable, Codable {
    case clearDay = "clear-day"
    case clearNight = "clear-night"
    case rain
    case snow
    case sleet
    case wind
    case fog
    case cloudy
    case partlyCloudyDay = "partly-cloudy-day"
    case partlyCloudyNight = "partly-cloudy-night"
    case hail
    case thunderstorm
    case tornado
    case unknown

    public init(from decoder: Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        self = WeatherIcon(rawValue: name) ?? .unknown
    }

    /// A short word or two for text output.
    public var label: String {
        switch self {
        case .clearDay, .clearNight: return "clear"
        case .partlyCloudyDay, .partlyCloudyNight: return "partly cloudy"
        case .unknown: return "—"
        default: return rawValue
        }
    }
}
