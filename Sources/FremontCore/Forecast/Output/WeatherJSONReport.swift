import Foundation

/// A forecast in a normalised JSON form: every known key present (null when the response did
/// not say), times as ISO 8601 UTC plus the local time in the forecast's zone, one name for the
/// day's low and high, and text made terminal-safe.
public struct WeatherJSONReport: Encodable {
    public let forecast: Forecast
    /// Set while the frame is encoded: each block's points are a marker, written one by one after.
    private var pointsMarked = false

    public init(forecast: Forecast) {
        self.forecast = forecast
    }

    public func render() throws -> String {
        var text = ""
        try write { text += $0 }
        return text
    }

    /// The report a piece at a time, the same text as `render`: the frame (place, alerts, block
    /// summaries) encoded once, then the points one by one where their markers are. Encoded
    /// whole, a long forecast's JSON tree and text took some 4 KB a point at once.
    public func write(_ output: (String) -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var frame = self
        frame.pointsMarked = true
        let text = String(decoding: try encoder.encode(frame), as: UTF8.self)
        let time = ForecastTimeFormat(zone: forecast.timeZone)
        let blocks = [(Keys.minutely, forecast.minutely), (.hourly, forecast.hourly), (.daily, forecast.daily)]
        var rest = text[...]
        while let marker = blocks.lazy.compactMap({ key, block in
            rest.range(of: Self.quotedMarker(key)).map { ($0, block?.data ?? []) }
        }).min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            let (range, points) = marker
            let lineStart = rest[..<range.lowerBound].lastIndex(of: "\n").map { rest.index(after: $0) } ?? rest.startIndex
            let indent = String.spaces(rest[lineStart...].prefix { $0 == " " }.count)
            output(String(rest[..<range.lowerBound]) + "[\n")
            // A few hundred points an encoding: as fast as one, as little memory as one point.
            for start in stride(from: 0, to: points.count, by: Self.pointsPerPiece) {
                let piece = points[start..<min(start + Self.pointsPerPiece, points.count)]
                let array = String(decoding: try encoder.encode(piece.map { PointReport(point: $0, time: time) }), as: UTF8.self)
                // `[\n  {…},\n  {…}\n]` with the brackets' lines off, indented to the marker's place.
                var text = Array(indent.utf8)
                for byte in array.utf8.dropFirst(2).dropLast(2) {
                    text.append(byte)
                    if byte == UInt8(ascii: "\n") { text.append(contentsOf: indent.utf8) }
                }
                text.append(contentsOf: (piece.endIndex < points.count ? ",\n" : "\n").utf8)
                output(String(decoding: text, as: UTF8.self))
            }
            output((points.isEmpty ? "\n" : "") + indent + "]")
            rest = rest[range.upperBound...]
        }
        output(String(rest))
    }

    private static let pointsPerPiece = 256

    /// What stands for a block's points in the frame: a control character, which no text of the
    /// report can hold (all of it is made terminal-safe), as JSON escapes it.
    private static func marker(_ key: Keys) -> String { "\u{1}points:\(key.stringValue)" }
    private static func quotedMarker(_ key: Keys) -> String { "\"\\u0001points:\(key.stringValue)\"" }

    private struct PointReport: Encodable {
        let point: ForecastPoint
        let time: ForecastTimeFormat

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try WeatherJSONReport.encode(point, into: &container, time: time)
        }
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
            try Self.encode(currently, into: &point, time: time)
        } else {
            try root.encodeNil(forKey: .currently)
        }
        for (key, block) in [(Keys.minutely, forecast.minutely), (.hourly, forecast.hourly), (.daily, forecast.daily)] {
            guard let block else {
                try root.encodeNil(forKey: key)
                continue
            }
            var container = root.nestedContainer(keyedBy: Keys.self, forKey: key)
            try container.encode(block.summary.map(Self.safe), forKey: .summary)
            try container.encode(block.icon?.rawValue, forKey: .icon)
            if pointsMarked {
                try container.encode(Self.marker(key), forKey: .points)
                continue
            }
            var points = container.nestedUnkeyedContainer(forKey: .points)
            for data in block.data {
                var point = points.nestedContainer(keyedBy: Keys.self)
                try Self.encode(data, into: &point, time: time)
            }
        }
        var alerts = root.nestedUnkeyedContainer(forKey: .alerts)
        for alert in forecast.alerts {
            var container = alerts.nestedContainer(keyedBy: Keys.self)
            try container.encode(alert.title.map(Self.safe), forKey: .title)
            try container.encode(alert.severity.map(Self.safe), forKey: .severity)
            try container.encode(alert.description.map(TerminalSafeText.sanitize), forKey: .description)
            try container.encode(alert.time.map(InternetDate.format), forKey: .time)
            try container.encode(alert.expires.map(InternetDate.format), forKey: .expires)
            try container.encode(alert.regions.map(Self.safe), forKey: .regions)
            try container.encode(alert.uri.map(Self.safe), forKey: .uri)
        }
    }

    private static func encode(_ point: ForecastPoint, into container: inout KeyedEncodingContainer<Keys>,
                               time: ForecastTimeFormat) throws {
        try container.encode(point.time.map(InternetDate.format), forKey: .time)
        try container.encode(point.time.map(time.iso), forKey: .localTime)
        try container.encode(point.summary.map(Self.safe), forKey: .summary)
        try container.encode(point.icon?.rawValue, forKey: .icon)
        try container.encode(point.temperature, forKey: .temperature)
        try container.encode(point.apparentTemperature, forKey: .apparentTemperature)
        try container.encode(point.low, forKey: .low)
        try container.encode(point.high, forKey: .high)
        try container.encode(point.precipProbability, forKey: .precipProbability)
        try container.encode(point.precipIntensity, forKey: .precipIntensity)
        try container.encode(point.precipType.map(Self.safe), forKey: .precipType)
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
    private static func safe(_ text: String) -> String { TerminalSafeText.singleLine(text) }
}
