import Foundation
import Testing
@testable import FremontCore

/// The Open-Meteo reader on responses in the API's documented shape (written by
/// `Tests/Tools/open_meteo_fixture.py`: Seattle, asked on Friday 7 March 2025 at 15:00 local
/// time, seven days of hours across the change to summer time on Sunday 9 March).
@Suite struct OpenMeteoReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/weather").path + "/"
    static let metric = fixtures + "open-meteo-seattle-2025-03-07-metric.json"
    static let imperial = fixtures + "open-meteo-seattle-2025-03-07-imperial.json"

    /// `2025-03-07T15:00` at -08:00.
    static let now = Date(timeIntervalSince1970: 1_741_388_400)
    static let hour: TimeInterval = 3600

    private func parse(_ json: String, name: String = "om.json") throws(LoadError) -> Forecast {
        try OpenMeteoReader.parse(Array(json.utf8), name: name)
    }

    private func error(_ json: String) -> LoadError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheMetricResponse() throws {
        let forecast = try OpenMeteoReader.read(.file(Self.metric))
        #expect(forecast.latitude == 47.649185)
        #expect(forecast.longitude == -122.34784)
        #expect(forecast.timezone == "America/Los_Angeles")
        #expect(forecast.offset == -8)
        #expect(forecast.units == .si)
        #expect(forecast.minutely == nil && forecast.alerts.isEmpty)

        let now = try #require(forecast.currently)
        #expect(now.time == Self.now)
        #expect(now.icon == .rain)
        #expect(now.summary == "Light Rain")
        #expect(now.precipType == "rain")
        #expect(now.temperature == 9.8)
        #expect(now.apparentTemperature == 6.2)
        #expect(now.humidity == 0.88)
        #expect(now.cloudCover == 1)
        #expect(now.windSpeed == 5.5 && now.windBearing == 245 && now.windGust == 11)
        // From the hour `current` falls in: 90% at 15:00.
        #expect(now.precipProbability == 0.9)
        #expect(now.uvIndex == 0.97)

        let hours = try #require(forecast.hourly?.data)
        #expect(hours.count == 168)
        #expect(hours[0].time == Self.now - 15 * Self.hour)
        #expect(hours[15].time == Self.now)
        #expect(hours[15].temperature == now.temperature)
        // "Now" is on the hour: the next hours start with it, not the hour before.
        #expect(forecast.upcomingHours.first?.time == Self.now)
        #expect(hours[15].precipIntensity == 0.6)
        #expect(hours[15].dewPoint == 6.4)
        #expect(hours.allSatisfy { $0.time != nil })
        // Evenly an hour apart, across the change to summer time too: the API writes every
        // time with the offset of the moment it was asked.
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $1.time!.timeIntervalSince($0.time!) == Self.hour })
        // The last half day's UV index is null.
        #expect(hours[155].uvIndex != nil && hours[156].uvIndex == nil && hours[167].uvIndex == nil)

        let days = try #require(forecast.daily?.data)
        #expect(days.count == 7)
        #expect(days[0].time == Self.now - 15 * Self.hour)
        #expect(days[0].icon == .rain && days[0].summary == "Light Rain")
        #expect(days[0].temperatureMin == 4.1 && days[0].temperatureMax == 9.8)
        #expect(days[0].precipProbability == 0.9)
        #expect(days[0].sunriseTime == Self.now - 15 * Self.hour + 6 * Self.hour + 38 * 60)
        #expect(days[0].precipIntensity.map { ($0 * 24 * 10).rounded() / 10 } == 6.4)
        #expect(days[2].icon == .partlyCloudyDay)
        #expect(days[6].icon == .thunderstorm)
    }

    @Test func daysStartAtLocalMidnightAcrossTheChangeToSummerTime() throws {
        let forecast = try OpenMeteoReader.read(.file(Self.metric))
        let time = ForecastTimeFormat(zone: forecast.timeZone)
        let days = try #require(forecast.daily?.data)
        #expect(days.compactMap(\.time).map(time.dayAndClock) == [
            "Fri 7 Mar 00:00", "Sat 8 Mar 00:00", "Sun 9 Mar 00:00", "Mon 10 Mar 00:00",
            "Tue 11 Mar 00:00", "Wed 12 Mar 00:00", "Thu 13 Mar 00:00",
        ])
        // Monday's hours, written at -08:00, are an hour later on the clocks of summer time.
        let hours = try #require(forecast.hourly?.data)
        #expect(hours[72].time.map(time.dayAndClock) == "Mon 10 Mar 01:00")
        #expect(time.utcOffset(at: hours[72].time!) == "UTC−07:00")
        #expect(days[3].sunriseTime.map(time.clock) == "07:32")
    }

    @Test func isDayPicksTheSunOrTheMoon() throws {
        let hours = try #require(try OpenMeteoReader.read(.file(Self.metric)).hourly?.data)
        // Monday is clear: 02:00 (written) is night, 12:00 day.
        #expect(hours[74].icon == .clearNight)
        #expect(hours[84].icon == .clearDay)
        #expect(hours[74].summary == "Clear")
        // Sunday's partly cloudy hours, by night and by day.
        #expect(hours[48 + 20].icon == .partlyCloudyNight)
        #expect(hours[48 + 12].icon == .partlyCloudyDay)
    }

    @Test func readsTheImperialResponseInItsOwnUnits() throws {
        let forecast = try OpenMeteoReader.read(.file(Self.imperial))
        #expect(forecast.units == .us)
        let now = try #require(forecast.currently)
        #expect(now.temperature == 49.6)
        #expect(now.windSpeed == 12.3)
        #expect(ForecastText.degrees(49.6, units: forecast.units) == "50°F")
        #expect(ForecastText.speed(12.3, units: forecast.units) == "12 mph")
        #expect(forecast.hourly?.data[15].precipIntensity == 0.024)
        #expect(forecast.daily?.data[0].temperatureMax == 49.6)
        // The same forecast as the metric one, in other units.
        let metric = try OpenMeteoReader.read(.file(Self.metric))
        #expect(forecast.hourly?.data.map(\.time) == metric.hourly?.data.map(\.time))
        #expect(forecast.daily?.data.map(\.icon) == metric.daily?.data.map(\.icon))
    }

    @Test func unitsAreTheOnesTheResponseNames() throws {
        func units(_ temperature: String, _ wind: String) throws -> ForecastUnits? {
            try parse(#"{"utc_offset_seconds": 0, "current_units": {"temperature_2m": "\#(temperature)", "wind_speed_10m": "\#(wind)"}}"#).units
        }
        #expect(try units("°C", "m/s") == .si)
        #expect(try units("°C", "km/h") == .ca)
        #expect(try units("°C", "mp/h") == .uk2)
        #expect(try units("°F", "mp/h") == .us)
        // A mix the model has no name for shows numbers without units, not wrong ones.
        #expect(try units("°F", "km/h") == nil)
        #expect(try units("°C", "kn") == nil)
        // The daily block's names, when it is the only one.
        #expect(try parse(#"{"daily_units": {"temperature_2m_max": "°F", "wind_speed_10m_max": "mp/h"}}"#).units == .us)
        #expect(try parse(#"{"utc_offset_seconds": 0}"#).units == nil)
    }

    @Test func detectionTellsTheShapesApart() throws {
        let metric = try Data(contentsOf: URL(fileURLWithPath: Self.metric))
        #expect(ForecastFormat.detect([UInt8](metric)) == .openMeteo)
        // Read without saying which: the same forecast.
        #expect(try ForecastReader.read(.file(Self.metric)) == (try OpenMeteoReader.read(.file(Self.metric))))
        let darkSky = try Data(contentsOf: URL(fileURLWithPath: ForecastTests.sanFrancisco))
        #expect(ForecastFormat.detect([UInt8](darkSky)) == .darkSky)
        #expect(ForecastFormat.detect(Array(#"{"latitude": 1, "current": {}}"#.utf8)) == .openMeteo)
        #expect(ForecastFormat.detect(Array("\u{FEFF}{\"generationtime_ms\": 0.2}".utf8)) == .openMeteo)
        #expect(ForecastFormat.detect(Array(#"{"latitude": 1, "hourly": {"data": []}}"#.utf8)) == .darkSky)
        #expect(ForecastFormat.detect(Array("{broken".utf8)) == .darkSky)
        #expect(ForecastFormat.detect([]) == .darkSky)
    }

    @Test func nullsAndShortColumnsAreMissingValues() throws {
        let forecast = try parse("""
            {"utc_offset_seconds": 3600, "timezone": "Europe/Berlin",
             "current": {"time": "2025-03-07T12:00", "temperature_2m": null, "weather_code": null},
             "hourly": {"time": ["2025-03-07T12:00", null, "2025-03-07T14:00"], "temperature_2m": [5.5],
                        "weather_code": [3, null, 2.5], "relative_humidity_2m": [null, 40]},
             "daily": {"time": ["2025-03-07"], "sunrise": [null]}}
            """)
        let now = try #require(forecast.currently)
        #expect(now.time == Date(timeIntervalSince1970: 1_741_345_200))
        #expect(now.temperature == nil && now.icon == nil && now.summary == nil)
        let hours = try #require(forecast.hourly?.data)
        #expect(hours.map(\.temperature) == [5.5, nil, nil])
        #expect(hours.map(\.humidity) == [nil, 0.4, nil])
        #expect(hours[1].time == nil)
        // 2.5 is no WMO code.
        #expect(hours.map(\.icon) == [.cloudy, nil, nil])
        #expect(forecast.daily?.data.first?.sunriseTime == nil)
        #expect(forecast.daily?.data.first?.time == Date(timeIntervalSince1970: 1_741_302_000))
    }

    @Test func anUnknownCodeIsTheUnknownIcon() throws {
        let forecast = try parse(#"{"utc_offset_seconds": 0, "current": {"weather_code": 4, "is_day": 0}}"#)
        #expect(forecast.currently?.icon == .unknown)
        #expect(forecast.currently?.summary == nil)
        #expect(!forecast.isEmpty)
    }

    @Test func brokenJSONNamesTheLineAndColumn() {
        let broken = error("{\n  \"utc_offset_seconds\": 0,\n  \"hourly\": {\"time\": [\"2025-03-07T00:00\", oops]}\n}")
        #expect(broken?.description == "om.json:3:43: not valid JSON: unexpected 'o' where a value should be")
        let cut = error("{\"utc_offset_seconds\": 0, \"hourly\": {\"time\": [\"2025-03-07T00:00\"")
        #expect(cut?.description.hasPrefix("om.json:1:") == true)
        #expect(cut?.description.contains("cut off") == true)
    }

    @Test func aWrongTypeNamesItsPath() {
        let wrong = error("{\"utc_offset_seconds\": 0,\n \"hourly\": {\"time\": [\"2025-03-07T00:00\"], \"temperature_2m\": [\"warm\"]}}")
        #expect(wrong?.description == "om.json:2:62: wrong type at hourly.temperature_2m[0]: expected a number, found a string")
        let block = error(#"{"utc_offset_seconds": 0, "daily": [1, 2]}"#)
        #expect(block?.description == "om.json:1:36: wrong type at daily: expected an object, found an array")
    }

    @Test func anUnreadableTimeSaysWhere() {
        let time = error("{\"utc_offset_seconds\": 0,\n \"hourly\": {\"time\": [\"2025-03-07T00:00\", \"yesterday\"]}}")
        #expect(time?.description == "om.json:2:42: unreadable time at hourly.time[1]: expected a local time like 2024-03-14T18:00, found 'yesterday'")
        let sunrise = error(#"{"utc_offset_seconds": 0, "daily": {"time": ["2025-03-07"], "sunrise": [1741330000]}}"#)
        #expect(sunrise?.description == "om.json:1:73: wrong type at daily.sunrise[0]: expected a string, found a number")
    }

    @Test func whatIsNotJSONIsRefused() {
        #expect(error("<!DOCTYPE html><title>Bad Gateway</title>")?.description == "om.json:1:1: not a forecast: an HTML page ('Bad Gateway'), where JSON was expected")
        #expect(error("")?.description == "om.json: empty: no forecast in it")
        #expect(error("[1, 2]")?.description == "om.json:1:1: not a forecast: expected a JSON object, found an array")
    }
}
