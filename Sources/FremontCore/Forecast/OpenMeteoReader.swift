import Foundation

/// Reads an Open-Meteo forecast response into the forecast model the Weather tab and the reports
/// show: `current` becomes the point now, the `hourly` and `daily` columns become points, WMO
/// weather codes become icons and words (the moon where `is_day` says night), percentages
/// fractions, and local wall-clock times instants in the response's own zone. The units are the
/// ones the response says its values are in, whatever was asked.
public enum OpenMeteoReader {
    /// The variables to ask for in `current=`, `hourly=` and `daily=`: the ones read here.
    public static var currentVariables: [String] { OpenMeteoResponse.currentVariables }
    public static var hourlyVariables: [String] { OpenMeteoResponse.hourlyVariables }
    public static var dailyVariables: [String] { OpenMeteoResponse.dailyVariables }

    public static func read(_ source: InputSource) throws(LoadError) -> Forecast {
        try ForecastReader.read(source, format: .openMeteo)
    }

    public static func parse(_ bytes: [UInt8], name: String) throws(LoadError) -> Forecast {
        let response = try ForecastJSON.decode(OpenMeteoResponse.self, from: bytes, name: name)
        var forecast = Forecast(latitude: response.latitude, longitude: response.longitude, timezone: response.timezone)
        if let seconds = response.utcOffsetSeconds, seconds.isFinite { forecast.offset = seconds / 3600 }
        forecast.units = units(response)
        let columns = Columns(bytes: bytes, name: name, zone: forecast.timeZone,
                              offset: response.utcOffsetSeconds.flatMap { $0.isFinite && abs($0) < 86_400 ? Int($0) : nil })
        if let hourly = response.hourly { forecast.hourly = ForecastBlock(data: try columns.hours(hourly)) }
        if let daily = response.daily { forecast.daily = ForecastBlock(data: try columns.days(daily)) }
        if let current = response.current {
            var now = try columns.now(current)
            // `current` has no chance of rain or UV index; the hour it falls in does.
            if let time = now.time, let hour = forecast.hourly?.data.last(where: { ($0.time ?? .distantFuture) <= time }),
               let start = hour.time, time.timeIntervalSince(start) < 3600 {
                now.precipProbability = hour.precipProbability
                now.uvIndex = hour.uvIndex
            }
            forecast.currently = now
        }
        return forecast
    }

    /// The model's unit system for the units the response names; nil for a mix it has no name
    /// for (°F with km/h), which then shows numbers without units rather than wrong ones.
    static func units(_ response: OpenMeteoResponse) -> ForecastUnits? {
        let blocks = [response.currentUnits, response.hourlyUnits, response.dailyUnits].compactMap { $0 }
        let temperature = blocks.lazy.compactMap(\.temperature).first
        let wind = blocks.lazy.compactMap(\.windSpeed).first
        switch (temperature, wind) {
        case ("°F", "mp/h"?), ("°F", "mph"?), ("°F", nil): return .us
        case ("°C", "m/s"?), ("°C", nil): return .si
        case ("°C", "km/h"?): return .ca
        case ("°C", "mp/h"?), ("°C", "mph"?): return .uk2
        default: return nil
        }
    }
}

/// Turns the response's blocks into points: times read in the forecast's zone, a value missing
/// wherever its column is `null` or shorter than the `time` column.
private struct Columns {
    let bytes: [UInt8]
    let name: String
    let zone: TimeZone
    /// The response's `utc_offset_seconds`. Open-Meteo writes every time with this one offset,
    /// the zone's at the moment of the request, even past a change to or from summer time in
    /// the days ahead: so times are read back with it, and only shown in the zone.
    let offset: Int?

    func now(_ current: OpenMeteoResponse.Current) throws(LoadError) -> ForecastPoint {
        var point = ForecastPoint(time: try instant(current.time, at: "current", "time"))
        let code = current.weatherCode.flatMap(WMOWeatherCode.init)
        describe(&point, code: code, isDay: current.isDay.map { $0 != 0 } ?? true)
        point.temperature = current.temperature
        point.apparentTemperature = current.apparentTemperature
        point.humidity = current.humidity.map(fraction)
        point.cloudCover = current.cloudCover.map(fraction)
        point.pressure = current.pressure
        point.windSpeed = current.windSpeed
        point.windBearing = current.windDirection
        point.windGust = current.windGusts
        return point
    }

