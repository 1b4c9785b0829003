import Foundation
import Testing
@testable import FremontCore

@Suite(.needsSharedData) struct ForecastTests {
    /// `../shared/data/weather/` beside the checkout, wherever the checkout is.
    static let weather = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/weather/").path + "/"
    static let sanFrancisco = weather + "darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json"
    static let bare = weather + "darksky_forecast_bare_sxg-ForecastIO.json"

    private func parse(_ json: String, name: String = "test.json") throws(LoadError) -> Forecast {
        try ForecastReader.parse(Array(json.utf8), name: name)
    }

    private func error(_ json: String) -> LoadError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheSanFranciscoForecast() throws {
        let forecast = try ForecastReader.read(.file(Self.sanFrancisco))
        #expect(forecast.latitude == 37.8267)
        #expect(forecast.longitude == -122.4233)
        #expect(forecast.timezone == "America/Los_Angeles")
        #expect(forecast.offset == -7)
        #expect(forecast.units == .us)
        #expect(forecast.timeZone.identifier == "America/Los_Angeles")
        #expect(!forecast.isEmpty)

        let now = try #require(forecast.currently)
        #expect(now.time == Date(timeIntervalSince1970: 1_552_614_606))
        #expect(now.summary == "Clear")
        #expect(now.icon == .clearDay)
        #expect(now.temperature == 59.09)
        #expect(now.humidity == 0.45)
        #expect(now.windBearing == 263)
        #expect(now.uvIndex == 0)

        #expect(forecast.minutely?.data.count == 61)
        #expect(forecast.minutely?.summary == "Clear for the hour.")
        #expect(forecast.minutely?.data.first?.temperature == nil)
        #expect(forecast.hourly?.data.count == 49)
        #expect(forecast.hourly?.icon == .partlyCloudyNight)
        let daily = try #require(forecast.daily)
        #expect(daily.data.count == 8)
        #expect(daily.icon == .rain)
        #expect(daily.summary == "Light rain on Tuesday, with high temperatures peaking at 69°F on Monday.")
        let today = daily.data[0]
        #expect(today.time == Date(timeIntervalSince1970: 1_552_546_800)) // midnight in San Francisco
        #expect(today.low == 51.22)
        #expect(today.high == 62.39)
        #expect(today.temperatureLow == 48.06)
        #expect(today.precipProbability == 0.07)
        #expect(today.precipType == "rain")
        #expect(today.sunriseTime == Date(timeIntervalSince1970: 1_552_573_409))
        #expect(forecast.alerts.isEmpty)
    }

    @Test func aBareResponseIsValidAndEmpty() throws {
        let forecast = try ForecastReader.read(.file(Self.bare))
        #expect(forecast.latitude == 37.8267)
        #expect(forecast.timezone == "America/Los_Angeles")
        #expect(forecast.currently == nil && forecast.daily == nil && forecast.hourly == nil)
        #expect(forecast.isEmpty)
        #expect(try parse("{}").isEmpty)
        #expect(try parse(#"{"daily": {"data": []}, "alerts": []}"#).isEmpty)
    }

