import Foundation
import Testing
import FremontCore
@testable import FremontSources

@Suite struct FremontConfigTests {
    @Test func readsTheEndpointWithCommentsAndBlankLines() throws {
        let config = try FremontConfig.parse("""
        # another counter
        endpoint = https://data.seattle.gov/resource/65db-xm6k.json   # Fremont, portal id

        """, name: "config")
        #expect(config.endpoint == URL(string: "https://data.seattle.gov/resource/65db-xm6k.json"))
        #expect(config.warnings.isEmpty)
    }

    @Test func unknownKeysAndLooseLinesAreWarnings() throws {
        let config = try FremontConfig.parse("colour = blue\njust words\nEndpoint = http://127.0.0.1:8080/resource/x.csv", name: "config")
        #expect(config.warnings.map(\.description) == [
            "line 1: unknown setting 'colour'; ignored",
            "line 2: unknown setting 'just'; ignored",
        ])
        #expect(config.endpoint?.absoluteString == "http://127.0.0.1:8080/resource/x.csv")
    }

    @Test func reloadTimeAndPlayer() throws {
        let config = try FremontConfig.parse("reload-time = 30\nplayer = mpv\n", name: "config")
        #expect(config.reloadMinutes == 30 && config.player == "mpv" && config.warnings.isEmpty)
        let bad = try FremontConfig.parse("reload-time = soon\nreload-time = -1\nplayer = \nplayer = a\u{1B}b\nplayer = 'mpv\nplayer \"\"",
                                          name: "config")
        #expect(bad.reloadMinutes == nil && bad.player == nil)
        #expect(bad.warnings.map(\.description) == [
            "line 1: reload-time must be whole minutes from 0 to 10080 (a week), not 'soon'; ignored",
            "line 2: reload-time must be whole minutes from 0 to 10080 (a week), not '-1'; ignored",
            "line 3: player must name a program; ignored",
            "line 4: player must name a program; ignored",
            "line 5: player has a quote that is never closed; ignored",
            "line 6: player must name a program; ignored",
        ])
    }

    @Test func aBadEndpointIsAnErrorWithItsLine() {
        do {
            _ = try FremontConfig.parse("\nendpoint = ftp://example.org/x.json", name: "/home/me/.config/fremont/config")
            Issue.record("a bad endpoint must fail")
        } catch {
            #expect(error.description == "/home/me/.config/fremont/config:2: endpoint must be an http or https address, not 'ftp://example.org/x.json'")
        }
    }

    @Test func noFileIsNoConfig() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        #expect(try FremontConfig.load(from: missing) == nil)
    }
}

@Suite struct FremontConfigForecastTests {
    @Test func locationProviderAndKey() throws {
        let config = try FremontConfig.parse("""
            location = 47.65, -122.35   # Fremont
            provider = pirate-weather
            pirate-weather-key = abcDEF123
            """, name: "config")
        #expect(config.warnings.isEmpty)
        #expect(config.location == (try Coordinates(parsing: "47.65,-122.35")))
        #expect(config.provider == .pirateWeather)
        #expect(config.pirateWeatherKey?.value == "abcDEF123")
        // The key never shows in the config's own text.
        #expect(!"\(config)".contains("abcDEF123"))
        #expect(!String(reflecting: config).contains("abcDEF123"))
    }

    @Test func badValuesAreWarningsWithTheirLine() throws {
        let config = try FremontConfig.parse("""
            location = 95,10
            location = home
            provider = dark-sky
            pirate-weather-key = not a key!
            """, name: "config")
        #expect(config.location == nil && config.provider == nil && config.pirateWeatherKey == nil)
        #expect(config.warnings.map(\.description) == [
            "line 1: location: the latitude must be from -90 to 90 (south to north), not 95; ignored",
            "line 2: location: 'home' is not a place: give LAT,LON in decimal degrees, like 47.65,-122.35; ignored",
            "line 3: provider must be open-meteo or pirate-weather, not 'dark-sky'; ignored",
            "line 4: pirate-weather-key must be the key's letters and digits alone; ignored",
        ])
        // A bad key is never repeated.
        #expect(!config.warnings.contains { $0.description.contains("not a key") })
    }
}
