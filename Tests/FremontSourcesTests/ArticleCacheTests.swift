import Foundation
import GRDB
import FremontCore
import Testing
@testable import FremontSources

/// An item's full article kept in the cache: read back whole, searched by the full-text index
/// (and still after the feed is stored again), gone with its item.
@Suite struct ArticleCacheTests {
    private static let feedURL = "https://news.example/feed"

    private func feed(_ ids: [String]) -> Feed {
        Feed(format: .rss2, title: "News", items: ids.map {
            FeedItem(id: $0, title: "Story \($0)", link: "https://news.example/\($0)", summary: "<p>A short summary.</p>")
        })
    }

    private func article(_ words: String) -> FullArticle {
        FullArticle(url: "https://news.example/a", title: "Story a", byline: "Ada", siteName: "News", published: "2024-09-02",
                    blocks: [ArticleBlock(.heading, "The heading", level: 2), ArticleBlock(.paragraph, words + " [1]"),
                             ArticleBlock(.item, "a point", level: 1, marker: "• ", quoteDepth: 1)],
                    links: ["https://elsewhere.example/"], fetchedAt: Date(timeIntervalSince1970: 1_725_000_000))
    }

    @Test func anArticleIsKeptWithItsItemAndReadBackWhole() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(feed(["a", "b"]), url: Self.feedURL)
        #expect(try cache.article(feed: Self.feedURL, id: "a") == nil)
        let kept = article("Quixotic zeppelins")
        #expect(try cache.storeArticle(kept, feed: Self.feedURL, id: "a"))
        #expect(try cache.article(feed: Self.feedURL, id: "a") == kept)
        #expect(try cache.itemsWithoutArticle(feed: Self.feedURL, ids: ["a", "b", "gone"]) == ["b"])
        // An item the cache does not hold keeps no article.
        #expect(try !cache.storeArticle(kept, feed: Self.feedURL, id: "gone"))
    }

    @Test func theSearchFindsWordsOnlyTheFullTextHasEvenAfterTheFeedIsStoredAgain() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(feed(["a", "b"]), url: Self.feedURL)
        #expect(try cache.search("zeppelins").isEmpty)
        try cache.storeArticle(article("Quixotic zeppelins"), feed: Self.feedURL, id: "a")
        #expect(try cache.search("zeppelins").map(\.id) == ["a"])
        // The item's summary is still found too.
        #expect(try cache.search("short summary").map(\.id).sorted() == ["a", "b"])
        // A reload writes the item's index entry again: the article's words stay in it.
        try cache.storeFeed(feed(["a", "b"]), url: Self.feedURL, fetchedAt: Date().addingTimeInterval(60))
        #expect(try cache.search("zeppelins").map(\.id) == ["a"])
        // A page kept as no article adds nothing.
        var none = article("Paywalled platypus")
        none.notArticle = "too little text"
        try cache.storeArticle(none, feed: Self.feedURL, id: "b")
        #expect(try cache.search("platypus").isEmpty)
    }

    @Test func anArticleGoesWithItsItem() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(feed(["a", "b"]), url: Self.feedURL)
        try cache.storeArticle(article("Quixotic zeppelins"), feed: Self.feedURL, id: "a")
        // However an item goes (pruned, its feed dropped, a newsboat deletion imported).
        try cache.writer.write { try $0.execute(sql: "DELETE FROM item WHERE feedKey = (SELECT key FROM feed WHERE url = ?) AND id = 'a'", arguments: [Self.feedURL]) }
        #expect(try cache.article(feed: Self.feedURL, id: "a") == nil)
        #expect(try cache.search("zeppelins").isEmpty)
    }
}
