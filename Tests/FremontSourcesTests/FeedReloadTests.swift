import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// `fremont feeds reload`'s work, in process: every feed fetched into the cache a few at once,
/// new items counted, failures kept in the list's order.
@Suite struct FeedReloadTests {
    @Test func everyFeedIsFetchedAndFailuresKeepTheListsOrder() async throws {
        try await LoopbackServer.with(answering: { request in
            switch request.path {
            case "/missing.xml": return .init(status: .notFound)
            case "/html.xml": return .init(body: Data("<html><body>no feed</body></html>".utf8))
            default:
                let count = Int(request.path.dropFirst().prefix { $0.isNumber }) ?? 0
                return .init(body: CachedFetcherTests.rss((0..<count).map { "\(request.path)-\($0)" }))
            }
        }) { server in
            let cache = CacheDatabase()
            let urls = [server.url("/missing.xml"), server.url("/2.xml"), server.url("/html.xml"), server.url("/3.xml"), server.url("/1.xml")]
            let first = try await offPool { FeedReload.run(urls, fetcher: CachedFetcherTests.fetcher(cache), width: 2) }
            #expect(first.feeds == 5 && first.newItems == 6)
            #expect(first.failures.map(\.source) == [urls[0].absoluteString, urls[2].absoluteString])
            #expect(first.summary == "5 feeds: 6 new items, 2 failed")
            #expect(try cache.feedStatuses()[urls[3].absoluteString]?.total == 3)
            // Again: nothing new.
            let second = try await offPool { FeedReload.run([urls[1]], fetcher: CachedFetcherTests.fetcher(cache)) }
            #expect(second.summary == "1 feed: 0 new items")
            #expect(server.requests.count == 6)
        }
    }
}
