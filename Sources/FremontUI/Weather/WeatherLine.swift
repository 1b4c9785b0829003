import FremontCore

/// What a piece of the weather screen is, so the layout stays free of colours: `WeatherView`
/// turns roles into styles for the terminal's colour support.
enum WeatherRole: Hashable, Sendable {
    case plain
    case heading
    case emphasis
    case dim
    case columnHeader
    case glyph(WeatherIcon?)
    /// A temperature (in °C, whatever the forecast's units) coloured from cold to hot.
    case temperature(celsius: Double)
    /// The part of a day's bar between its low and high.
    case barFill(celsius: Double)
    /// The rest of the week's range around a day's bar.
    case barTrack
    /// A chance of precipitation, 0...1.
    case chance(Double)
    case alert
}

/// A run of text with one role.
struct WeatherSpan: Hashable, Sendable {
    var text: String
    var role: WeatherRole

    init(_ text: String, _ role: WeatherRole = .plain) {
        self.text = text
        self.role = role
    }
}

/// One screen line of the weather tab: spans drawn left to right.
struct WeatherLine: Hashable, Sendable {
    var spans: [WeatherSpan]

    init(_ spans: [WeatherSpan] = []) { self.spans = spans }
    init(_ text: String, _ role: WeatherRole = .plain) { spans = [WeatherSpan(text, role)] }

    static let blank = WeatherLine()

    var text: String { spans.map(\.text).joined() }
}
