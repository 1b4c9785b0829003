import Foundation
import Testing
import FremontCore
import FremontSources
@testable import FremontBrowser
@testable import FremontUI

/// The real data beside the checkout, and a cache and config of the tests' own: the loaders'
/// cache is the process's, so it is pointed at a folder of ours before anything opens it.
enum LoaderFixtures {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    static let home: URL = {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-browser-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        setenv("XDG_CACHE_HOME", home.appendingPathComponent("cache").path, 1)
        setenv("XDG_CONFIG_HOME", home.appendingPathComponent("config").path, 1)
        return home
    }()

    static func path(_ relative: String) -> String { data.appendingPathComponent(relative).path }
}

@Suite(.needsSharedData) struct LoaderTests {
    init() { _ = LoaderFixtures.home }

    /// Every tab's screen runs its own commands against the run's ports, made once.
    @Test func theRunProvidesEveryPortAScreenAsks() throws {
        let table = try DataSource(argument: LoaderFixtures.path("bikes/fremont-2016-04.xml"))
        let sources = BrowserSources(table: TableRequest(source: table), weather: .success(.input(EmbeddedData.sanFranciscoForecast())), feeds: [], config: nil)
        let services = RunServices.make(sources, settings: FetchSettings(), config: nil, downloads: nil)
        #expect(ForecastCommands.load.label(services) == EmbeddedData.sanFranciscoForecast().name)
        #expect(TableCommands.load().label(services) == table.name)
        _ = try services.port((any FeedSource).self)
        _ = try services.port((any ItemCache).self)
        _ = try services.port((any ArticleFetcher).self)
        // The download queue only where the run downloads (not in a test).
        #expect(throws: LoadError.self) { try services.port((any DownloadQueue).self) }
    }

    private func services(_ table: DataSource, config: FremontConfig? = nil) -> BrowserServices {
        var services = BrowserServices()
        services.provide((any TableSource).self, TableService(request: TableRequest(source: table), settings: FetchSettings(), config: config))
        return services
    }

    @Test func aTableLoadsInProcess() throws {
        let services = services(try DataSource(argument: LoaderFixtures.path("bikes/fremont-2016-04.xml")))
        let loaded = try #require(TableCommands.load().run(services).value(as: LoadedTable?.self)).get()
        #expect(loaded?.table.rowCount == 720)
        // A file has no other month: the reply says so with nothing.
        let month = try #require(TableCommands.load(month: TableMonth(year: 2016, month: 5)).run(services).value(as: LoadedTable?.self)).get()
        #expect(month == nil)
        #expect(TableCommands.load(month: TableMonth(year: 2016, month: 5)).label(services) == "table")
    }

    @Test func anotherMonthAsksTheOpenDataAPI() throws {
        var config = FremontConfig()
        config.endpoint = URL(string: "https://data.example.org/resource/abcd-1234.json")
        let services = services(.input(EmbeddedData.aprilBikes()), config: config)
        #expect(TableCommands.load(month: TableMonth(year: 2017, month: 3)).label(services) == "data.example.org/resource/abcd-1234.json 2017-03-01…2017-03-31")
        #expect(TableCommands.load().label(services) == EmbeddedData.aprilBikes().name)
    }

    @Test func aForecastThatCannotBeAskedForIsTheTabsError() throws {
        let error = LoadError(source: "Pirate Weather", "set pirate-weather-key in the config")
        var services = BrowserServices()
        services.provide((any ForecastSource).self, ForecastService(source: .failure(error), settings: FetchSettings()))
        let failing = ForecastCommands.load.run(services)
        #expect(failing.label == "Pirate Weather")
        #expect(throws: error) { try failing.result.get() }
        services.provide((any ForecastSource).self, ForecastService(source: .success(.input(EmbeddedData.sanFranciscoForecast())), settings: FetchSettings()))
        let forecast = try #require(try ForecastCommands.load.run(services).value(as: NamedForecast.self)?.get())
        #expect(forecast.forecast.timezone == "America/Los_Angeles")
    }

    @Test func eachFeedLoadsOnItsOwnAndOneCanBeReloaded() throws {
        let names = ["feeds/real/nasa__breaking_news_2018-09-05.rss", "feeds/real/feed-rs__rss_1.0_debian.xml"]
        let feeds = try names.map { try DataSource(argument: LoaderFixtures.path($0)) }
        var services = BrowserServices()
        services.provide((any FeedSource).self, FeedService(feeds: feeds, settings: FetchSettings()))
        // The feed list's screen asks for each feed on its own; `r`, for one.
        var list = FeedListView(feeds: feeds.map { FollowedFeed(source: $0.name) })
        // Files are read at once: no read of the cache before them.
        let first = commands(list.load(.reload))
        #expect(first.filter { $0.lane == .cacheRead }.isEmpty)
        #expect(first.map(\.label) == feeds.map(\.name))
        let one = commands(list.load(.sources([feeds[1].name])))
        #expect(one == [FeedCommands.load(feeds[1].name)])
        let reply = one[0].run(services)
        #expect(reply.label == feeds[1].name)
        let loaded = try #require(reply.value(as: FeedLoad.self)).get()
        #expect(loaded.source == feeds[1].name && loaded.feed.itemCount > 0)
        #expect(FeedCommands.starred.label == StarredItem.source)
        // A name the run does not follow (the feeds file edited since) is said, not guessed.
        #expect(throws: LoadError.self) { try FeedCommands.load("https://gone.example/feed").run(services).result.get() }
    }

    private func commands(_ effects: [ViewEffect]) -> [Command] {
        effects.compactMap { if case .run(let command) = $0 { command } else { nil } }
    }

    @Test func withNoFeedListTheBuiltInFeedsAreTheList() {
        let sources = BrowserSources(config: nil)
        #expect(sources.feeds.count == EmbeddedData.feeds().count)
        #expect(sources.followed?.map(\.source) == sources.feeds.map(\.name))
        #expect(sources.table.displayName.contains("built in"))
    }
}
