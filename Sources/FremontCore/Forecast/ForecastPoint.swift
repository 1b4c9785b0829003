import Foundation

/// The weather at one moment (`currently`, a minute, an hour) or over one day. Every field may be
/// missing: providers send different subsets for each block, and a bare response sends none.
public struct ForecastPoint: Sendable, Equatable, Decodable {
    public var time: Date?
    public var summary: String?
    public var icon: WeatherIcon?
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var temperatureMin: Double?
    public var temperatureMax: Double?
    public var temperatureLow: Double?
    public var temperatureHigh: Double?
    /// 0...1.
    public var precipProbability: Double?
    /// Per hour, in the forecast's units (in/h for `us`, mm/h otherwise).
    public var precipIntensity: Double?
    public var precipType: String?
    /// 0...1.
    public var humidity: Double?
    public var dewPoint: Double?
    public var pressure: Double?
    public var windSpeed: Double?
    public var windGust: Double?
    /// Degrees from true north the wind comes from.
    public var windBearing: Double?
    /// 0...1.
    public var cloudCover: Double?
    public var uvIndex: Double?
    public var visibility: Double?
    public var sunriseTime: Date?
    public var sunsetTime: Date?
    public var moonPhase: Double?

    public init(time: Date? = nil, summary: String? = nil, icon: WeatherIcon? = nil) {
        self.time = time
        self.summary = summary
        self.icon = icon
    }

    /// The day's low: the calendar day's minimum, else the overnight low.
    public var low: Double? { temperatureMin ?? temperatureLow }
    /// The day's high: the calendar day's maximum, else the daytime high.
    public var high: Double? { temperatureMax ?? temperatureHigh }

    private enum CodingKeys: String, CodingKey {
        case time, summary, icon, temperature, apparentTemperature, temperatureMin, temperatureMax
        case temperatureLow, temperatureHigh, precipProbability, precipIntensity, precipType, humidity
        case dewPoint, pressure, windSpeed, windGust, windBearing, cloudCover, uvIndex, visibility
        case sunriseTime, sunsetTime, moonPhase
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double? { try values.decodeIfPresent(Double.self, forKey: key) }
        func instant(_ key: CodingKeys) throws -> Date? {
            try number(key).map { Date(timeIntervalSince1970: $0) } // Dark Sky times are Unix seconds
        }
        time = try instant(.time)
        summary = try values.decodeIfPresent(String.self, forKey: .summary)
        icon = try values.decodeIfPresent(WeatherIcon.self, forKey: .icon)
        temperature = try number(.temperature)
        apparentTemperature = try number(.apparentTemperature)
        temperatureMin = try number(.temperatureMin)
        temperatureMax = try number(.temperatureMax)
        temperatureLow = try number(.temperatureLow)
        temperatureHigh = try number(.temperatureHigh)
        precipProbability = try number(.precipProbability)
        precipIntensity = try number(.precipIntensity)
        // Pirate Weather says `none` where Dark Sky left the key out.
        precipType = try values.decodeIfPresent(String.self, forKey: .precipType).flatMap { $0 == "none" ? nil : $0 }
        humidity = try number(.humidity)
        dewPoint = try number(.dewPoint)
        pressure = try number(.pressure)
        windSpeed = try number(.windSpeed)
        windGust = try number(.windGust)
        windBearing = try number(.windBearing)
        cloudCover = try number(.cloudCover)
        uvIndex = try number(.uvIndex)
        visibility = try number(.visibility)
        sunriseTime = try instant(.sunriseTime)
        sunsetTime = try instant(.sunsetTime)
        moonPhase = try number(.moonPhase)
    }
}
