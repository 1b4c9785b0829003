import Foundation
import FremontTestSupport
import Testing
import FremontCore
@testable import FremontSources

/// Live forecast requests: the place, the addresses they make for each provider, the key kept
/// out of everything shown, and the cached fetch they go through.
@Suite(.needsSharedData) struct ForecastRequestTests {
    static let seattle = try! Coordinates(parsing: "47.65,-122.35")
    static let key = APIKey("s3cr3tK3y-abc_123")!
    static let fixtures = SharedData.forecastFixtures.path + "/"

    private func invalid(_ text: String) -> String? {
        do {
            _ = try Coordinates(parsing: text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func coordinatesAreValidated() throws {
        let place = try Coordinates(parsing: " 47.65 , -122.35 ")
        #expect(place.latitude == 47.65 && place.longitude == -122.35)
        #expect(place.description == "47.65,-122.35")
        #expect(try Coordinates(parsing: "-33.8688,151.2093").description == "-33.8688,151.2093")
        #expect(try Coordinates(parsing: "90,-180").description == "90,-180")
        // Four decimals: the same place is the same address.
        #expect(try Coordinates(parsing: "47.650001,-122.3500004") == place)
        #expect(try Coordinates(parsing: "0.00001,0").description == "0,0")
        #expect(invalid("90.5,0") == "the latitude must be from -90 to 90 (south to north), not 90.5")
        #expect(invalid("-91,0") == "the latitude must be from -90 to 90 (south to north), not -91")
        #expect(invalid("0,180.01") == "the longitude must be from -180 to 180 (west to east), not 180.01")
        for text in ["47.65", "47.65,-122.35,3", "seattle", "", "nan,0", "1e2,3", "47.65;-122.35", "0x10,0", ",1"] {
            #expect(invalid(text) == "'\(text)' is not a place: give LAT,LON in decimal degrees, like 47.65,-122.35", "\(text)")
        }
        #expect(invalid("\u{1B}]0;x\u{07},1")?.contains("\u{1B}") == false)
    }

    @Test func openMeteoAsksForTheVariablesTheReaderReads() throws {
        let request = try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: .si)
        let url = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        #expect(url.scheme == "https" && url.host == "api.open-meteo.com" && url.path == "/v1/forecast")
        var query: [String: String] = [:]
        for item in url.queryItems ?? [] { query[item.name] = item.value }
        #expect(query["latitude"] == "47.65" && query["longitude"] == "-122.35")
        #expect(query["timezone"] == "auto")
        #expect(query["wind_speed_unit"] == "ms")
        #expect(query["temperature_unit"] == nil)
        #expect(query["current"]?.split(separator: ",").contains("weather_code") == true)
        #expect(query["current"]?.split(separator: ",").contains("is_day") == true)
        #expect(query["hourly"]?.split(separator: ",").contains("precipitation_probability") == true)
        #expect(query["daily"]?.split(separator: ",").contains("sunrise") == true)
        #expect(query["daily"]?.split(separator: ",").contains("temperature_2m_max") == true)
        // What is shown is the address without its line of variables.
        #expect(request.name == "https://api.open-meteo.com/v1/forecast?latitude=47.65&longitude=-122.35&current=…&hourly=…&daily=…&timezone=auto&wind_speed_unit=ms")
        #expect(request.format == .openMeteo)
    }

    @Test func openMeteoUnits() throws {
        func query(_ units: ForecastUnits) throws -> String {
            try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: units).url.query ?? ""
        }
        #expect(try query(.us).hasSuffix("&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"))
        #expect(try query(.si).hasSuffix("&timezone=auto&wind_speed_unit=ms"))
        #expect(try query(.ca).hasSuffix("&timezone=auto&wind_speed_unit=kmh"))
        #expect(try query(.uk2).hasSuffix("&timezone=auto&wind_speed_unit=mph"))
    }

    @Test func anEndpointWithoutAPathTakesTheProvidersPath() throws {
        let bare = try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: .us, endpoint: URL(string: "http://127.0.0.1:8080")!)
        #expect(bare.url.absoluteString.hasPrefix("http://127.0.0.1:8080/v1/forecast?latitude=47.65&longitude=-122.35&"))
        // A path of its own is kept, and so is a query (a customer address, say).
        let own = try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: .us,
                                      endpoint: URL(string: "https://example.org/meteo/forecast?models=gfs")!)
        #expect(own.url.absoluteString.hasPrefix("https://example.org/meteo/forecast?models=gfs&latitude=47.65&"))
        let pirate = try ForecastRequest(provider: .pirateWeather, coordinates: Self.seattle, units: .si,
                                         endpoint: URL(string: "http://127.0.0.1:8080/")!, key: Self.key)
        #expect(pirate.url.absoluteString == "http://127.0.0.1:8080/forecast/s3cr3tK3y-abc_123/47.65,-122.35?units=si")
        do {
            _ = try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: .si, endpoint: URL(string: "ftp://example.org/x")!)
            Issue.record("an ftp endpoint must fail")
        } catch {
            #expect(error.description == "ftp://example.org/x: the forecast endpoint must be an http or https address")
        }
    }

    @Test func pirateWeatherPutsTheKeyInThePathAndShowsItNowhere() throws {
        let request = try ForecastRequest(provider: .pirateWeather, coordinates: Self.seattle, units: .us, key: Self.key)
        #expect(request.url.absoluteString == "https://api.pirateweather.net/forecast/s3cr3tK3y-abc_123/47.65,-122.35?units=us")
        #expect(request.name == "https://api.pirateweather.net/forecast/<key>/47.65,-122.35?units=us")
        #expect(request.format == .darkSky)
        #expect(try ForecastRequest(provider: .pirateWeather, coordinates: Self.seattle, units: .uk2, key: Self.key).url.query == "units=uk")
        #expect(!"\(request)".contains(Self.key.value))
        #expect(!String(reflecting: request).contains(Self.key.value))
        #expect("\(Self.key)" == "<key>")
        // An error that names the address (a redirect, a server's words) loses the key.
        let refused = LoadError(source: request.url.absoluteString, kind: .httpStatus(401), "HTTP 401 Unauthorized")
        #expect(request.describe(refused).description
            == "https://api.pirateweather.net/forecast/<key>/47.65,-122.35?units=us: HTTP 401 Unauthorized (is pirate-weather-key in the config right?)")
        let moved = LoadError(source: request.name, "redirected to ftp://x/s3cr3tK3y-abc_123, which is not an http or https address")
        #expect(!request.describe(moved).description.contains(Self.key.value))
    }

    @Test func pirateWeatherWithoutAKeySaysWhichSettingToAdd() {
        do {
            _ = try ForecastRequest(provider: .pirateWeather, coordinates: Self.seattle, units: .si)
            Issue.record("no key must fail")
        } catch {
            #expect(error.source == "Pirate Weather")
            #expect(error.message.hasPrefix("a Pirate Weather forecast needs a key: add 'pirate-weather-key = KEY' to "))
            #expect(error.message.hasSuffix("fremont/config (free at pirateweather.net), or ask Open-Meteo, which needs none"))
        }
    }

    @Test func keysAreOnlyPlainCharacters() {
        #expect(APIKey("abcDEF0123-_.") != nil)
        #expect(APIKey("") == nil)
        #expect(APIKey("a/b") == nil)
        #expect(APIKey("a b") == nil)
        #expect(APIKey("a?b=c") == nil)
        #expect(APIKey("ключ") == nil)
        #expect(APIKey(String(repeating: "a", count: 257)) == nil)
    }

    @Test func theCachedFetchIsConditionalAndKeptWithoutTheKey() async throws {
        let body = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "pirate-weather-seattle-2025-03-07-si.json"))
        let server = try await LoopbackServer.start { request in
            if request.ifNoneMatch == "\"pw1\"" { return .init(status: .notModified, etag: "\"pw1\"") }
            return .init(body: body, etag: "\"pw1\"")
        }
        let cache = CacheDatabase()
        let fetcher = CachedFetcherTests.fetcher(cache)
        let request = try ForecastRequest(provider: .pirateWeather, coordinates: Self.seattle, units: .si,
                                          endpoint: server.url("/"), key: Self.key)
        let fresh = try await offPool { try fetcher.forecast(request) }
        let again = try await offPool { try fetcher.forecast(request) }
        #expect(!fresh.notModified && again.notModified)
        #expect(fresh.value.forecast.units == .si)
        #expect(again.value.forecast == fresh.value.forecast)
        #expect(server.requests.map(\.conditional) == [
            .init(path: "/forecast/s3cr3tK3y-abc_123/47.65,-122.35", rawQuery: "units=si"),
            .init(path: "/forecast/s3cr3tK3y-abc_123/47.65,-122.35", ifNoneMatch: "\"pw1\"", rawQuery: "units=si"),
        ])
        // Kept under the name without the key, and read back in its own shape.
        #expect(fresh.value.source == request.name)
        #expect(try cache.cachedForecast(source: request.name)?.forecast == fresh.value.forecast)
        #expect(try cache.cachedForecast(source: request.url.absoluteString) == nil)

        // A refused key: the error names the address without it.
        server.respond { _ in .init(status: .unauthorized) }
        do {
            _ = try await offPool { try fetcher.forecast(request) }
            Issue.record("a 401 must fail")
        } catch let error as LoadError {
            #expect(error.description == "\(request.name): HTTP 401 Unauthorized (is pirate-weather-key in the config right?)")
        }
        await server.stop()
    }

    @Test func openMeteoIsReadAsOpenMeteoAndBackFromTheCache() async throws {
        let body = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "open-meteo-seattle-2025-03-07-imperial.json"))
        let server = try await LoopbackServer.start { _ in .init(body: body, lastModified: "Fri, 07 Mar 2025 23:00:00 GMT") }
        let cache = CacheDatabase()
        let request = try ForecastRequest(provider: .openMeteo, coordinates: Self.seattle, units: .us, endpoint: server.url(""))
        let fetched = try await offPool { try CachedFetcherTests.fetcher(cache).forecast(request) }
        #expect(fetched.value.forecast.units == .us)
        #expect(fetched.value.forecast.hourly?.data.count == 168)
        #expect(try cache.cachedForecast(source: request.name)?.forecast == fetched.value.forecast)
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/v1/forecast")
        #expect(sent.rawQuery.hasPrefix("latitude=47.65&longitude=-122.35&current="))
        #expect(sent.rawQuery.hasSuffix("&timezone=auto&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"))
        await server.stop()
    }
}
