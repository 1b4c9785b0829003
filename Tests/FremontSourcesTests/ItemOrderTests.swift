import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// newsboat's `article-sort-order` in the cache's windows: every field both ways, each list
/// paged by keyset forward and back and jumped into, gives the order newsboat's sort gives
/// (dates the other way round, as newsboat's are), ties in the order stored either way.
@Suite struct ItemOrderTests {
    static let a = "https://a.example/feed", b = "https://b.example/feed"

    private static func at(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(minutes) * 60) }

    private static func cache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        try cache.storeFeed(Feed(format: .rss2, title: "Feed A", items: [
            FeedItem(id: "a1", title: "banana", link: "https://a.example/3", published: at(50), author: "Zed"),
            FeedItem(id: "a2", title: "Apple", link: "https://a.example/1", published: at(40), author: "amy"),
            FeedItem(id: "a3", title: "cherry", link: "https://a.example/2", published: at(40), author: "Bob"),
            FeedItem(id: "a4", title: "apple", link: "https://a.example/1"),
        ]), url: a)
        try cache.storeFeed(Feed(format: .rss2, title: "Feed B", items: [
            FeedItem(id: "b1", title: "Date", link: "https://b.example/1", published: at(45), author: "Amy"),
            FeedItem(id: "b2", title: "", link: "", published: at(10), author: ""),
        ]), url: b)
        try cache.markRead(feedURL: a, itemIDs: ["a2"])
        try cache.setStar(StarredItem(source: a, id: "a3", title: "cherry", feedName: "Feed A", author: "Bob", date: at(40),
                                      text: "", links: [], link: "", enclosures: []), starred: true)
        try cache.setStar(StarredItem(source: b, id: "b2", title: "", feedName: "Feed B", author: "", date: at(10),
                                      text: "", links: [], link: "", enclosures: []), starred: true)
        return cache
    }

    /// The orders written out by hand (stored order a1 a2 a3 a4 b1 b2 breaks ties).
    static let expected: [(String, [String])] = [
        ("date-asc", ["a1", "b1", "a2", "a3", "b2", "a4"]),
        ("date-desc", ["a4", "b2", "a2", "a3", "b1", "a1"]),
        ("title-asc", ["b2", "a2", "a4", "a1", "a3", "b1"]),
        ("title-desc", ["b1", "a3", "a1", "a2", "a4", "b2"]),
        ("author", ["a4", "b2", "a2", "b1", "a3", "a1"]),
        ("author-desc", ["a1", "a3", "a2", "b1", "a4", "b2"]),
        ("link-asc", ["b2", "a2", "a4", "a3", "a1", "b1"]),
        ("guid-desc", ["b2", "b1", "a4", "a3", "a2", "a1"]),
        ("flags-asc", ["a1", "a2", "a4", "b1", "a3", "b2"]),
        ("flags-desc", ["a3", "b2", "a1", "a2", "a4", "b1"]),
    ]

    @Test func newsboatsNamesAndDirections() {
        #expect(ItemOrder(newsboat: "date") == .newestFirst)
        #expect(ItemOrder(newsboat: "Title-DESC") == ItemOrder(.title, ascending: false))
        #expect(ItemOrder(newsboat: "random") == nil && ItemOrder(newsboat: "date-up") == nil)
        #expect(ItemOrder.newestFirst.next == ItemOrder(.date, ascending: false))
        #expect(ItemOrder(.guid, ascending: false).next == .newestFirst)
    }

    @Test func everyOrderPagesByKeysetBothWaysAndJumps() throws {
        let cache = try Self.cache()
        for (name, ids) in Self.expected {
            let order = try #require(ItemOrder(newsboat: name))
            for (query, expected) in [(ItemQuery.all, ids), (.feed(Self.a), ids.filter { $0.hasPrefix("a") }),
                                      (.unread, ids.filter { $0 != "a2" }), (.tag("t", feeds: [Self.b]), ids.filter { $0.hasPrefix("b") }),
                                      (.filter(try FilterExpression(parsing: "guid != \"a1\"")), ids.filter { $0 != "a1" })] {
                for limit in [1, 2, 10] {
                    var forward: [String] = []
                    var page = try cache.itemWindow(query, .start, limit: limit, order: order)
                    while let last = page.last, forward.count <= 10 {
                        forward += page.map(\.id)
                        page = try cache.itemWindow(query, .after(last.cursor), limit: limit, order: order)
                    }
                    #expect(forward == expected, "\(name) \(query) forward by \(limit)")
                    var backward: [String] = []
                    page = try cache.itemWindow(query, .end, limit: limit, order: order)
                    while let first = page.first, backward.count <= 10 {
                        backward = page.map(\.id) + backward
                        page = try cache.itemWindow(query, .before(first.cursor), limit: limit, order: order)
                    }
                    #expect(backward == expected, "\(name) \(query) backward by \(limit)")
                }
                for position in expected.indices {
                    #expect(try cache.itemWindow(query, .offset(position), limit: 1, order: order).map(\.id) == [expected[position]])
                    #expect(try cache.itemWindow(query, .offsetFromEnd(position), limit: 1, order: order).map(\.id)
                            == [expected[expected.count - 1 - position]])
                }
                #expect(try cache.countedItemWindow(query, order: order) { _ in (.start, limit: 100) }.rows.map(\.id) == expected)
            }
        }
        // Starred items keep their date order, either way.
        #expect(try cache.itemWindow(.starred, .start, limit: 10, order: ItemOrder(.date, ascending: false)).map(\.id) == ["b2", "a3"])
        #expect(try cache.itemWindow(.starred, .start, limit: 10, order: ItemOrder(.title)).map(\.id) == ["a3", "b2"])
    }

    @Test func theConfigReadsBothOrders() throws {
        let config = try FremontConfig.parse("article-sort-order title-desc\nfeed-sort-order unreadarticlecount-asc\narticle-sort-order random\nfeed-sort-order size",
                                             name: "config")
        #expect(config.articleOrder == ItemOrder(.title, ascending: false))
        #expect(config.feedOrder == FeedOrder(.unreadarticlecount, descending: false))
        #expect(config.warnings.map(\.description) == [
            "line 3: article-sort-order must be date, title, flags, author, link or guid, then maybe -asc or -desc, not 'random'; ignored",
            "line 4: feed-sort-order must be none, firsttag, title, articlecount, unreadarticlecount or lastupdated, then maybe -asc or -desc, not 'size'; ignored",
        ])
    }

    @Test func feedOrdersAsNewsboatSortsThem() {
        let feeds = [
            FeedOrder.Facts(position: 0, firstTag: "tech", title: "Zebra 10", total: 5, unread: 2, newest: 100),
            FeedOrder.Facts(position: 1, firstTag: nil, title: "alpha", total: 9, unread: 0, newest: nil),
            FeedOrder.Facts(position: 2, firstTag: "Art", title: "Zebra 9", total: 1, unread: 7, newest: 300),
            FeedOrder.Facts(position: 3, firstTag: "tech", title: "beta", total: 5, unread: 2, newest: 200),
        ]
        func sorted(_ name: String) -> [Int] { FeedOrder(newsboat: name)!.sorted(feeds) }
        #expect(sorted("none") == [0, 1, 2, 3])
        #expect(sorted("none-asc") == [3, 2, 1, 0])
        #expect(sorted("firsttag") == [2, 0, 3, 1])
        #expect(sorted("title-desc") == [1, 3, 2, 0])
        #expect(sorted("title-asc") == [0, 2, 3, 1])
        #expect(sorted("articlecount") == [2, 0, 3, 1])
        #expect(sorted("unreadarticlecount-asc") == [2, 3, 0, 1])
        #expect(sorted("lastupdated") == [2, 3, 0, 1])
        #expect(FeedOrder.none.next == FeedOrder(.none, descending: false))
    }
}
