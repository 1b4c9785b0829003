import Foundation
import FremontTestSupport
import Testing

@Suite(.needsSharedData) struct WeatherCommandTests {
    /// `../shared/data/` beside the checkout, wherever the checkout is.
    static let data = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data").path
    static let sanFrancisco = data + "/weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json"
    static let bare = data + "/weather/darksky_forecast_bare_sxg-ForecastIO.json"

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textShowsNowTheHoursAndTheDaysInTheForecastZone() async throws {
        let result = try await Fremont.run("weather", Self.sanFrancisco)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let output = lines(result.output)
        #expect(output.first == "Weather at 37.8267°N, 122.4233°W — America/Los_Angeles (UTC−07:00)")
        #expect(output.contains("Now, Thu 14 Mar 18:50: Clear, 59°F"))
        #expect(output.contains("  wind 6 mph from W, humidity 45%, cloud cover 16%, UV index 0"))
        #expect(output.contains("  Next hour: Clear for the hour."))
        // Hourly: from the hour of "now" in the response, 12 rows, local clock.
        let hours = try #require(output.firstIndex { $0.hasPrefix("Next hours: Partly cloudy") })
        #expect(output[hours + 1] == "  Thu 18:00  61°F     0%  Clear")
        #expect(output[hours + 7] == "  Fri 00:00  53°F     1%  Partly Cloudy")
        #expect(output[hours + 13] == "")
        // Daily: weekday, min–max, precipitation probability, summary.
        let days = try #require(output.firstIndex {
            $0 == "Next days: Light rain on Tuesday, with high temperatures peaking at 69°F on Monday."
        })
        #expect(Array(output[(days + 1)...(days + 8)]) == [
            "  Thu 14 Mar  51–62°F      7%  Partly cloudy starting in the evening.",
            "  Fri 15 Mar  48–65°F     10%  Partly cloudy in the morning.",
            "  Sat 16 Mar  49–64°F     10%  Partly cloudy throughout the day.",
            "  Sun 17 Mar  51–68°F      8%  Partly cloudy until afternoon.",
            "  Mon 18 Mar  53–69°F      3%  Partly cloudy starting in the afternoon.",
            "  Tue 19 Mar  55–60°F     43%  Mostly cloudy until evening.",
            "  Wed 20 Mar  52–59°F     13%  Partly cloudy overnight.",
            "  Thu 21 Mar  51–59°F     39%  Mostly cloudy throughout the day.",
        ])
        #expect(!result.output.contains("59.09"))
    }

    @Test func jsonIsNormalised() async throws {
        let result = try await Fremont.run("weather", Self.sanFrancisco, "--format", "json")
        #expect(result.status == 0)
        let root = try json(result.output)
        #expect(root["timezone"] as? String == "America/Los_Angeles")
        #expect(root["units"] as? String == "us")
        #expect(root["latitude"] as? Double == 37.8267)
        let now = try #require(root["currently"] as? [String: Any])
        #expect(now["time"] as? String == "2019-03-15T01:50:06Z")
        #expect(now["localTime"] as? String == "2019-03-14T18:50:06-07:00")
        #expect(now["temperature"] as? Double == 59.09)
        #expect(now["icon"] as? String == "clear-day")
        #expect(now["high"] is NSNull)
        let daily = try #require(root["daily"] as? [String: Any])
        let days = try #require(daily["points"] as? [[String: Any]])
        #expect(days.count == 8)
        #expect(days[0]["low"] as? Double == 51.22)
        #expect(days[0]["high"] as? Double == 62.39)
        #expect(days[0]["sunrise"] as? String == "2019-03-14T14:23:29Z")
        #expect(((root["hourly"] as? [String: Any])?["points"] as? [Any])?.count == 49)
        #expect(((root["minutely"] as? [String: Any])?["points"] as? [Any])?.count == 61)
        #expect((root["alerts"] as? [Any])?.isEmpty == true)
    }

    /// The JSON is written a point at a time (a long forecast's whole tree once took some 4 KB a
    /// point): the pieces make the same document, indented as one encoding would be.
    @Test func jsonOfManyPointsIsWrittenAsOneDocument() async throws {
        let hours = (0..<500).map { "\"2025-03-\(String(format: "%02d", 7 + $0 / 24))T\(String(format: "%02d", $0 % 24)):00\"" }
        let forecast = """
            {"utc_offset_seconds":0,"timezone":"UTC","hourly":{"time":[\(hours.joined(separator: ","))],
             "temperature_2m":[\((0..<500).map { String($0 % 30) }.joined(separator: ","))]},
             "daily":{"time":[]}}
            """
        let result = try await Fremont.run("weather", "-", "--format", "json", input: forecast)
        #expect(result.status == 0)
        let root = try json(result.output)
        let points = try #require((root["hourly"] as? [String: Any])?["points"] as? [[String: Any]])
        #expect(points.count == 500)
        #expect(points[499]["temperature"] as? Double == 19)
        #expect(points[499]["time"] as? String == "2025-03-27T19:00:00Z")
        #expect(((root["daily"] as? [String: Any])?["points"] as? [Any])?.isEmpty == true)
        #expect(result.output.contains("""
              "daily" : {
                "icon" : null,
                "points" : [

                ],
                "summary" : null
              },
              "hourly" : {
                "icon" : null,
                "points" : [
                  {
                    "apparentTemperature" : null,
            """))
        #expect(result.output.hasSuffix("""
                    "windSpeed" : null
                  }
                ],
                "summary" : null
              },
              "latitude" : null,
              "longitude" : null,
              "minutely" : null,
              "timezone" : "GMT",
              "units" : null
            }

            """))
    }

    @Test func aBareResponseIsEmptyNotAnError() async throws {
        let text = try await Fremont.run("weather", Self.bare)
        #expect(text.status == 0)
        #expect(text.output == "Weather at 37.8267°N, 122.4233°W — America/Los_Angeles\n\nNo forecast data in this response.\n")
        let result = try await Fremont.run("weather", Self.bare, "--format", "json")
        #expect(result.status == 0)
        let root = try json(result.output)
        #expect(root["currently"] is NSNull)
        #expect(root["daily"] is NSNull)
    }

    @Test func readsStandardInputAndFallsBackToTheOffset() async throws {
        let forecast = #"""
            {"offset": 1, "currently": {"time": 1552614606, "temperature": -0.4, "icon": "meteor"},
             "alerts": [{"title": "Storm", "severity": "warning", "expires": 1552700000, "description": "Line one.\nLine two."}],
             "daily": {"data": [{"time": 1552546800, "temperatureHigh": 3.6}]}}
            """#
        let result = try await Fremont.run("weather", "-", input: forecast)
        #expect(result.status == 0)
        #expect(lines(result.output) == [
            "Weather — GMT+0100 (UTC+01:00)",
            "",
            "Now, Fri 15 Mar 02:50: 0°",
            "",
            "Alerts:",
            "  ! Storm (warning), until Sat 16 Mar 02:33",
            "    Line one.",
            "    Line two.",
            "",
            "Next days",
            "  Thu 14 Mar  to 4°",
            "",
        ])
    }

    @Test func hostileTextNeverReachesTheTerminalRaw() async throws {
        let forecast = #"""
            {"timezone": "Evil\u001b]0;x\u0007", "currently": {"summary": "Clear\u001b[2J \u202eevil\u009b"},
             "alerts": [{"title": "\u001b[31mAlert", "description": "a\u0000b\u202e"}]}
            """#
        for format in ["text", "json"] {
            let result = try await Fremont.run("weather", "-", "--format", format, input: forecast)
            #expect(result.status == 0)
            let unsafe = result.output.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            }
            #expect(unsafe.isEmpty, "\(format): \(unsafe.map { $0.value })")
            #expect(result.output.contains("Clear[2J evil"))
        }
    }

    @Test func anHTMLPageIsOneLineOnStandardError() async throws {
        let path = Self.data + "/bikes/malformed/not-xml.html"
        let result = try await Fremont.run("weather", path)
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors == "fremont: \(path):1:1: not a forecast: an HTML page ('503 Service Unavailable'), where JSON was expected\n")
    }

    @Test func brokenJSONNamesTheLineAndColumn() async throws {
        let result = try await Fremont.run("weather", "-", input: "{\n  \"latitude\": 37.8,\n  \"timezone\": nope\n}")
        #expect(result.status != 0)
        #expect(result.errors == "fremont: <stdin>:3:15: not valid JSON: unexpected 'n' where a value should be\n")
        let wrongType = try await Fremont.run("weather", "-", input: #"{"daily": {"data": [{"time": "today"}]}}"#)
        #expect(wrongType.status != 0)
        #expect(wrongType.errors == "fremont: <stdin>:1:30: wrong type at daily.data[0].time: expected a number, found a string\n")
    }

    @Test func aTruncatedFileSaysSo() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.sanFrancisco))
        let result = try await Fremont.run("weather", "-", input: String(decoding: data.prefix(5000), as: UTF8.self))
        #expect(result.status != 0)
        #expect(result.errors.hasPrefix("fremont: <stdin>:"))
        #expect(result.errors.contains("cut off"))
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test func aMissingFileAndABadFormatFail() async throws {
        let missing = try await Fremont.run("weather", "/nonexistent/forecast.json")
        #expect(missing.status != 0)
        #expect(missing.errors == "fremont: /nonexistent/forecast.json: cannot open: No such file or directory\n")
        let format = try await Fremont.run("weather", Self.bare, "--format", "yaml")
        #expect(format.status != 0)
        #expect(format.output.isEmpty)
    }
}
