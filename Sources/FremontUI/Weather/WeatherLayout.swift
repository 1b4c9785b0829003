import Foundation
import FremontCore

/// The weather tab's content as lines for one width: the place, the weather now, alerts, the
/// next hours as a strip and the days as a table. Built per frame from a forecast of a few dozen
/// points (cheap), so a resize re-lays out at once; narrower widths drop columns, never overlap.
struct WeatherLayout {
    /// Lines to draw from the left margin; none is wider than `width`.
    private(set) var lines: [WeatherLine] = []
    /// The usable width, inside the margins.
    let width: Int
    /// Section summaries cut to one line, for a screen that then holds the whole forecast.
    let compact: Bool
    private let forecast: Forecast
    private let time: ForecastTimeFormat
    private var units: ForecastUnits? { forecast.units }

    static let noData = "No forecast data in this response."

    /// Which of the upcoming hours the strip shows: the first (from 0), how many, of how many.
    private(set) var hourStrip: (first: Int, shown: Int, total: Int)?
    private let firstHour: Int

    init(forecast: Forecast, width: Int, compact: Bool = false, firstHour: Int = 0) {
        self.forecast = forecast
        self.width = max(1, width)
        self.compact = compact
        self.firstHour = max(0, firstHour)
        time = ForecastTimeFormat(zone: forecast.timeZone)
        if forecast.isEmpty {
            addPlace()
            lines.append(.blank)
            lines.append(WeatherLine(Self.noData, .emphasis))
            return
        }
        if let now = forecast.currently {
            addCurrent(now)
        } else {
            addPlace()
        }
        addAlerts()
        addHours()
        addDays()
        while lines.last == .blank { lines.removeLast() }
    }

    // MARK: - Place and now

    /// Where the forecast is for and its zone, most important first.
    private func placeParts() -> [String] {
        var parts: [String] = []
        if let latitude = forecast.latitude, let longitude = forecast.longitude {
            parts.append(ForecastText.coordinates(latitude: latitude, longitude: longitude))
        }
        parts.append(forecast.timezone.map(safe) ?? forecast.timeZone.identifier)
        let reference = forecast.currently?.time ?? forecast.daily?.data.first?.time ?? forecast.hourly?.data.first?.time
        if let reference { parts.append(time.utcOffset(at: reference)) }
        return parts
    }

    private mutating func addPlace() {
        for line in flow(placeParts(), width: width) { lines.append(WeatherLine(line, .dim)) }
    }

    private mutating func addCurrent(_ now: ForecastPoint) {
        // The heading carries the place too, as much of it as fits beside "Now".
        let title = "Now" + (now.time.map { ", " + time.dayAndClock($0) } ?? "")
        var place = ""
        for part in placeParts() {
            let candidate = place + " · " + part
            if DisplayWidth.of(title + candidate) > width { break }
            place = candidate
        }
        lines.append(WeatherLine([WeatherSpan(TextLayout.truncate(title, to: width), .heading), WeatherSpan(place, .dim)]))
        // Glyph, temperature and summary on one line; what does not fit moves to the details.
        var spans = [WeatherSpan(WeatherGlyph.of(now.icon), .glyph(now.icon)), WeatherSpan("  ")]
        var used = WeatherGlyph.width + 2
        if let temperature = now.temperature {
            let text = ForecastText.degrees(temperature, units: units)
            spans += [WeatherSpan(text, .temperature(celsius: celsius(temperature))), WeatherSpan("  ")]
            used += DisplayWidth.of(text) + 2
        }
        let summary = now.summary.map(safe) ?? (now.icon.map(\.label) ?? "")
        if !summary.isEmpty {
            let text = TextLayout.truncate(summary, to: width - used)
            spans.append(WeatherSpan(text, .emphasis))
            used += DisplayWidth.of(text)
        }
        if spans.last?.text == "  " {
            spans.removeLast()
            used -= 2
        }
        var details: [String] = []
        if let feels = now.apparentTemperature {
            let text = "feels like \(ForecastText.degrees(feels, units: units))"
            if used + 3 + DisplayWidth.of(text) <= width {
                spans += [WeatherSpan(" · "), WeatherSpan(text, .dim)]
            } else {
                details.append(text)
            }
        }
        lines.append(WeatherLine(spans))

        if let speed = now.windSpeed {
            var wind = "wind \(ForecastText.speed(speed, units: units))"
            if let bearing = now.windBearing, speed > 0 { wind += " from \(ForecastText.compass(bearing))" }
            details.append(wind)
        }
        if let humidity = now.humidity { details.append("humidity \(ForecastText.percent(humidity))") }
        if let chance = now.precipProbability {
            details.append("\(ForecastText.percent(chance)) chance of \(now.precipType.map(safe) ?? "rain")")
        }
        let indent = WeatherGlyph.width + 2
        for line in flow(details, width: width - indent) {
            lines.append(WeatherLine([WeatherSpan(String.spaces(indent)), WeatherSpan(line)]))
        }
        if let minute = forecast.minutely?.summary.map(safe), !minute.isEmpty {
            for line in TextLayout.wrap(minute, width: width - indent) {
                lines.append(WeatherLine([WeatherSpan(String.spaces(indent)), WeatherSpan(line, .dim)]))
            }
        }
    }

