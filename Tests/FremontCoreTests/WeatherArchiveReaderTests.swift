import Foundation
import Testing
@testable import FremontCore

/// Open-Meteo's archive response, in the shape its documentation shows (the forecast's columns:
/// `daily`/`hourly` objects of a `time` list and a list per variable, `*_units`, the zone).
@Suite struct WeatherArchiveReaderTests {
    static let response = """
        {"latitude":47.64,"longitude":-122.34,"generationtime_ms":0.8,"utc_offset_seconds":-28800,
         "timezone":"America/Los_Angeles","timezone_abbreviation":"PST","elevation":20.0,
         "hourly_units":{"time":"iso8601","temperature_2m":"°C","precipitation":"mm"},
         "hourly":{"time":["2015-01-01T00:00","2015-01-01T01:00","2015-01-01T02:00"],
                   "temperature_2m":[1.5,null,0.5],"precipitation":[0.0,0.2,0]},
         "daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_min":"°C","precipitation_sum":"mm"},
         "daily":{"time":["2015-01-01","2015-01-02"],"temperature_2m_max":[4.1,6.0],
                  "temperature_2m_min":[-1.2,null],"precipitation_sum":[0.2,3.4]}}
        """

    @Test func readsDaysAndHoursAsSeriesTables() throws {
        let tables = try WeatherArchiveReader.read(Array(Self.response.utf8), name: "archive")
        #expect(tables.timeZone == "America/Los_Angeles")
        #expect(tables.daily.series.map(\.name) == ["temperature_2m_max", "temperature_2m_min", "precipitation_sum"])
        #expect(tables.daily.series.map(\.kind) == [.measure, .measure, .count])
        #expect(tables.daily.times == [date("2015-01-01"), date("2015-01-02")])
        #expect(tables.daily.value(0, 1) == 6.0)
        #expect(tables.daily.value(1, 1) == nil)
        #expect(tables.daily.value(2, 0) == 0.2)
        #expect(tables.hourly.series.map(\.kind) == [.measure, .count])
        #expect(tables.hourly.times.map(\.isoString) == ["2015-01-01T00:00:00", "2015-01-01T01:00:00", "2015-01-01T02:00:00"])
        #expect(tables.hourly.value(0, 1) == nil)
        #expect(tables.hourly.value(1, 2) == 0)
    }

    @Test func aRefusalAColumnOfTheWrongLengthAndABadTimeAreErrorsThatSayWhere() {
        #expect(throws: LoadError(source: "a", "Open-Meteo refused the request: Parameter 'start_date' is out of allowed range")) {
            try WeatherArchiveReader.read(Array(#"{"error":true,"reason":"Parameter 'start_date' is out of allowed range"}"#.utf8), name: "a")
        }
        #expect(throws: LoadError(source: "a", "daily.precipitation_sum: not a list of 2 values, one per time")) {
            try WeatherArchiveReader.read(Array(#"{"daily":{"time":["2015-01-01","2015-01-02"],"precipitation_sum":[1]}}"#.utf8), name: "a")
        }
        #expect(throws: LoadError(source: "a", "daily.time[1]: not a time: soon")) {
            try WeatherArchiveReader.read(Array(#"{"daily":{"time":["2015-01-01","soon"]}}"#.utf8), name: "a")
        }
        #expect(throws: LoadError(source: "a", "daily.temperature_2m_max[0]: not a number or null")) {
            try WeatherArchiveReader.read(Array(#"{"daily":{"time":["2015-01-01"],"temperature_2m_max":["warm"]}}"#.utf8), name: "a")
        }
    }

    @Test func aRepeatedHourKeepsItsFirstReadingAndSaysSo() throws {
        let text = #"{"hourly":{"time":["2015-11-01T01:00","2015-11-01T01:00","2015-11-01T02:00"],"temperature_2m":[1,2,3],"precipitation":[0,0,0]}}"#
        let tables = try WeatherArchiveReader.read(Array(text.utf8), name: "a")
        #expect(tables.hourly.values[0] == [1, 3])
        #expect(tables.hourly.warnings.map(\.message) == ["hourly.time[1]: 2015-11-01T01:00 is not after 2015-11-01T01:00:00; left out"])
        // No daily block: an empty table of the same series, a missing column a warning.
        #expect(tables.daily.isEmpty)
    }
}
