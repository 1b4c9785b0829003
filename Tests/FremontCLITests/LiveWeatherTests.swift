import Foundation
import FremontTestSupport
import FremontSources
import Testing

/// `fremont weather --at LAT,LON` end to end, against the loopback server answering in each
/// provider's shape: what is asked (place, units, the ETag held), what is printed, the cache
/// (304, --offline), and the Pirate Weather key, which appears in no output, error or cache file.
@Suite(.needs("tmux"), .needsSharedData) struct LiveWeatherTests {
    static let seattle = "47.65,-122.35"
    static let key = "pw-SECRET-4711"

    /// Runs fremont in `home`, with metric locale settings unless the test gives others.
    func fremont(_ home: TestHome, _ arguments: [String], environment: [String: String] = [:]) async throws -> Fremont.Result {
        let variables = home.environment.merging(["LC_ALL": "C.UTF-8", "LC_MEASUREMENT": "", "LANG": "C.UTF-8"]) { $1 }
            .merging(environment) { $1 }
        return try await Fremont.run(arguments: arguments, environment: variables)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func openMeteoTextThenJSONFromA304ThenOffline() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let endpoint = server.address("")
            let text = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint, "--format", "text"])
            #expect(text.status == 0)
            #expect(text.errors == "")
            let output = lines(text.output)
            #expect(output.first == "Weather at 47.649185°N, 122.34784°W — America/Los_Angeles (UTC−08:00)")
            #expect(output.contains("Now, Fri 7 Mar 15:00: Light Rain, 10°C, feels like 6°C"))
            #expect(output.contains("  wind 6 m/s from WSW, humidity 88%, cloud cover 100%, 90% chance of rain, UV index 1"))
            let hours = try #require(output.firstIndex(of: "Next hours"))
            #expect(output[hours + 1] == "  Fri 15:00  10°C    90%  Light Rain")
            #expect(output[hours + 10] == "  Sat 00:00  4°C     17%  Overcast")
            let days = try #require(output.firstIndex(of: "Next days"))
            #expect(Array(output[(days + 1)...(days + 7)]) == [
                "  Fri 7 Mar   4–10°C      90%  Light Rain",
                "  Sat 8 Mar   3–8°C       70%  Light Showers",
                "  Sun 9 Mar   3–11°C      10%  Partly Cloudy",
                "  Mon 10 Mar  4–14°C       0%  Clear",
                "  Tue 11 Mar  5–10°C      15%  Fog",
                "  Wed 12 Mar  -1–4°C      60%  Light Snow",
                "  Thu 13 Mar  2–9°C       80%  Thunderstorms",
            ])

            // The request carried the place and the units; the second offered the ETag and got a 304.
            let json = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint, "--format", "json"])
            #expect(json.status == 0)
            #expect(json.errors == "")
            let asked = server.forecastRequests
            #expect(asked.map(\.path) == ["/v1/forecast", "/v1/forecast"])
            #expect(asked.map(\.status) == [200, 304])
            #expect(asked.map(\.ifNoneMatch) == [nil, LoopbackRoutes.forecastETag])
            #expect(asked[0].query.hasPrefix("latitude=47.65&longitude=-122.35&current="))
            #expect(asked[0].query.hasSuffix("&timezone=auto&wind_speed_unit=ms"))
            #expect(asked[0].query.contains("weather_code"))
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(root["units"] as? String == "si")
            #expect(root["timezone"] as? String == "America/Los_Angeles")
            let now = try #require(root["currently"] as? [String: Any])
            #expect(now["temperature"] as? Double == 9.8)
            #expect(now["icon"] as? String == "rain")
            #expect(now["localTime"] as? String == "2025-03-07T15:00:00-08:00")
            let daily = try #require((root["daily"] as? [String: Any])?["points"] as? [[String: Any]])
            #expect(daily.count == 7)
            // Monday is a summer-time day: local midnight is 07:00 UTC.
            #expect(daily[3]["time"] as? String == "2025-03-10T07:00:00Z")

            // Offline: the cache alone, the same forecast, its age on stderr, nothing asked.
            let offline = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint, "--offline"])
            #expect(offline.status == 0)
            #expect(offline.output == text.output)
            #expect(offline.errors == "fremont: \(endpoint)/v1/forecast?latitude=47.65&longitude=-122.35&current=…&hourly=…&daily=…&timezone=auto&wind_speed_unit=ms: cached just now (offline)\n")
            #expect(server.forecastRequests.count == 2)
        }
    }

    @Test func theLocaleOrUnitsAskForImperial() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let byLocale = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", server.address(""), "--format", "text"],
                                             environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"])
            #expect(byLocale.status == 0)
            #expect(lines(byLocale.output).contains("Now, Fri 7 Mar 15:00: Light Rain, 50°F, feels like 43°F"))
            #expect(lines(byLocale.output).contains("  wind 12 mph from WSW, humidity 88%, cloud cover 100%, 90% chance of rain, UV index 1"))
            #expect(lines(byLocale.output).contains("  Mon 10 Mar  39–57°F      0%  Clear"))
            #expect(server.forecastRequests.last?.query.hasSuffix("&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch") == true)
            // --units wins over the locale.
            let metric = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", server.address(""), "--units", "metric"],
                                           environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"])
            #expect(lines(metric.output).contains("Now, Fri 7 Mar 15:00: Light Rain, 10°C, feels like 6°C"))
            #expect(server.forecastRequests.last?.query.hasSuffix("&wind_speed_unit=ms") == true)
        }
    }

    @Test func pirateWeatherWithTheConfigsKeyNeverShowsIt() async throws {
        let home = try TestHome()
        try home.writeConfig("provider = pirate-weather\npirate-weather-key = \(Self.key)\n")
        try await LoopbackServer.with { server in
            let endpoint = server.address("")
            let text = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint])
            #expect(text.status == 0)
            #expect(text.errors == "")
            let output = lines(text.output)
            #expect(output.first == "Weather at 47.65°N, 122.35°W — America/Los_Angeles (UTC−08:00)")
            #expect(output.contains("Now, Fri 7 Mar 15:00: Light Rain, 10°C, feels like 6°C"))
            #expect(output.contains("  Next hour: Light rain for the hour."))
            // An alert without an end (-999) has no "until".
            #expect(output.contains("  ! Wind Advisory (Moderate)"))
            #expect(output.contains("  Fri 18:00  8°C     10%  Overcast"))

            let json = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint, "--format", "json"])
            #expect(json.status == 0)
            #expect(json.output.contains("\"units\" : \"si\""))
            let asked = server.forecastRequests
            #expect(asked == [
                .init(path: "/forecast/\(Self.key)/47.65,-122.35", query: "units=si", ifNoneMatch: nil, status: 200),
                .init(path: "/forecast/\(Self.key)/47.65,-122.35", query: "units=si", ifNoneMatch: LoopbackRoutes.forecastETag, status: 304),
            ])

            let offline = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", endpoint, "--offline"])
            #expect(offline.status == 0)
            #expect(offline.output == text.output)
            #expect(offline.errors == "fremont: \(endpoint)/forecast/<key>/47.65,-122.35?units=si: cached just now (offline)\n")

            for run in [text, json, offline] {
                #expect(!run.output.contains(Self.key))
                #expect(!run.errors.contains(Self.key))
            }
        }
        // Nor is it in the cache: the copy is kept under the address without it.
        let files = try FileManager.default.contentsOfDirectory(atPath: home.cacheDatabase.deletingLastPathComponent().path)
        #expect(files.contains("cache.sqlite"))
        var named = false
        for file in files {
            let bytes = try Data(contentsOf: home.cacheDatabase.deletingLastPathComponent().appendingPathComponent(file))
            #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "\(file)")
            // In the database or still in its write-ahead log.
            named = named || bytes.range(of: Data("/forecast/<key>/47.65,-122.35?units=si".utf8)) != nil
        }
        #expect(named)
    }

    @Test func aRefusedKeyIsOneLineWithoutTheKey() async throws {
        let home = try TestHome()
        try home.writeConfig("pirate-weather-key = BAD-KEY\n")
        try await LoopbackServer.with { server in
            let run = try await fremont(home, ["weather", "--at", Self.seattle, "--provider", "pirate-weather", "--endpoint", server.address("")])
            #expect(run.status == 1)
            #expect(run.output == "")
            #expect(run.errors == "fremont: \(server.address(""))/forecast/<key>/47.65,-122.35?units=si: HTTP 401 Unauthorized (is pirate-weather-key in the config right?)\n")
            #expect(server.forecastRequests.map(\.path) == ["/forecast/BAD-KEY/47.65,-122.35"])
        }
    }

    @Test func theConfigsLocationIsTheDefaultPlace() async throws {
        let home = try TestHome()
        try home.writeConfig("location = 47.65, -122.35\n")
        try await LoopbackServer.with { server in
            let run = try await fremont(home, ["weather", "--endpoint", server.address(""), "--format", "json"])
            #expect(run.status == 0)
            #expect(run.errors == "")
            #expect(server.forecastRequests.first?.query.hasPrefix("latitude=47.65&longitude=-122.35&") == true)
            // --at wins over it.
            _ = try await fremont(home, ["weather", "--at=-33.87,151.21", "--endpoint", server.address("")])
            #expect(server.forecastRequests.last?.query.hasPrefix("latitude=-33.87&longitude=151.21&") == true)
        }
    }

    @Test func pirateWeatherWithoutAKeySaysWhatToSet() async throws {
        let home = try TestHome()
        let run = try await Fremont.run(arguments: ["weather", "--at", Self.seattle, "--provider", "pirate-weather"], environment: home.environment)
        #expect(run.status == 1)
        #expect(run.errors == "fremont: Pirate Weather: a Pirate Weather forecast needs a key: add 'pirate-weather-key = KEY' to \(home.config.path)/fremont/config (free at pirateweather.net), or ask Open-Meteo, which needs none\n")
    }

    @Test func atIsValidated() async throws {
        let home = try TestHome()
        let north = try await home.run("weather", "--at", "91,0")
        #expect(north.status == 64)
        #expect(north.errors.hasPrefix("Error: --at: the latitude must be from -90 to 90 (south to north), not 91.\n"))
        let east = try await home.run("weather", "--at", "0,181")
        #expect(east.errors.hasPrefix("Error: --at: the longitude must be from -180 to 180 (west to east), not 181.\n"))
        let words = try await home.run("weather", "--at", "Seattle")
        #expect(words.status == 64)
        #expect(words.errors.hasPrefix("Error: --at: 'Seattle' is not a place: give LAT,LON in decimal degrees, like 47.65,-122.35.\n"))
        // A negative latitude is a value, not an option; offline and never fetched, it is not cached.
        let south = try await home.run("weather", "--at", "-33.87,151.21", "--offline")
        #expect(south.status == 1)
        #expect(south.errors == "fremont: https://api.open-meteo.com/v1/forecast?latitude=-33.87&longitude=151.21&current=…&hourly=…&daily=…&timezone=auto&wind_speed_unit=ms: not in the cache (--offline); fetch it once without --offline\n")
        let both = try await home.run("weather", WeatherCommandTests.bare, "--at", Self.seattle)
        #expect(both.status == 64)
        #expect(both.errors.hasPrefix("Error: Give either a SOURCE or --at, not both.\n"))
        let units = try await home.run("weather", WeatherCommandTests.bare, "--units", "metric")
        #expect(units.status == 64)
        #expect(units.errors.hasPrefix("Error: --provider, --endpoint and --units are for a live forecast"))
        let neither = try await home.run("weather")
        #expect(neither.status == 64)
        #expect(neither.errors.hasPrefix("Error: Give a forecast SOURCE (a file, an http(s) address or - for standard input), or --at LAT,LON, or set 'location = LAT,LON' in "))
        #expect(neither.errors.contains("\nUsage: fremont weather [<source>] [--at <lat,lon>]"))
        let provider = try await home.run("weather", "--at", Self.seattle, "--provider", "dark-sky")
        #expect(provider.status == 64)
    }

    @Test func anOpenMeteoFileReadsLikeTheLiveForecast() async throws {
        let file = SharedData.forecastFixtures.appendingPathComponent("open-meteo-seattle-2025-03-07-metric.json").path
        let home = try TestHome()
        let fromFile = try await Fremont.run(arguments: ["weather", file], environment: home.environment)
        #expect(fromFile.status == 0)
        try await LoopbackServer.with { server in
            let live = try await fremont(home, ["weather", "--at", Self.seattle, "--endpoint", server.address("")])
            #expect(live.output == fromFile.output)
        }
    }
}

