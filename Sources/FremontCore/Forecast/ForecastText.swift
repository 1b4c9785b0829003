/// How forecast values read as text, for the text report and the browser alike: whole degrees
/// and percentages (a forecast is not precise enough for decimals: `59.09°` only looks exact),
/// compass points, and coordinates.
public enum ForecastText {
    /// `value` rounded to a whole number; 0 for values that are not finite or absurdly large,
    /// so a broken response can never trap the conversion.
    public static func whole(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 1e9 else { return 0 }
        return Int(value.rounded())
    }

    /// `59°F` with units, `59°` without.
    public static func degrees(_ value: Double, units: ForecastUnits?) -> String {
        "\(whole(value))\(units?.temperatureSymbol ?? "°")"
    }

    /// `45%` for 0.45.
    public static func percent(_ fraction: Double) -> String { "\(whole(fraction * 100))%" }

    /// `6 mph`, or `6` when the units are not known.
    public static func speed(_ value: Double, units: ForecastUnits?) -> String {
        "\(whole(value))\(units.map { " \($0.speedSymbol)" } ?? "")"
    }

    /// The 16-point compass name of a bearing in degrees: `W` for 263.
    public static func compass(_ bearing: Double) -> String {
        let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        guard bearing.isFinite else { return "?" }
        let index = Int((bearing.truncatingRemainder(dividingBy: 360) + 360 + 11.25) / 22.5) % 16
        return points[index]
    }

    /// `37.8267°N, 122.4233°W`.
    public static func coordinates(latitude: Double, longitude: Double) -> String {
        coordinate(latitude, positive: "N", negative: "S") + ", " + coordinate(longitude, positive: "E", negative: "W")
    }

    private static func coordinate(_ value: Double, positive: String, negative: String) -> String {
        "\(abs(value))°\(value < 0 ? negative : positive)"
    }
}