    @Test func everyFieldMayBeMissingOrNull() throws {
        let forecast = try parse(#"""
            {"currently": {}, "hourly": {"data": [{}, {"time": 1552611600, "temperature": null}]},
             "daily": {"summary": "Only a summary"}, "flags": {"units": "martian"}}
            """#)
        #expect(forecast.currently == ForecastPoint())
        #expect(forecast.hourly?.data.count == 2)
        #expect(forecast.hourly?.data[1].temperature == nil)
        #expect(forecast.daily?.data.isEmpty == true)
        #expect(forecast.units == nil)
        #expect(forecast.timeZone.identifier == "UTC" || forecast.timeZone.secondsFromGMT() == 0)
    }

    @Test func dailyHighAndLowFallBackToTheOtherNames() throws {
        let forecast = try parse(#"{"daily": {"data": [{"temperatureHigh": 70.5, "temperatureLow": 50}]}}"#)
        #expect(forecast.daily?.data[0].high == 70.5)
        #expect(forecast.daily?.data[0].low == 50)
    }

    @Test func unknownIconsMapToTheDefault() throws {
        let forecast = try parse(#"{"currently": {"icon": "meteor-shower"}, "daily": {"icon": "hail", "data": []}}"#)
        #expect(forecast.currently?.icon == .unknown)
        #expect(forecast.daily?.icon == .hail)
    }

    @Test func alertsAreRead() throws {
        let forecast = try parse(#"""
            {"alerts": [{"title": "Flood Watch", "severity": "watch", "time": 1552600000, "expires": 1552700000,
                         "regions": ["San Francisco"], "uri": "https://alerts.weather.gov/x", "description": "Heavy rain."}]}
            """#)
        let alert = try #require(forecast.alerts.first)
        #expect(alert.title == "Flood Watch")
        #expect(alert.severity == "watch")
        #expect(alert.expires == Date(timeIntervalSince1970: 1_552_700_000))
        #expect(alert.regions == ["San Francisco"])
        #expect(!forecast.isEmpty)
    }

    @Test func timeZoneFallsBackToTheOffsetThenUTC() throws {
        #expect(try parse(#"{"timezone": "Europe/Paris"}"#).timeZone.identifier == "Europe/Paris")
        #expect(try parse(#"{"timezone": "Nowhere/Fake", "offset": 5.5}"#).timeZone.secondsFromGMT() == 19_800)
        #expect(try parse(#"{"offset": -7}"#).timeZone.secondsFromGMT() == -25_200)
        #expect(try parse(#"{"offset": 99}"#).timeZone.secondsFromGMT() == 0)
        #expect(try parse("{}").timeZone.secondsFromGMT() == 0)
    }

    @Test func anHTMLPageIsNotAForecast() throws {
        let page = "\n<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head></html>"
        let failure = try #require(error(page))
        #expect(failure.source == "test.json")
        #expect(failure.location == SourceLocation(line: 2, column: 1))
        #expect(failure.description == "test.json:2:1: not a forecast: an HTML page ('503 Service Unavailable'), where JSON was expected")
        #expect(error("<?xml version=\"1.0\"?><forecast/>")?.message == "not a forecast: XML, where JSON was expected")
        #expect(error("")?.message == "empty: no forecast in it")
        #expect(error(" \n ")?.message == "empty: no forecast in it")
    }

    @Test func syntaxErrorsHaveLineAndColumn() throws {
        let broken = try #require(error("{\n  \"latitude\": 37.8,\n  \"timezone\": nope\n}"))
        #expect(broken.location == SourceLocation(line: 3, column: 15))
        #expect(broken.message == "not valid JSON: unexpected 'n' where a value should be")
        let missingComma = try #require(error("{\"a\": 1\n \"b\": 2}"))
        #expect(missingComma.location == SourceLocation(line: 2, column: 2))
        #expect(missingComma.message == "not valid JSON: expected ',' or '}', found '\"'")
        let text = try #require(error("latitude=37.8"))
        #expect(text.location == SourceLocation(line: 1, column: 1))
    }

    @Test func aTruncatedDocumentSaysItWasCutOff() throws {
        let whole = try String(contentsOfFile: Self.sanFrancisco, encoding: .utf8)
        let cut = String(whole.utf8.prefix(20_000))!
        let failure = try #require(error(cut))
        #expect(failure.message.contains("cut off"))
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(failure.location?.line == lines.count)
    }

    @Test func wrongTypesNameThePathAndPlace() throws {
        let json = """
            {"daily": {"data": [
              {"time": 1552546800},
              {"time": 1552633200, "temperatureMax": "hot"}
            ]}}
            """
        let failure = try #require(error(json))
        #expect(failure.message == "wrong type at daily.data[1].temperatureMax: expected a number, found a string")
        #expect(failure.location == SourceLocation(line: 3, column: 42))
        let array = try #require(error("[1, 2]"))
        #expect(array.message == "not a forecast: expected a JSON object, found an array")
        let icon = try #require(error(#"{"currently": {"icon": 7}}"#))
        #expect(icon.message == "wrong type at currently.icon: expected a string, found a number")
        #expect(icon.location == SourceLocation(line: 1, column: 24))
    }

    @Test func inputSizeIsCapped() throws {
        do {
            _ = try ForecastReader.read(.file(Self.sanFrancisco), maximumSize: 1024 * 1024 / 64)
            Issue.record("expected the size cap to stop the read")
        } catch {
            #expect(error.message.contains("limit for a forecast"))
        }
        #expect(ForecastReader.defaultMaximumSize == 16 * 1024 * 1024)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: LoadError.self) { try ForecastReader.read(.file("/nonexistent/forecast.json")) }
    }

    @Test func locatorCountsColumnsInCharacters() {
        let locator = JSONLocator(Array("{\"é\": [\n  \"🚲\", x]}".utf8))
        let error = locator.firstSyntaxError()
        #expect(error.map { locator.location(ofOffset: $0.offset) } == SourceLocation(line: 2, column: 8))
        #expect(JSONLocator(Array(String(repeating: "[", count: 100_000).utf8)).firstSyntaxError()?.message
            == "unexpected end of document (cut off?)")
    }
}