/// The Weather tab on a live forecast, in a real terminal: named with --at, and the config's
/// location when `fremont` starts with no arguments.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct LiveWeatherBrowserTests {
    private let fremont = Fremont.path

    @Test func theWeatherTabShowsTheLiveForecast() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        try await LoopbackServer.with { server in
            try await tmux.run("\(fremont) weather --at 47.65,-122.35 --endpoint \(server.address("")); echo EXIT=$?")
            let screen = try await tmux.waitFor("Light Rain · feels like 6°C")
            #expect(screen.contains("Now, Fri 7 Mar 15:00 · 47.649185°N, 122.34784°W · America/Los_Angeles · UTC−08:00"))
            #expect(screen.contains("☂   10°C  Light Rain"))
            #expect(screen.contains("wind 6 m/s from WSW · humidity 88% · 90% chance of rain"))
            #expect(screen.contains(" Mon 10  ☀   Clear "))
            #expect(screen.contains(" Thu 13  ↯☁  Thunderstorms "))
            try await tmux.press("q")
            try await tmux.waitFor("EXIT=0")
            #expect(server.forecastRequests.count == 1)
        }
    }

    @Test func withALocationTheNoArgumentBrowserLoadsItsForecast() async throws {
        let home = try TestHome()
        try home.writeConfig("location = 47.65,-122.35\n")
        // What a fetch from Open-Meteo itself would have left in the cache (the test has no network).
        try FileManager.default.createDirectory(at: home.cacheDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        let request = try ForecastRequest(provider: .openMeteo, coordinates: try Coordinates(parsing: "47.65,-122.35"), units: .si)
        let json = try Data(contentsOf: SharedData.forecastFixtures.appendingPathComponent("open-meteo-seattle-2025-03-07-metric.json"))
        try CacheDatabase(path: home.cacheDatabase.path).storeForecast(json: json, source: request.name, fetchedAt: Date().addingTimeInterval(-600))

        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) --offline; echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        try await tmux.press("3")
        let screen = try await tmux.waitFor("Light Rain · feels like 6°C")
        #expect(screen.contains("47.649185°N, 122.34784°W"))
        #expect(!screen.contains("San Francisco") && !screen.contains("37.8267°N"))
        try await tmux.press("q")
        try await tmux.waitFor("EXIT=0")
    }
}