    // MARK: - Alerts

    private mutating func addAlerts() {
        for alert in forecast.alerts {
            lines.append(.blank)
            var title = "⚠ " + (alert.title.map(safe) ?? "Alert")
            if let severity = alert.severity.map(safe), !severity.isEmpty { title += " (\(severity))" }
            if let expires = alert.expires { title += ", until \(time.dayAndClock(expires))" }
            for line in TextLayout.wrap(title, width: width) { lines.append(WeatherLine(line, .alert)) }
            if let description = alert.description {
                let text = TerminalSafeText.sanitize(description)
                    .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
                for line in TextLayout.wrap(text, width: max(1, width - 2)) where !line.isEmpty {
                    lines.append(WeatherLine("  " + line))
                }
            }
        }
    }

    // MARK: - Next hours

    /// Each hour a cell: its clock time (the weekday at midnight), glyph, temperature and, where
    /// the source gives it, the chance of rain; as many hours as fit, from `firstHour` (←/→).
    private mutating func addHours() {
        let upcoming = forecast.upcomingHours
        guard !upcoming.isEmpty else { return }
        lines.append(.blank)
        let cell = width >= 60 ? 6 : 4
        let count = min(upcoming.count, max(1, (width + 1) / cell))
        let first = min(firstHour, upcoming.count - count)
        let hours = upcoming.dropFirst(first).prefix(count)
        hourStrip = (first, count, upcoming.count)
        let heading = count < upcoming.count ? "Next hours (\(first + 1)–\(first + count) of \(upcoming.count), ←/→)" : "Next hours"
        addHeading(heading, summary: forecast.hourly?.summary)
        var labels: [WeatherSpan] = [], glyphs: [WeatherSpan] = [], temperatures: [WeatherSpan] = [], chances: [WeatherSpan] = []
        let givesChances = hours.contains { $0.precipProbability != nil }
        for point in hours {
            var label = "--"
            var role = WeatherRole.dim
            if let date = point.time {
                let hour = time.hour(date)
                if hour == 0 {
                    label = time.weekday(date)
                    role = .emphasis
                } else {
                    label = cell >= 6 ? time.clock(date) : (hour < 10 ? "0\(hour)h" : "\(hour)h")
                }
            }
            labels.append(WeatherSpan(TextLayout.padRight(label, to: cell), role))
            glyphs += [WeatherSpan(WeatherGlyph.of(point.icon), .glyph(point.icon)),
                       WeatherSpan(String.spaces(cell - WeatherGlyph.width))]
            if let temperature = point.temperature {
                let text = TextLayout.padRight(ForecastText.degrees(temperature, units: nil), to: cell)
                temperatures.append(WeatherSpan(text, .temperature(celsius: celsius(temperature))))
            } else {
                temperatures.append(WeatherSpan(TextLayout.padRight("–", to: cell), .dim))
            }
            if givesChances {
                let chance = point.precipProbability
                chances.append(WeatherSpan(TextLayout.padRight(chance.map(ForecastText.percent) ?? "–", to: cell), chance.map { .chance($0) } ?? .dim))
            }
        }
        for row in [labels, glyphs, temperatures] + (givesChances ? [chances] : []) { lines.append(WeatherLine(trimmed(row))) }
    }

