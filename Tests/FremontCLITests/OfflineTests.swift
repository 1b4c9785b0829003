import Foundation
import FremontCore
import FremontTestSupport
import FremontSources
import Testing

@Suite(.needsSharedData) struct OfflineTests {
    static let feedFile = SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss")
    static let bikeFile = SharedData.path("bikes/fremont-2016-04.xml")
    static let forecastFile = SharedData.path("weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json")

    /// A cache filled as a fetch some time ago would have left it.
    static func fill(_ home: TestHome, fetchedAt: Date) throws {
        try FileManager.default.createDirectory(at: home.cacheDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        let cache = try CacheDatabase(path: home.cacheDatabase.path)
        try cache.storeFeed(try FeedParser.parse(.file(feedFile)).feed, url: "https://example.org/nasa.rss", fetchedAt: fetchedAt)
        try cache.storeTable(try SeriesLoader.load(.file(bikeFile)), source: "https://example.org/fremont.xml", fetchedAt: fetchedAt)
        try cache.storeForecast(json: try Data(contentsOf: URL(fileURLWithPath: forecastFile)), source: "https://example.org/forecast.json",
                                fetchedAt: fetchedAt)
    }

    @Test func everyCommandReadsTheCacheAloneAndSaysTheAge() async throws {
        let home = try TestHome()
        try Self.fill(home, fetchedAt: Date().addingTimeInterval(-(3 * 3600 + 600)))

        let feed = try await home.run("feed", "https://example.org/nasa.rss", "--format", "json", "--offline")
        #expect(feed.status == 0)
        #expect(feed.errors == "fremont: https://example.org/nasa.rss: cached 3 h ago (offline)\n")
        #expect(feed.output == (try await Fremont.run(arguments: ["feed", Self.feedFile, "--format", "json"])).output)

        let bikes = try await home.run("bikes", "https://example.org/fremont.xml", "--format", "csv", "--offline")
        #expect(bikes.status == 0)
        #expect(bikes.errors == "fremont: https://example.org/fremont.xml: cached 3 h ago (offline)\n")
        #expect(bikes.output == (try await Fremont.run(arguments: ["bikes", Self.bikeFile, "--format", "csv"])).output)

        let stats = try await home.run("stats", "https://example.org/fremont.xml", "--offline")
        #expect(stats.status == 0)
        let fileStats = try await Fremont.run(arguments: ["stats", Self.bikeFile])
        #expect(stats.output.split(separator: "\n").dropFirst() == fileStats.output.split(separator: "\n").dropFirst())

        let weather = try await home.run("weather", "https://example.org/forecast.json", "--format", "json", "--offline")
        #expect(weather.status == 0)
        #expect(weather.errors == "fremont: https://example.org/forecast.json: cached 3 h ago (offline)\n")
        #expect(weather.output == (try await Fremont.run(arguments: ["weather", Self.forecastFile, "--format", "json"])).output)
    }

    @Test func whatWasNeverFetchedIsOneLineAndAFailure() async throws {
        let home = try TestHome()
        let run = try await home.run("feed", "https://example.org/never.rss", "--offline")
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors == "fremont: https://example.org/never.rss: not in the cache (--offline); fetch it once without --offline\n")
        let bikes = try await home.run("bikes", "https://example.org/never.csv", "--offline")
        #expect(bikes.status == 1)
        #expect(bikes.errors == "fremont: https://example.org/never.csv: not in the cache (--offline); fetch it once without --offline\n")
    }

