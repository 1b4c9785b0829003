import Foundation

/// A forecast laid out for a person: the place, the weather now, the next hours and the days
/// ahead, alerts. Times are in the forecast's zone; every text from the response is made safe.
public struct WeatherTextReport {
    public let forecast: Forecast
    /// How many hourly rows to show.
    public var hours = 12

    public init(forecast: Forecast, hours: Int = 12) {
        self.forecast = forecast
        self.hours = hours
    }

    private var time: ForecastTimeFormat { ForecastTimeFormat(zone: forecast.timeZone) }
    private var units: ForecastUnits? { forecast.units }

    public func render() -> String {
        var lines: [String] = [heading(), ""]
        if forecast.isEmpty {
            lines.append("No forecast data in this response.")
            return lines.joined(separator: "\n")
        }
        if let now = forecast.currently { lines += current(now) + [""] }
        if !forecast.alerts.isEmpty { lines += alerts() + [""] }
        if let hourly = forecast.hourly, let rows = nextHours(hourly) { lines += rows + [""] }
        if let daily = forecast.daily, !daily.data.isEmpty { lines += days(daily) + [""] }
        while lines.last == "" { lines.removeLast() }
        // Empty trailing columns would leave spaces at line ends.
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    private func heading() -> String {
        var place = "Weather"
        if let latitude = forecast.latitude, let longitude = forecast.longitude {
            place += " at " + ForecastText.coordinates(latitude: latitude, longitude: longitude)
        }
        let reference = forecast.currently?.time ?? forecast.daily?.data.first?.time ?? forecast.hourly?.data.first?.time
        let zoneName = forecast.timezone.map(safe) ?? forecast.timeZone.identifier
        let offset = reference.map { " (\(time.utcOffset(at: $0)))" } ?? ""
        return "\(place) — \(zoneName)\(offset)"
    }

    private func current(_ now: ForecastPoint) -> [String] {
        var headline = "Now"
        if let date = now.time { headline += ", \(time.dayAndClock(date))" }
        var facts: [String] = []
        if let summary = now.summary.map(safe) ?? iconLabel(now.icon) { facts.append(summary) }
        if let temperature = now.temperature { facts.append(degrees(temperature)) }
        if let feels = now.apparentTemperature, let temperature = now.temperature,
           rounded(feels) != rounded(temperature) {
            facts.append("feels like \(degrees(feels))")
        }
        var lines = [headline + (facts.isEmpty ? "" : ": " + facts.joined(separator: ", "))]
        var details: [String] = []
        if let speed = now.windSpeed {
            var wind = "wind \(ForecastText.speed(speed, units: units))"
            if let bearing = now.windBearing, speed > 0 { wind += " from \(ForecastText.compass(bearing))" }
            details.append(wind)
        }
        if let humidity = now.humidity { details.append("humidity \(percent(humidity))") }
        if let cloud = now.cloudCover { details.append("cloud cover \(percent(cloud))") }
        if let probability = now.precipProbability, probability > 0 {
            details.append("\(percent(probability)) chance of \(now.precipType.map(safe) ?? "precipitation")")
        }
        if let uv = now.uvIndex { details.append("UV index \(rounded(uv))") }
        if !details.isEmpty { lines.append("  " + details.joined(separator: ", ")) }
        if let summary = forecast.minutely?.summary { lines.append("  Next hour: \(safe(summary))") }
        return lines
    }

    private func alerts() -> [String] {
        var lines = ["Alerts:"]
        for alert in forecast.alerts {
            var line = "  ! \(alert.title.map(safe) ?? "Alert")"
            if let severity = alert.severity { line += " (\(safe(severity)))" }
            if let expires = alert.expires { line += ", until \(time.dayAndClock(expires))" }
            lines.append(line)
            if let description = alert.description {
                let text = TerminalSafeText.sanitize(description).split(separator: "\n").map {
                    "    " + $0.trimmingCharacters(in: .whitespaces)
                }
                lines += text
            }
        }
        return lines
    }

    /// Up to `hours` rows from the hour of the response's "now" (not the machine's: a saved
    /// forecast shows the hours after it was made); nil when there are none.
    private func nextHours(_ hourly: ForecastBlock) -> [String]? {
        var lines = ["Next hours" + (hourly.summary.map { ": " + safe($0) } ?? "")]
        let points = forecast.upcomingHours
        guard !points.isEmpty else { return nil }
        for point in points.prefix(hours) {
            let clock = point.time.map { "\(time.weekday($0)) \(time.clock($0))" } ?? "--- --:--"
            let temperature = point.temperature.map(degrees) ?? "–"
            let chance = point.precipProbability.map(percent) ?? ""
            let summary = point.summary.map(safe) ?? iconLabel(point.icon) ?? ""
            lines.append("  \(clock)  \(pad(temperature, 5))  \(pad(chance, 4, right: true))  \(summary)")
        }
        return lines
    }

    private func days(_ daily: ForecastBlock) -> [String] {
        var lines = ["Next days" + (daily.summary.map { ": " + safe($0) } ?? "")]
        for point in daily.data {
            let day = point.time.map(time.day) ?? "?"
            let range: String
            switch (point.low, point.high) {
            case let (low?, high?): range = "\(rounded(low))–\(degrees(high))"
            case let (low?, nil): range = "from \(degrees(low))"
            case let (nil, high?): range = "to \(degrees(high))"
            case (nil, nil): range = "–"
            }
            let chance = point.precipProbability.map(percent) ?? ""
            let summary = point.summary.map(safe) ?? iconLabel(point.icon) ?? ""
            lines.append("  \(pad(day, 10))  \(pad(range, 9))  \(pad(chance, 4, right: true))  \(summary)")
        }
        return lines
    }

    // MARK: Pieces

    /// The icon as words when there is no summary; nothing for an icon this version does not know.
    private func iconLabel(_ icon: WeatherIcon?) -> String? {
        guard let icon, icon != .unknown else { return nil }
        return icon.label
    }

    private func safe(_ text: String) -> String {
        TerminalSafeText.singleLine(text).trimmingCharacters(in: .whitespaces)
    }

    private func rounded(_ value: Double) -> Int { ForecastText.whole(value) }

    private func degrees(_ value: Double) -> String { ForecastText.degrees(value, units: units) }

    private func percent(_ fraction: Double) -> String { ForecastText.percent(fraction) }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String.spaces(max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
