import Foundation
import FremontCore
import FlyingFox
import FremontTestSupport
import Testing

/// `fremont weather --history`, `weather:LAT,LON` as a join source and `fremont model`, against a
/// loopback server answering in the shape of Open-Meteo's archive (`/v1/archive`: `daily` and
/// `hourly` columns beside `time` columns of local days and hours, `*_units`, the zone), and one
/// live request that is skipped without a network.
@Suite struct WeatherHistoryTests {
    static let seattle = "47.65,-122.35"

    /// Made-up but plausible weather for a day: dry every third day.
    static func weather(_ day: LocalDateTime) -> (high: Double, low: Double, rain: Double) {
        let n = day.dayNumber
        let high = 12 + 8 * sin(Double(n) / 58) + Double(n % 5)
        return (high, high - 7 - Double(n % 3), n % 3 == 0 ? 0 : Double(n % 7) + 0.5)
    }

    /// The archive's answer for the request's place and days.
    static let archive: LoopbackServer.Responder = { request in
        guard request.path == "/v1/archive", let start = request.query["start_date"].flatMap(LocalDateTimeParser.parse),
              let end = request.query["end_date"].flatMap(LocalDateTimeParser.parse) else {
            return LoopbackServer.Reply(status: .badRequest, body: Data(#"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value"}"#.utf8))
        }
        var days: [String] = [], highs: [Double] = [], lows: [Double] = [], rains: [Double] = []
        var hours: [String] = [], temperatures: [Double] = [], hourlyRain: [Double] = []
        var day = start
        while day <= end {
            let weather = weather(day)
            days.append(day.isoDateString)
            highs.append(weather.high)
            lows.append(weather.low)
            rains.append(weather.rain)
            for hour in 0..<24 {
                hours.append(String(day.addingHours(hour).isoString.prefix(16)))
                temperatures.append(weather.low + (weather.high - weather.low) * Double(hour) / 23)
                hourlyRain.append(weather.rain / 24)
            }
            day = day.addingHours(24)
        }
        let root: [String: Any] = [
            "latitude": 47.64, "longitude": -122.34, "generationtime_ms": 1.2, "utc_offset_seconds": -28_800,
            "timezone": "America/Los_Angeles", "timezone_abbreviation": "PST", "elevation": 21.0,
            "hourly_units": ["time": "iso8601", "temperature_2m": "°C", "precipitation": "mm"],
            "hourly": ["time": hours, "temperature_2m": temperatures, "precipitation": hourlyRain],
            "daily_units": ["time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C", "precipitation_sum": "mm"],
            "daily": ["time": days, "temperature_2m_max": highs, "temperature_2m_min": lows, "precipitation_sum": rains],
        ]
        return LoopbackServer.Reply(body: try! JSONSerialization.data(withJSONObject: root))
    }

    func fremont(_ home: TestHome, _ arguments: [String]) async throws -> ProcessResult {
        try await Fremont.run(arguments: arguments, environment: home.environment)
    }

    @Test func yearlyPagesThroughTheCacheThenOfflineWithNothingAsked() async throws {
        let home = try TestHome()
        try await LoopbackServer.with(answering: Self.archive) { server in
            let arguments = ["weather", "--history", "--at", Self.seattle, "--from", "2014-12-30", "--to", "2015-01-02",
                             "--endpoint", server.address(""), "--format", "csv"]
            let first = try await fremont(home, arguments)
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.errors == "")
            let rows = first.output.split(separator: "\n").map(String.init)
            #expect(rows.first == "date,temperature_2m_max,temperature_2m_min,precipitation_sum")
            #expect(rows.count == 5)
            #expect(rows[1].hasPrefix("2014-12-30"))
            #expect(rows[4].hasPrefix("2015-01-02"))
            // A page a calendar year, each asking for the place's days, hours and zone.
            let asked = server.requests
            #expect(asked.map { $0.query["start_date"] } == ["2014-12-30", "2015-01-01"])
            #expect(asked.map { $0.query["end_date"] } == ["2014-12-31", "2015-01-02"])
            let wellAsked = asked.allSatisfy {
                $0.query["latitude"] == "47.65" && $0.query["longitude"] == "-122.35" && $0.query["timezone"] == "auto"
                    && $0.query["daily"] == "temperature_2m_max,temperature_2m_min,precipitation_sum"
                    && $0.query["hourly"] == "temperature_2m,precipitation"
            }
            #expect(wellAsked, "\(asked.map(\.target))")

            // Settled past days come from the cache: nothing asked, the same rows, their age said.
            let second = try await fremont(home, arguments)
            #expect(second.status == 0)
            #expect(second.output == first.output)
            #expect(second.errors.contains("cached just now"))
            #expect(server.requests.count == 2)

            let offline = try await fremont(home, arguments + ["--offline"])
            #expect(offline.status == 0)
            #expect(offline.output == first.output)
            #expect(server.requests.count == 2)

            // Hours: 24 a day, their precipitation the day's spread over them.
            let hourly = try await fremont(home, arguments + ["--hourly", "--offline"])
            #expect(hourly.status == 0, "\(hourly.errors)")
            #expect(hourly.output.split(separator: "\n").count == 1 + 4 * 24)

            // A year not fetched is not in the cache: offline says which page and what to do.
            let missing = try await fremont(home, ["weather", "--history", "--at", Self.seattle, "--from", "2013-06-01", "--to", "2013-06-02",
                                                   "--endpoint", server.address(""), "--offline"])
            #expect(missing.status != 0)
            #expect(missing.errors.contains("2013-06-01 to 2013-06-02"))
            #expect(missing.output == "")
        }
    }

    @Test func aRefusalIsOneLineNamingThePage() async throws {
        let home = try TestHome()
        try await LoopbackServer.with(answering: { _ in
            LoopbackServer.Reply(status: .badRequest, body: Data(#"{"error":true,"reason":"Parameter 'start_date' is out of allowed range"}"#.utf8))
        }) { server in
            let result = try await fremont(home, ["weather", "--history", "--at", Self.seattle, "--from", "1900-01-01", "--to", "1900-01-02",
                                                  "--endpoint", server.address(""), "--format", "csv"])
            #expect(result.status != 0)
            #expect(result.errors.hasPrefix("fremont: \(server.address(""))/v1/archive?latitude=47.65&longitude=-122.35&start_date=1900-01-01"))
            #expect(result.output == "")
        }
    }

    /// Hourly counts in a file joined with the archive by day: counts summed, the weather beside.
    @Test func countsJoinTheirWeatherByDay() async throws {
        let home = try TestHome()
        var csv = "Date,Total\n"
        for hour in 0..<72 { csv += "\(date("2015-03-01").addingHours(hour).isoString),\(hour % 24)\n" }
        try Data(csv.utf8).write(to: home.file("bridge.csv"))
        try await LoopbackServer.with(answering: Self.archive) { server in
            let result = try await fremont(home, ["table", home.file("bridge.csv").path, "weather:\(Self.seattle)",
                                                  "--endpoint", server.address(""), "--format", "csv"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors == "fremont: joined by day: 'bridge' summed (counts) and averaged (measures) to days\n")
            let rows = result.output.split(separator: "\n").map(String.init)
            #expect(rows.first == "date,bridge,weather: temperature_2m_max,weather: temperature_2m_min,weather: precipitation_sum")
            #expect(rows.count == 4)
            let weather = Self.weather(date("2015-03-02"))
            let row = rows[2].split(separator: ",").map(String.init)
            #expect(row[0].hasPrefix("2015-03-02"))
            #expect(Double(row[1]) == 276)
            #expect(abs(Double(row[2])! - weather.high) < 1e-9)
            #expect(abs(Double(row[4])! - weather.rain) < 1e-9)
            // One page asked, for the counts' days.
            #expect(server.requests.map { $0.query["start_date"] } == ["2015-03-01"])
            #expect(server.requests.map { $0.query["end_date"] } == ["2015-03-03"])

            // stats --by works on the joined table.
            let stats = try await fremont(home, ["stats", home.file("bridge.csv").path, "weather:\(Self.seattle)",
                                                 "--endpoint", server.address(""), "--by", "month", "--format", "csv"])
            #expect(stats.status == 0, "\(stats.errors)")
            #expect(stats.output.contains("2015-03,bridge,"))
        }
    }

    /// Riders made an exact sum of the Handbook's features over the archive's weather: the model
    /// gives the coefficients back (R² 1, bootstrap errors 0).
    @Test func theModelRecoversKnownCoefficients() async throws {
        let home = try TestHome()
        let truth: [Double] = [3000, 3100, 3050, 2900, 2600, 1200, 1100, -1500, 120, -40, 400, 60, 150]
        var days: [RidershipModel.Day] = []
        for offset in 0..<400 {
            let day = date("2014-06-01").addingHours(24 * offset)
            let weather = Self.weather(day)
            days.append(RidershipModel.Day(date: day, riders: 0, precipitation: weather.rain, temperature: (weather.high + weather.low) / 2))
        }
        let columns = RidershipModel.design(days, latitude: 47.65)
        var csv = "Date,riders\n"  // not whole numbers: summed because --sum says so
        for row in days.indices {
            csv += "\(days[row].date.isoDateString),\(truth.indices.reduce(0) { $0 + truth[$1] * columns[$1][row] })\n"
        }
        try Data(csv.utf8).write(to: home.file("daily.csv"))
        try await LoopbackServer.with(answering: Self.archive) { server in
            let result = try await fremont(home, ["model", home.file("daily.csv").path, "weather:\(Self.seattle)", "--endpoint", server.address(""),
                                                  "--samples", "20", "--format", "json", "--sum", "riders"])
            #expect(result.status == 0, "\(result.errors)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(root["days"] as? Int == 400)
            #expect(root["first"] as? String == "2014-06-01")
            let coefficients = try #require(root["coefficients"] as? [[String: Any]])
            #expect(coefficients.map { $0["feature"] as? String } == RidershipModel.featureNames)
            for (entry, expected) in zip(coefficients, truth) {
                let fitted = try #require(entry["coefficient"] as? Double)
                #expect(abs(fitted - expected) < 1e-6 * abs(expected), "\(entry)")
                let standardError = try #require(entry["standardError"] as? Double)
                #expect(standardError < 1e-6)
            }
            let rSquared = try #require(root["rSquared"] as? Double)
            #expect(abs(rSquared - 1) < 1e-9)

            let text = try await fremont(home, ["model", home.file("daily.csv").path, "weather:\(Self.seattle)", "--endpoint", server.address(""),
                                                "--samples", "0", "--from", "2014-07-01", "--to", "2014-07-31", "--sum", "riders"])
            #expect(text.status == 0, "\(text.errors)")
            #expect(text.output.contains("2014-07-01 to 2014-07-31: 31 days fitted, 0 left out"))
            #expect(text.output.contains("\nholiday"))
        }
    }

    @Test func aWeatherTableNeedsALatitudeAndTwoSources() async throws {
        let one = try await Fremont.run("model", "counts.csv")
        #expect(one.status == 64)
        #expect(one.errors.contains("Give COUNTS and WEATHER: two SOURCEs, not 1."))
        let latitude = try await Fremont.run("model", "counts.csv", "weather.csv")
        #expect(latitude.status == 64)
        #expect(latitude.errors.contains("give --latitude"))
        let place = try await Fremont.run("table", "weather:north,pole")
        #expect(place.status == 64)
        #expect(place.errors.contains("is not a place"))
    }

    /// The real archive, when this machine reaches it: three days of Seattle in January 2015.
    @Test func liveArchive() async throws {
        let home = try TestHome()
        let result = try await fremont(home, ["weather", "--history", "--at", Self.seattle, "--from", "2015-01-01", "--to", "2015-01-03",
                                              "--format", "csv", "--timeout", "10"])
        let offline = ["cannot find the server", "DNS", "connect", "timed out", "unreachable", "network"]
        if result.status != 0, offline.contains(where: result.errors.contains) {
            print("liveArchive: skipped, no network (\(result.errors.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        #expect(result.status == 0, "\(result.errors)")
        let rows = result.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows.dropFirst().first?.hasPrefix("2015-01-01") == true)
    }
}

private func date(_ text: String) -> LocalDateTime { LocalDateTimeParser.parse(text)! }
