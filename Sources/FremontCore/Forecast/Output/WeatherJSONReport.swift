import Foundation

/// A forecast in a normalised JSON form: every known key present (null when the response did
/// not say), times as ISO 8601 UTC plus the local time in the forecast's zone, one name for the
/// day's low and high, and text made terminal-safe.
public struct WeatherJSONReport: Encodable {
    public let forecast: Forecast

    public init(forecast: Forecast) {
        self.forecast = forecast
    }

    public func render() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private enum Keys: String, CodingKey {
        case latitude, longitude, timezone, units, currently, minutely, hourly, daily, alerts
        case summary, icon, points
        case time, localTime, temperature, apparentTemperature, low, high, precipProbability, precipIntensity
        case precipType, humidity, windSpeed, windGust, windBearing, cloudCover, uvIndex, sunrise, sunset
        case title, description, severity, expires, regions, uri
    }

    public func encode(to encoder: Encoder) throws {
        let time = ForecastTimeFormat(zone: forecast.timeZone)
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(forecast.latitude, forKey: .latitude)
        try root.encode(forecast.longitude, forKey: .longitude)
        try root.encode(forecast.timeZone.identifier, forKey: .timezone)
        try root.encode(forecast.units?.rawValue, forKey: .units)
        if let currently = forecast.currently {
            var point = root.nestedContainer(keyedBy: Keys.self, forKey: .currently)
            try encode(currently, into: &point, time: time)
        } else {
            try root.encodeNil(forKey: .currently)
        }
        for (key, block) in [(Keys.minutely, forecast.minutely), (.hourly, forecast.hourly), (.daily, forecast.daily)] {
            guard let block else {
                try root.encodeNil(forKey: key)
                continue
            }
            var container = root.nestedContainer(keyedBy: Keys.self, forKey: key)
            try container.encode(block.summary.map(safe), forKey: .summary)
            try container.encode(block.icon?.rawValue, forKey: .icon)
            var points = container.nestedUnkeyedContainer(forKey: .points)
            for data in block.data {
                var point = points.nestedContainer(keyedBy: Keys.self)
                try encode(data, into: &point, time: time)
            }
        }
        var alerts = root.nestedUnkeyedContainer(forKey: .alerts)
        for alert in forecast.alerts {
            var container = alerts.nestedContainer(keyedBy: Keys.self)
            try container.encode(alert.title.map(safe), forKey: .title)
            try container.encode(alert.severity.map(safe), forKey: .severity)
            try container.encode(alert.description.map(TerminalSafeText.sanitize), forKey: .description)
            try container.encode(alert.time.map(InternetDate.format), forKey: .time)
            try container.encode(alert.expires.map(InternetDate.format), forKey: .expires)
            try container.encode(alert.regions.map(safe), forKey: .regions)
            try container.encode(alert.uri.map(safe), forKey: .uri)
        }
    }

    private func encode(_ point: ForecastPoint, into container: inout KeyedEncodingContainer<Keys>,
                        time: ForecastTimeFormat) throws {
        try container.encode(point.time.map(InternetDate.format), forKey: .time)
        try container.encode(point.time.map(time.iso), forKey: .localTime)
        try container.encode(point.summary.map(safe), forKey: .summary)
        try container.encode(point.icon?.rawValue, forKey: .icon)
        try container.encode(point.temperature, forKey: .temperature)
        try container.encode(point.apparentTemperature, forKey: .apparentTemperature)
        try container.encode(point.low, forKey: .low)
        try container.encode(point.high, forKey: .high)
        try container.encode(point.precipProbability, forKey: .precipProbability)
        try container.encode(point.precipIntensity, forKey: .precipIntensity)
        try container.encode(point.precipType.map(safe), forKey: .precipType)
        try container.encode(point.humidity, forKey: .humidity)
        try container.encode(point.windSpeed, forKey: .windSpeed)
        try container.encode(point.windGust, forKey: .windGust)
        try container.encode(point.windBearing, forKey: .windBearing)
        try container.encode(point.cloudCover, forKey: .cloudCover)
        try container.encode(point.uvIndex, forKey: .uvIndex)
        try container.encode(point.sunriseTime.map(InternetDate.format), forKey: .sunrise)
        try container.encode(point.sunsetTime.map(InternetDate.format), forKey: .sunset)
    }

    /// JSON escapes C0 controls itself, but not C1 controls or bidi overrides: those go here.
    private func safe(_ text: String) -> String { TerminalSafeText.singleLine(text) }
}
