import Foundation
import FremontCore
import FremontSources
import FremontTestSupport
import FremontUI
import Testing
@testable import FremontBrowser

/// A feed tagged `full-article`: its new items' pages read and kept in the background, bounded,
/// each once; `x`'s load answered from the kept copy, and with `--offline` from it alone.
@Suite(.serialized) struct FullArticlePrefetchTests {
    static let feedURL = "https://news.example/feed"

    static func page(_ word: String) -> Data {
        let sentence = "The \(word) engine ran all night, and by the morning its tables were done, every one of them checked. "
        return Data("<html><head><title>\(word)</title></head><body><article><h1>\(word)</h1><p>\(String(repeating: sentence, count: 4))</p></article></body></html>".utf8)
    }

    private func cache(_ server: LoopbackServer, count: Int) throws -> CacheDatabase {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "News", items: (0..<count).map {
            FeedItem(id: "\($0)", title: "Story \($0)", link: server.address("/story/\($0)"), summary: "<p>Summary.</p>")
        }), url: Self.feedURL)
        return cache
    }

    @Test func theFeedsTaggedFullArticleAreTheOnesPrefetched() {
        let feeds = [FollowedFeed(source: "https://a.example/feed", tags: ["news", FullArticle.feedTag]),
                     FollowedFeed(source: "https://b.example/feed", tags: ["news"])]
        #expect(FeedService.fullArticleFeeds(feeds) == ["https://a.example/feed"])
        #expect(FeedService.fullArticleFeeds(nil).isEmpty)
    }

    @Test func newItemsArticlesAreKeptInTheBackgroundBoundedAndOnce() async throws {
        try await LoopbackServer.with(answering: { request in .init(body: Self.page("word" + request.path.split(separator: "/").last!)) }) { server in
            let count = FullArticlePrefetcher.perReload + 5
            let cache = try cache(server, count: count)
            let prefetcher = FullArticlePrefetcher(settings: FetchSettings(), cache: { cache })
            let items = (0..<count).map { (id: "\($0)", link: server.address("/story/\($0)")) }
            #expect(prefetcher.fetch(feed: Self.feedURL, items: items) == FullArticlePrefetcher.perReload)
            #expect(try await offPool { prefetcher.waitUntilIdle(timeout: 60) } == 0)
            #expect(server.targets.count == FullArticlePrefetcher.perReload)
            let kept = try #require(try cache.article(feed: Self.feedURL, id: "0"))
            #expect(kept.isArticle && kept.blocks.contains { $0.kind == .paragraph && $0.text.hasPrefix("The word0 engine ran") })
            #expect(try cache.search("word3").map(\.id) == ["3"])
            // The next reload's: only those not kept yet.
            #expect(prefetcher.fetch(feed: Self.feedURL, items: items) == 5)
            #expect(try await offPool { prefetcher.waitUntilIdle(timeout: 60) } == 0)
            #expect(server.targets.count == count)
            #expect(try cache.itemsWithoutArticle(feed: Self.feedURL, ids: items.map(\.id)).isEmpty)
            // Offline: nothing fetched.
            let offline = FullArticlePrefetcher(settings: FetchSettings(offline: true), cache: { cache })
            try cache.storeFeed(Feed(format: .rss2, title: "News", items: [FeedItem(id: "new", title: "New", link: server.address("/story/new"))]),
                                url: Self.feedURL, fetchedAt: Date().addingTimeInterval(60))
            #expect(offline.fetch(feed: Self.feedURL, items: [(id: "new", link: server.address("/story/new"))]) == 0)
        }
    }

    @Test func xIsAnsweredFromTheKeptCopyUnlessAskedAgain() async throws {
        try await LoopbackServer.with(answering: { _ in .init(body: Self.page("kept")) }) { server in
            let cache = try cache(server, count: 1)
            /// `x`'s command, as a screen runs it, against the run's article fetcher.
            func fetch(_ request: FullArticleRequest, offline: Bool = false) async throws -> FetchedArticle {
                var services = BrowserServices()
                services.provide((any ArticleFetcher).self, ItemCacheService(settings: FetchSettings(offline: offline), cache: { cache }))
                let command = ItemCommands.fullArticle(request)
                #expect(command.label(services) == request.link)
                let ready = services
                let reply = try await offPool { command.run(ready) }
                return try #require(reply.value(as: FetchedArticle.self)).get()
            }
            let request = FullArticleRequest(feed: Self.feedURL, id: "0", link: server.address("/story/0"))
            for (step, asked) in [(1, request), (1, request), (2, FullArticleRequest(feed: Self.feedURL, id: "0", link: request.link, again: true))] {
                let fetched = try await fetch(asked)
                #expect(fetched.request == asked && fetched.article.blocks.first?.text.hasPrefix("The kept engine ran") == true)
                #expect(server.targets.count == step)
            }
            // Offline, the kept copy; an item with none kept says so.
            _ = try await fetch(request, offline: true)
            try cache.storeFeed(Feed(format: .rss2, title: "News", items: [FeedItem(id: "1", title: "Other", link: server.address("/story/1"))]),
                                url: Self.feedURL, fetchedAt: Date().addingTimeInterval(60))
            let none = FullArticleRequest(feed: Self.feedURL, id: "1", link: server.address("/story/1"))
            await #expect(throws: LoadError.self) { try await fetch(none, offline: true) }
            #expect(server.targets.count == 2)
        }
    }
}
