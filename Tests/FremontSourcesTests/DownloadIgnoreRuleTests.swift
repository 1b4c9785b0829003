import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// The download mode's rules are asked of a fetch's items in memory, before the write
/// transaction (`DownloadIgnoreRule`): for every attribute an item new to the cache has, they
/// must find what the cache's own filter (`FilterSQL`) finds on the same items once stored.
@Suite struct DownloadIgnoreRuleTests {
    static let url = "https://a.example/feed"
    // The cache asks `age` of the clock when it queries.
    static let now = Date()

    private static func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    static let feed: Feed = {
        var feed = Feed(format: .rss2, title: "Linux Weekly", link: "https://a.example/", description: "All about Linux",
                        updated: daysAgo(0.5), items: [
            FeedItem(id: "a1", title: "Linux 6.8 released", link: "https://a.example/1", summary: "<p>kernel</p>",
                     published: daysAgo(1.5), author: "Frank Miller",
                     enclosures: [FeedEnclosure(url: "https://a.example/1.mp3", type: "audio/mpeg")]),
            FeedItem(id: "a2", title: "FreeBSD and Linux", link: "https://a.example/2", summary: "short", content: "<p>full text</p>",
                     published: daysAgo(3.5), author: "John Doe"),
            FeedItem(id: "a3", title: "Café \"quoted\" title", link: "http://a.example/3", updated: daysAgo(12.5)),
            FeedItem(id: "a4", title: "  spaced  out ", link: "https://a.example/4", author: "Ann"),
            FeedItem(id: "a5", title: "Before 1970", published: Date(timeIntervalSince1970: -86_400 * 3.5)),
        ])
        feed.id = "tag:a"
        return feed
    }()

    static let feeds = FilterFeedList(urls: ["https://b.example/feed", url], tags: [url: ["tech", "linux"]])

    static let expressions = FilterSQLTests.expressions.filter { expression in
        // Asked of new items alone, these are fixed (unread, unstarred) or what the cache held before.
        !["unread", "flags", "_count", "latest_article_age"].contains { expression.contains($0) }
    } + ["title =~ \"^[[:space:]]\"", "age < 0", "age > 1000", "date =~ \"1969\"", "articleindex = 5", "guid =~ \"^a[12]$\""]

    @Test func memoryAndCacheFindTheSameItems() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(Self.feed, url: Self.url, fetchedAt: Self.now)
        #expect(Self.expressions.count >= 50)
        for text in Self.expressions {
            let expression = try FilterParser.parse(text)
            let rule = try DownloadIgnoreRule(expression, feed: Self.feed, url: Self.url, feeds: Self.feeds, fetchedAt: Self.now,
                                              reading: CacheDatabase().writer)
            let inMemory = try Set(Self.feed.items.enumerated().filter { try rule.ignores($0.element, position: $0.offset) }.map(\.element.id))
            let stored = try Set(cache.itemWindow(.filter(expression, feeds: Self.feeds), .start, limit: 100).map(\.id))
            #expect(inMemory == stored, "\(text)")
        }
    }

    @Test func anUnknownAttributeIsRefused() throws {
        let rule = try DownloadIgnoreRule(try FilterParser.parse("title = \"x\" or something = 1"), feed: Self.feed, url: Self.url,
                                          feeds: Self.feeds, fetchedAt: Self.now, reading: CacheDatabase().writer)
        #expect(throws: FilterEvaluationError.unknownAttribute("something")) {
            try rule.ignores(FeedItem(id: "z", title: "y"), position: 0)
        }
    }

    /// The feed's counts are the cache's before this fetch.
    @Test func countsAreWhatTheCacheHeld() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Linux Weekly", items: [FeedItem(id: "old", title: "old")]), url: Self.url)
        let rules = IgnoreRules(rules: [IgnoreRule(feedsWord: "*", expression: try FilterParser.parse("total_count = 1 and title =~ \"linux\""))])
        let stored = try cache.storeFeed(Self.feed, url: Self.url, fetchedAt: Self.now, retention: FeedRetention(ignored: rules.downloadExpression))
        #expect(stored.newItemIDs == ["a2", "a3", "a4", "a5"].filter { $0 != "a2" }, "a1 and a2 name Linux")
    }

    /// `[a-z]+b` on twenty 50,000-letter titles took minutes (glibc tries an unanchored pattern
    /// from every position); the store now takes well under a second of it.
    @Test func aHostileTitleCostsTheStoreLittle() throws {
        let cache = CacheDatabase()
        let items = (0..<20).map { FeedItem(id: "long\($0)", title: String(repeating: "a", count: 50_000 + $0)) }
            + [FeedItem(id: "match", title: "aab")]
        let rules = IgnoreRules(rules: [IgnoreRule(feedsWord: "*", expression: try FilterParser.parse("title =~ \"[a-z]+b\""))])
        let clock = ContinuousClock()
        var stored: FeedStoreResult?
        let elapsed = try clock.measure {
            stored = try cache.storeFeed(Feed(format: .rss2, title: "Hostile", items: items), url: Self.url,
                                         retention: FeedRetention(ignored: rules.downloadExpression))
        }
        #expect(elapsed < .seconds(5), "\(elapsed)")
        #expect(stored?.newItemIDs.count == 20)
        #expect(stored?.newItemIDs.contains("match") == false)
    }
}