    // MARK: - Days

    /// Column widths of the daily table for a width: the summary goes first when it is narrow,
    /// then the date shortens to the weekday; the bar keeps at least 6 columns.
    struct DayColumns: Equatable {
        var day: Int
        var summary: Int
        var bar: Int

        static let gap = 2
        static let temperature = 4
        static let chance = 4

        init(width: Int) {
            day = width >= 70 ? 6 : 3
            // Day, glyph, low, bar spaces, high, chance and the gaps between them.
            let fixed = day + Self.gap + WeatherGlyph.width + Self.gap + Self.temperature + 2 + Self.temperature
                + Self.gap + Self.chance
            let rest = width - fixed
            if rest - Self.gap >= 16 + 6 {
                bar = min(24, max(6, (width - 62) / 2))
                summary = rest - Self.gap - bar
            } else {
                summary = 0
                bar = max(1, min(24, rest))
            }
        }
    }

    private mutating func addDays() {
        guard let daily = forecast.daily, !daily.data.isEmpty else { return }
        lines.append(.blank)
        addHeading("Next days", summary: daily.summary)
        let columns = DayColumns(width: width)
        // The week's range: every day's bar sits on the same scale.
        let temperatures = daily.data.flatMap { [$0.low, $0.high].compactMap { $0 } }.filter(\.isFinite)
        let range = (temperatures.min() ?? 0)...(temperatures.max() ?? 0)

        let gap = String.spaces(DayColumns.gap)
        var header = String.spaces(columns.day + DayColumns.gap + WeatherGlyph.width + DayColumns.gap)
        if columns.summary > 0 { header += String.spaces(columns.summary) + gap }
        header += TextLayout.padLeft("Low", to: DayColumns.temperature) + String.spaces(columns.bar + 2)
            + TextLayout.padRight("High", to: DayColumns.temperature) + gap + TextLayout.padLeft("Rain", to: DayColumns.chance)
        lines.append(WeatherLine(header, .columnHeader))

        for point in daily.data {
            let label = point.time.map { columns.day >= 6 ? time.day($0).split(separator: " ").prefix(2).joined(separator: " ") : time.weekday($0) }
            var spans = [WeatherSpan(TextLayout.padRight(label ?? "?", to: columns.day), .emphasis), WeatherSpan(gap),
                         WeatherSpan(WeatherGlyph.of(point.icon), .glyph(point.icon)), WeatherSpan(gap)]
            if columns.summary > 0 {
                let summary = point.summary.map(safe) ?? (point.icon.map(\.label) ?? "")
                spans += [WeatherSpan(TextLayout.padRight(summary, to: columns.summary)), WeatherSpan(gap)]
            }
            spans.append(WeatherSpan(TextLayout.padLeft(point.low.map { ForecastText.degrees($0, units: nil) } ?? "–",
                                                        to: DayColumns.temperature), .dim))
            spans.append(WeatherSpan(" "))
            spans += bar(low: point.low, high: point.high, range: range, width: columns.bar)
            spans.append(WeatherSpan(" "))
            spans.append(WeatherSpan(TextLayout.padRight(point.high.map { ForecastText.degrees($0, units: nil) } ?? "–",
                                                         to: DayColumns.temperature)))
            spans.append(WeatherSpan(gap))
            if let chance = point.precipProbability {
                spans.append(WeatherSpan(TextLayout.padLeft(ForecastText.percent(chance), to: DayColumns.chance), .chance(chance)))
            }
            lines.append(WeatherLine(trimmed(spans)))
        }
    }

