import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// `highlight-article` rules evaluated by the cache with each window: a row says the first rule
/// it matches; the literals are written into the SQL whatever they hold.
@Suite struct ItemHighlightTests {
    @Test func eachRowSaysTheFirstRuleItMatches() throws {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Feed A", items: [
            FeedItem(id: "a1", title: "It's apple", published: Date(timeIntervalSince1970: 1_700_000_300)),
            FeedItem(id: "a2", title: "Banana", published: Date(timeIntervalSince1970: 1_700_000_200), author: "Amy"),
            FeedItem(id: "a3", title: "Cherry", published: Date(timeIntervalSince1970: 1_700_000_100)),
        ]), url: "https://a.example/feed")
        let rules = [try FilterExpression(parsing: "title = \"It's apple\""), try FilterExpression(parsing: "author = \"Amy\" or title =~ \"apple\""),
                     try FilterExpression(parsing: "title = \"x'); DROP TABLE item; --\"")]
        for query in [ItemQuery.all, .feed("https://a.example/feed"), .unread, .tag("t", feeds: ["https://a.example/feed"])] {
            let read = try cache.countedItemWindow(query, highlights: rules) { _ in (.start, limit: 10) }
            #expect(read.rows.map(\.id) == ["a1", "a2", "a3"])
            #expect(read.rows.map(\.highlight) == [0, 1, nil], "\(query)")
            #expect(read.total == 3)
        }
        #expect(try cache.itemWindow(.all, .start, limit: 10).map(\.highlight) == [nil, nil, nil])
        #expect(try cache.itemCount(.all) == 3)
    }

    @Test func theConfigReadsHighlightArticle() throws {
        let config = try FremontConfig.parse("""
        highlight-article "unread = \\"yes\\"" yellow default bold underline
        highlight-article "age > 30" color244 black
        highlight-article "title = glow" red default
        highlight-article "age > 1" purple default
        highlight-article "age > 1" red default sparkle
        highlight-article "age > 1"
        """, name: "config")
        #expect(config.highlights.map(\.foreground) == [.named(3), .indexed(244)])
        #expect(config.highlights.map(\.background) == [.default, .named(0)])
        #expect(config.highlights.first?.attributes == [.bold, .underline])
        #expect(config.highlights.last?.expression == .comparison(FilterComparison("age", .greaterThan, "30")))
        let warnings = config.warnings.map(\.description)
        #expect(warnings.count == 4)
        #expect(warnings[0] == "line 3: highlight-article: Parse error at position 8: expected one of: quoted string, range, number in title = glow; ignored")
        #expect(warnings[1].hasPrefix("line 4: highlight-article: no colour is named 'purple'"))
        #expect(warnings[2].hasPrefix("line 5: highlight-article: no attribute is named 'sparkle'"))
        #expect(warnings[3].hasPrefix("line 6: highlight-article takes a quoted expression"))
    }
}
