import FremontCore

/// A weather icon as two terminal columns of text. Every symbol here is one column wide
/// (East Asian width neutral or ambiguous, text presentation by default), so a pair fills the
/// glyph column exactly; emoji such as ⛅ or ☔ would take two columns each on some terminals and
/// one on others, and shift the columns after them.
public enum WeatherGlyph {
    /// The glyph column's width.
    public static let width = 2

    public static func of(_ icon: WeatherIcon?) -> String {
        switch icon {
        case .clearDay: return "☀ "
        case .clearNight: return "☾ "
        case .partlyCloudyDay: return "☀☁"
        case .partlyCloudyNight: return "☾☁"
        case .cloudy: return "☁☁"
        case .rain: return "☂ "
        case .snow: return "❄ "
        case .sleet: return "❄☂"
        case .hail: return "∴☁"
        case .wind: return "≋ "
        case .fog: return "≡ "
        case .thunderstorm: return "↯☁"
        case .tornado: return "▼ "
        // Icons this version does not know, and points without one.
        case .unknown, nil: return "· "
        }
    }
}