    /// A day's low..high on the week's scale: a light track the width of the week's range with
    /// the day's part heavy, in half cells (╼ and ╾ are half heavy), each filled cell coloured by
    /// the temperature it stands for.
    func bar(low: Double?, high: Double?, range: ClosedRange<Double>, width: Int) -> [WeatherSpan] {
        guard width > 0 else { return [] }
        guard let low, let high, low.isFinite, high.isFinite else {
            return [WeatherSpan(String(repeating: "─", count: width), .barTrack)]
        }
        let span = range.upperBound - range.lowerBound
        let halves = 2 * width
        func position(_ value: Double) -> Double {
            span > 0 ? min(1, max(0, (value - range.lowerBound) / span)) * Double(halves) : 0
        }
        var start = min(halves - 1, Int(position(min(low, high)).rounded(.down)))
        var end = min(halves, max(start + 1, Int(position(max(low, high)).rounded(.up))))
        if span <= 0 { (start, end) = (0, halves) }
        var spans: [WeatherSpan] = []
        for cell in 0..<width {
            let left = (start..<end).contains(2 * cell), right = (start..<end).contains(2 * cell + 1)
            guard left || right else {
                if let last = spans.last, last.role == .barTrack {
                    spans[spans.count - 1].text += "─"
                } else {
                    spans.append(WeatherSpan("─", .barTrack))
                }
                continue
            }
            let value = span > 0 ? range.lowerBound + span * (Double(cell) + 0.5) / Double(width) : (low + high) / 2
            spans.append(WeatherSpan(left && right ? "━" : (left ? "╾" : "╼"), .barFill(celsius: celsius(value))))
        }
        return spans
    }

    // MARK: - Pieces

    private mutating func addHeading(_ title: String, summary: String?) {
        let summary = summary.map(safe) ?? ""
        guard !summary.isEmpty else {
            lines.append(WeatherLine(title, .heading))
            return
        }
        let titleWidth = DisplayWidth.of(title) + 2
        var wrapped = TextLayout.wrap(summary, width: max(1, width - titleWidth))
        if compact, wrapped.count > 1 { wrapped = [TextLayout.truncate(summary, to: max(1, width - titleWidth))] }
        // The summary follows the title when it has room beside it, else it goes below.
        if width - titleWidth >= 30 {
            for (index, line) in wrapped.enumerated() {
                let lead = index == 0 ? WeatherSpan(title + "  ", .heading) : WeatherSpan(String.spaces(titleWidth))
                lines.append(WeatherLine([lead, WeatherSpan(line, .dim)]))
            }
        } else {
            lines.append(WeatherLine(title, .heading))
            let below = TextLayout.wrap(summary, width: width)
            for line in compact ? [TextLayout.truncate(summary, to: width)] : below { lines.append(WeatherLine(line, .dim)) }
        }
    }

    /// Segments joined by ` · `, as many to a line as fit; one too wide for a line is cut.
    private func flow(_ segments: [String], width: Int) -> [String] {
        var out: [String] = []
        var line = ""
        for segment in segments where !segment.isEmpty {
            let candidate = line.isEmpty ? segment : line + " · " + segment
            if DisplayWidth.of(candidate) <= width {
                line = candidate
            } else {
                if !line.isEmpty { out.append(line) }
                line = TextLayout.truncate(segment, to: width)
            }
        }
        if !line.isEmpty { out.append(line) }
        return out
    }

    /// Drops trailing spaces of the last span, so lines end where their text does.
    private func trimmed(_ spans: [WeatherSpan]) -> [WeatherSpan] {
        var spans = spans
        while let last = spans.last, last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
        if var last = spans.popLast() {
            while last.text.last == " " { last.text.removeLast() }
            spans.append(last)
        }
        return spans
    }

    private func celsius(_ value: Double) -> Double {
        units == .us ? (value - 32) * 5 / 9 : value
    }

    /// Source text on one line, with nothing in it that could drive the terminal.
    private func safe(_ text: String) -> String {
        TerminalSafeText.singleLine(text).trimmingCharacters(in: .whitespaces)
    }
}
