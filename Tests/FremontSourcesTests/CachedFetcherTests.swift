import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

@Suite(.needsSharedData) struct CachedFetcherTests {
    static func rss(_ ids: [String]) -> Data {
        let items = ids.map { "<item><guid>\($0)</guid><title>Item \($0)</title><link>https://example.org/\($0)</link></item>" }
        return Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Loopback</title>\(items.joined())</channel></rss>".utf8)
    }

    static func fetcher(_ cache: CacheDatabase) -> CachedFetcher {
        var options = HTTPRequestOptions()
        options.connectTimeout = 5
        options.timeout = 10
        return CachedFetcher(cache: cache, fetcher: HTTPFetcher(), options: options)
    }

    @Test func notModifiedServesTheCachedFeedAndKeepsReadState() async throws {
        let server = try await LoopbackServer.start { request in
            if request.ifNoneMatch == "\"v1\"" { return .init(status: .notModified, etag: "\"v1\"") }
            return .init(body: Self.rss(["a", "b"]), etag: "\"v1\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT")
        }
        let cache = CacheDatabase()
        let fetcher = Self.fetcher(cache)
        let url = server.url("/feed.xml")

        let first = try await offPool { try fetcher.feed(url) }
        #expect(!first.notModified)
        #expect(first.newItemIDs == ["a", "b"])
        #expect(first.cached.feed.items.map(\.id) == ["a", "b"])
        #expect(first.cached.unreadCount == 2)
        try cache.markRead(feedURL: url.absoluteString, itemIDs: ["a"])

        let second = try await offPool { try fetcher.feed(url) }
        #expect(second.notModified)
        #expect(second.newItemIDs.isEmpty)
        #expect(second.cached.feed.items.map(\.id) == ["a", "b"])
        #expect(second.cached.feed.title == "Loopback")
        #expect(second.cached.readItemIDs == ["a"])
        #expect(try #require(second.cached.fetchedAt) >= (try #require(first.cached.fetchedAt)))
        // The first request had nothing to offer; the second sent what the first response said.
        #expect(server.requests.map(\.conditional) == [
            .init(path: "/feed.xml"),
            .init(path: "/feed.xml", ifNoneMatch: "\"v1\"", ifModifiedSince: "Sat, 21 Nov 2026 10:00:00 GMT"),
        ])
        await server.stop()
    }

    @Test func changedFeedMarksNewItemsAndKeepsVanishedOnes() async throws {
        let server = try await LoopbackServer.start { _ in .init(body: Self.rss(["a", "b"]), etag: "\"v1\"") }
        let cache = CacheDatabase()
        let fetcher = Self.fetcher(cache)
        let url = server.url("/feed.xml")
        _ = try await offPool { try fetcher.feed(url) }
        try cache.markRead(feedURL: url.absoluteString, itemIDs: ["a", "b"])

        server.respond { request in
            #expect(request.ifNoneMatch == "\"v1\"")
            return .init(body: Self.rss(["c", "b"]), etag: "\"v2\"")
        }
        let second = try await offPool { try fetcher.feed(url) }
        #expect(!second.notModified)
        #expect(second.newItemIDs == ["c"])
        #expect(second.cached.feed.items.map(\.id) == ["c", "b", "a"])
        #expect(second.cached.readItemIDs == ["a", "b"])
        #expect(second.cached.validators.etag == "\"v2\"")
        await server.stop()
    }

    @Test func aFailureIsRecordedAndTheCachedCopyStays() async throws {
        let server = try await LoopbackServer.start { _ in .init(body: Self.rss(["a"]), etag: "\"v1\"") }
        let cache = CacheDatabase()
        let fetcher = Self.fetcher(cache)
        let url = server.url("/feed.xml")
        _ = try await offPool { try fetcher.feed(url) }
        server.respond { _ in .init(status: .internalServerError, body: Data("oops".utf8)) }
        await #expect(throws: LoadError.self) { try await offPool { try fetcher.feed(url) } }
        let cached = try #require(try cache.cachedFeed(url: url.absoluteString))
        #expect(cached.feed.items.map(\.id) == ["a"])
        #expect(cached.lastError?.contains("500") == true)
        await server.stop()
        // With the server gone, offline is the cache alone.
        #expect(try cache.cachedFeed(url: url.absoluteString)?.feed.title == "Loopback")
    }

    @Test func forecastAndBikeFilesAreConditionalToo() async throws {
        let forecast = try Data(contentsOf: URL(fileURLWithPath: SharedData.path("weather/darksky_forecast_bare_sxg-ForecastIO.json")))
        let bikes = try Data(contentsOf: URL(fileURLWithPath: SharedData.path("bikes/fremont-2016-04.csv")))
        let stamp = "Fri, 20 Nov 2026 08:00:00 GMT"
        let server = try await LoopbackServer.start { request in
            if request.ifModifiedSince == stamp { return .init(status: .notModified) }
            return .init(body: request.path.hasSuffix(".csv") ? bikes : forecast, lastModified: stamp)
        }
        let cache = CacheDatabase()
        let fetcher = Self.fetcher(cache)
        let weatherURL = server.url("/forecast.json"), bikesURL = server.url("/fremont.csv")

        let fresh = try await offPool { try fetcher.forecast(weatherURL) }
        let again = try await offPool { try fetcher.forecast(weatherURL) }
        #expect(!fresh.notModified && again.notModified)
        #expect(again.value.forecast == fresh.value.forecast)
        #expect(again.value.json == forecast)

        let rows = try await offPool { try fetcher.table(bikesURL) }
        let rowsAgain = try await offPool { try fetcher.table(bikesURL) }
        #expect(!rows.notModified && rowsAgain.notModified)
        #expect(rowsAgain.value.table.rows == rows.value.table.rows)
        #expect(rows.value.table.rowCount == (try SeriesLoader.load(.bytes(bikes, name: "csv"))).rowCount)
        #expect(try cache.cachedTable(source: bikesURL.absoluteString)?.table.rows == rows.value.table.rows)
        await server.stop()
    }
}