    func hours(_ hourly: OpenMeteoResponse.Hourly) throws(LoadError) -> [ForecastPoint] {
        let times = hourly.time?.values ?? []
        var points: [ForecastPoint] = []
        points.reserveCapacity(times.count)
        for (index, text) in times.enumerated() {
            var point = ForecastPoint(time: try instant(text, at: "hourly", "time", index))
            let code = value(hourly.weatherCode, index).flatMap(WMOWeatherCode.init)
            describe(&point, code: code, isDay: value(hourly.isDay, index).map { $0 != 0 } ?? true)
            point.temperature = value(hourly.temperature, index)
            point.apparentTemperature = value(hourly.apparentTemperature, index)
            point.humidity = value(hourly.humidity, index).map(fraction)
            point.dewPoint = value(hourly.dewPoint, index)
            point.precipProbability = value(hourly.precipitationProbability, index).map(fraction)
            // The amount fallen in the hour before the time: per hour already.
            point.precipIntensity = value(hourly.precipitation, index)
            point.cloudCover = value(hourly.cloudCover, index).map(fraction)
            point.pressure = value(hourly.pressure, index)
            point.windSpeed = value(hourly.windSpeed, index)
            point.windBearing = value(hourly.windDirection, index)
            point.windGust = value(hourly.windGusts, index)
            point.uvIndex = value(hourly.uvIndex, index)
            points.append(point)
        }
        return points
    }

    func days(_ daily: OpenMeteoResponse.Daily) throws(LoadError) -> [ForecastPoint] {
        let times = daily.time?.values ?? []
        var points: [ForecastPoint] = []
        points.reserveCapacity(times.count)
        for (index, text) in times.enumerated() {
            // A day's time is its local midnight, as Dark Sky's daily points have it: in the
            // zone, since the response's one offset would put a day after a change at 23:00 the
            // day before.
            var point = ForecastPoint(time: try instant(text, at: "daily", "time", index, inZone: true))
            describe(&point, code: value(daily.weatherCode, index).flatMap(WMOWeatherCode.init), isDay: true)
            point.temperatureMin = value(daily.temperatureMin, index)
            point.temperatureMax = value(daily.temperatureMax, index)
            point.precipProbability = value(daily.precipitationProbabilityMax, index).map(fraction)
            // Dark Sky's daily intensity is the day's average per hour.
            point.precipIntensity = value(daily.precipitationSum, index).map { $0 / 24 }
            point.uvIndex = value(daily.uvIndexMax, index)
            point.windGust = value(daily.windGustsMax, index)
            point.windBearing = value(daily.windDirectionDominant, index)
            point.sunriseTime = try instant(string(daily.sunrise, index), at: "daily", "sunrise", index)
            point.sunsetTime = try instant(string(daily.sunset, index), at: "daily", "sunset", index)
            points.append(point)
        }
        return points
    }

    private func describe(_ point: inout ForecastPoint, code: WMOWeatherCode?, isDay: Bool) {
        guard let code else { return }
        point.icon = code.icon(isDay: isDay)
        point.summary = code.summary
        point.precipType = code.precipitationType
    }

    private func value(_ column: OpenMeteoColumn<Double>?, _ index: Int) -> Double? {
        column?[index]
    }

    private func string(_ column: OpenMeteoColumn<String>?, _ index: Int) -> String? {
        column?[index]
    }

    /// Open-Meteo's percentages as the model's 0...1.
    private func fraction(_ percent: Double) -> Double { percent / 100 }

    /// A local time (`2024-03-14T18:00`, a day `2024-03-14`) as an instant: with the response's
    /// offset, or (`inZone`, or without one) the zone's at that time. Text that is not a time is
    /// an error at its place in the response.
    private func instant(_ text: String?, at block: String, _ column: String, _ index: Int? = nil,
                         inZone: Bool = false) throws(LoadError) -> Date? {
        guard let text else { return nil }
        guard let local = LocalDateTimeParser.parse(text) else {
            let keys = [ForecastJSON.PathKey(block), ForecastJSON.PathKey(column)] + (index.map { [ForecastJSON.PathKey($0)] } ?? [])
            throw ForecastJSON.error(at: keys, in: bytes, name: name,
                                     "unreadable time at \(ForecastJSON.pathText(keys)): expected a local time like 2024-03-14T18:00, found \(quoted(text))")
        }
        let wall = Double(local.dayNumber) * 86_400 + Double(local.hour * 3600 + local.minute * 60 + local.second)
        if let offset, !inZone { return Date(timeIntervalSince1970: wall - Double(offset)) }
        // The zone's offset at that wall-clock time: at a first guess, then at the instant that
        // gives, which is right across a change to or from summer time.
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(offset ?? zone.secondsFromGMT())))
        return Date(timeIntervalSince1970: wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(guess)))))
    }
}