    @Test func feedWithoutSourcesReadsTheFollowedFeeds() async throws {
        let home = try TestHome()
        try Self.fill(home, fetchedAt: Date().addingTimeInterval(-2 * 86400 - 60))
        _ = try await home.run("feeds", "add", "https://example.org/nasa.rss")
        let run = try await home.run("feed", "--offline")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("NASA Breaking News\nhttp://www.nasa.gov/\n10 items\n"))
        #expect(run.errors == "fremont: https://example.org/nasa.rss: cached 2 days ago (offline)\n")
    }

    /// A feed every fetch of which failed: the offline line says how, and what to do about it,
    /// not "fetch it once".
    @Test func aFeedThatOnlyEverFailedSaysHowAndWhatToDo() async throws {
        let home = try TestHome()
        let missing = try await LoopbackServer.with { server in
            let missing = server.address("/data/feeds/real/no-such-feed.xml")
            let failed = try await Fremont.run(arguments: ["feed", missing], environment: home.environment)
            #expect(failed.status == 1)
            return missing
        }
        let offline = try await Fremont.run(arguments: ["feed", missing, "--offline"], environment: home.environment)
        #expect(offline.status == 1)
        #expect(offline.errors == "fremont: \(missing): not in the cache (--offline): the last fetch, just now, failed (HTTP 404 Not Found); the server has nothing at that address: check it (fremont feeds list)\n")
    }

    @Test func aCorruptCacheIsOneLineAndAFreshStart() async throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.cacheDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0xA5, count: 4096).write(to: home.cacheDatabase)
        let run = try await home.run("feed", "https://example.org/nasa.rss", "--offline")
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("fremont: the cache \(home.cacheDatabase.path) was unreadable (file is not a database); moved it to \(home.cacheDatabase.path).corrupt-"))
        #expect(lines[0].hasSuffix(" and started a fresh one"))
        #expect(lines[1] == "fremont: https://example.org/nasa.rss: not in the cache (--offline); fetch it once without --offline")
        // The next run finds a good cache and says nothing of it.
        #expect(try await home.run("feed", "https://example.org/nasa.rss", "--offline").errors.split(separator: "\n").count == 1)
    }

    @Test func withTheServerStoppedOfflineShowsTheLastFetch() async throws {
        let home = try TestHome()
        let feed = "/data/feeds/real/nasa__breaking_news_2018-09-05.rss"
        let month = ["bikes", "--month", "2016-04", "--page-size", "300", "--format", "csv"]
        let (url, endpoint, online, onlineMonth) = try await LoopbackServer.with { server in
            let url = server.address(feed), endpoint = server.address("/resource/4xy5-26gy.json")
            let online = try await Fremont.run(arguments: ["feed", url, "--format", "json"], environment: home.environment)
            let onlineMonth = try await Fremont.run(arguments: month + ["--endpoint", endpoint], environment: home.environment)
            return (url, endpoint, online, onlineMonth)
        }
        #expect(online.status == 0 && onlineMonth.status == 0)
        #expect(online.errors == "" && onlineMonth.errors == "")

        let failed = try await Fremont.run(arguments: ["feed", url, "--format", "json"], environment: home.environment)
        #expect(failed.status == 1)
        #expect(failed.errors.hasPrefix("fremont: \(url): "))

        let offline = try await Fremont.run(arguments: ["feed", url, "--format", "json", "--offline"], environment: home.environment)
        #expect(offline.status == 0)
        #expect(offline.output == online.output)
        // The copy, and how the fetch since it failed, with advice that fits.
        #expect(offline.errors.hasPrefix("fremont: \(url): cached just now (offline); the last fetch, just now, failed (cannot connect to "))
        #expect(offline.errors.hasSuffix("): the server could not be reached: try again without --offline when it answers\n"))

        // A Socrata month is cached by endpoint and span.
        let offlineMonth = try await Fremont.run(arguments: month + ["--endpoint", endpoint, "--offline"], environment: home.environment)
        #expect(offlineMonth.status == 0)
        #expect(offlineMonth.output == onlineMonth.output)
        #expect(offlineMonth.output.split(separator: "\n").count == 721)
        #expect(offlineMonth.errors.hasSuffix(": cached just now (offline)\n"))
        let otherMonth = try await Fremont.run(arguments: ["bikes", "--month", "2016-05", "--endpoint", endpoint, "--offline"], environment: home.environment)
        #expect(otherMonth.status == 1)
        #expect(otherMonth.errors.hasSuffix("2016-05-01…2016-05-31: not in the cache (--offline); fetch it once without --offline\n"))
    }
}
