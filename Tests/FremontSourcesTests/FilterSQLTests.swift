import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// A filter expression evaluated in the cache (SQL, with the registered regex) finds exactly the
/// items `FilterMatcher` — the language's meaning, held to newsboat's own tests — finds on the
/// same items' attributes, for every attribute and operator.
@Suite struct FilterSQLTests {
    static let a = "https://a.example/feed", b = "https://b.example/feed"
    static let now = Date()

    /// A day and a half, three and a half, … days ago: whole days far from a day's boundary.
    private static func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    private static func cache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        var feedA = Feed(format: .rss2, title: "Linux Weekly", link: "https://a.example/", description: "All about Linux",
                         updated: daysAgo(0.5), items: [
            FeedItem(id: "a1", title: "Linux 6.8 released", link: "https://a.example/1", summary: "<p>kernel</p>",
                     published: daysAgo(1.5), author: "Frank Miller",
                     enclosures: [FeedEnclosure(url: "https://a.example/1.mp3", type: "audio/mpeg")]),
            FeedItem(id: "a2", title: "FreeBSD and Linux", link: "https://a.example/2", content: "<p>full text</p>",
                     published: daysAgo(3.5), author: "John Doe"),
            FeedItem(id: "a3", title: "Café \"quoted\" title", link: "http://a.example/3", published: daysAgo(12.5), author: ""),
        ])
        feedA.id = "tag:a"
        try cache.storeFeed(feedA, url: a)
        try cache.storeFeed(Feed(format: .atom10, title: "Other", link: "https://b.example/", items: [
            FeedItem(id: "b1", title: "Nothing here", link: "https://b.example/1", updated: daysAgo(40.5), author: "Ann"),
            FeedItem(id: "b2", title: "  spaced  out ", link: "https://b.example/2", author: "John"),
        ]), url: b)
        try cache.markRead(feedURL: a, itemIDs: ["a2"])
        try cache.markRead(feedURL: b, itemIDs: ["b1"])
        try cache.setStar(StarredItem(source: a, id: "a3", title: "Café", feedName: "Linux Weekly", author: "", date: daysAgo(12.5),
                                      text: "", links: [], link: "", enclosures: []), starred: true)
        return cache
    }

    static let feeds = FilterFeedList(urls: [b, a], tags: [a: ["tech", "linux"], b: ["misc"]])

    /// Each item's attributes as newsboat would give them, written out by hand.
    static func attributes(_ id: String) -> [String: String] {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        func date(_ days: Double) -> String { format.string(from: daysAgo(days)) }
        let feedA: [String: String] = ["feedtitle": "Linux Weekly", "description": "All about Linux", "feedlink": "https://a.example/",
                                       "feeddate": date(0.5), "rssurl": a, "unread_count": "2", "total_count": "3",
                                       "tags": "tech linux ", "feedindex": "2", "latest_article_age": "1"]
        let feedB: [String: String] = ["feedtitle": "Other", "description": "", "feedlink": "https://b.example/", "feeddate": "",
                                       "rssurl": b, "unread_count": "1", "total_count": "2", "tags": "misc ", "feedindex": "1",
                                       "latest_article_age": "40"]
        var item: [String: String]
        switch id {
        case "a1":
            item = feedA.merging(["title": "Linux 6.8 released", "link": "https://a.example/1", "author": "Frank Miller",
                                  "content": "<p>kernel</p>", "date": date(1.5), "guid": "a1", "unread": "yes",
                                  "enclosure_url": "https://a.example/1.mp3", "enclosure_type": "audio/mpeg", "flags": "",
                                  "age": "1", "articleindex": "1"]) { $1 }
        case "a2":
            item = feedA.merging(["title": "FreeBSD and Linux", "link": "https://a.example/2", "author": "John Doe",
                                  "content": "<p>full text</p>", "date": date(3.5), "guid": "a2", "unread": "no",
                                  "enclosure_url": "", "enclosure_type": "", "flags": "", "age": "3", "articleindex": "2"]) { $1 }
        case "a3":
            item = feedA.merging(["title": "Café \"quoted\" title", "link": "http://a.example/3", "author": "", "content": "",
                                  "date": date(12.5), "guid": "a3", "unread": "yes", "enclosure_url": "", "enclosure_type": "",
                                  "flags": "s", "age": "12", "articleindex": "3"]) { $1 }
        case "b1":
            item = feedB.merging(["title": "Nothing here", "link": "https://b.example/1", "author": "Ann", "content": "",
                                  "date": date(40.5), "guid": "b1", "unread": "no", "enclosure_url": "", "enclosure_type": "",
                                  "flags": "", "age": "40", "articleindex": "1"]) { $1 }
        default:
            // Undated: its date is when it was first seen, about now (only the zone is compared).
            item = feedB.merging(["title": "spaced  out", "link": "https://b.example/2", "author": "John", "content": "",
                                  "date": date(0), "age": "0", "guid": "b2", "unread": "yes", "enclosure_url": "", "enclosure_type": "", "flags": "",
                                  "articleindex": "2"]) { $1 }
        }
        return item
    }

    static let ids = ["a1", "a2", "a3", "b1", "b2"]

    static let expressions = [
        "unread = \"yes\"", "unread != \"no\"", "unread =~ \"^y\"", "unread # \"no\"", "unread > 0", "unread between 0:0",
        "title =~ \"linux\"", "title !~ \"LINUX\"", "title = \"Nothing here\"", "title == \"Linux\"", "title =~ \"(free|net)bsd\"",
        "title =~ \"^café\"", "title = \"Café \\\"quoted\\\" title\"", "title =~ \"quoted\\\"\"", "title # \"Linux\"",
        "title # \"\"", "title !# \"and\"", "title > 5", "title between 0:0",
        "( author =~ \"Frank\" or author =~ \"John\" ) and ( title =~ \"Linux\" or title =~ \"FreeBSD\" )",
        "author = \"\"", "author =~ \"\\\\s*Doe$\"", "author =~ \"^j\" and unread = \"yes\"",
        "content =~ \"kernel\"", "content = \"\"", "link =~ \"^https:\"", "link !~ \"^https:\"", "guid = \"a2\"",
        "enclosure_url != \"\"", "enclosure_type =~ \"audio\"", "flags # \"s\"", "flags = \"\"",
        "age between 0:10", "age < 4", "age >= 12", "age = 3", "age =~ \"^1\"", "articleindex = 2", "articleindex # 1",
        "feedtitle = \"Linux Weekly\"", "description =~ \"linux\"", "feedlink =~ \"b.example\"", "rssurl =~ \"^https://a\"",
        "unread_count > 1", "total_count between 2:2", "total_count = 03", "tags # \"linux\"", "tags !# \"misc\"",
        "tags =~ \"^tech\"", "tags # \"\"", "feedindex = 1", "latest_article_age < 10", "latest_article_age between 30:50",
        "date =~ \"\\\\+0000$\"", "feeddate = \"\"", "feeddate != \"\"",
        "unread_count > 0 and unread_count < 10 or total_count > 100", "a1 = 1 or title =~ \"x\"".replacingOccurrences(of: "a1", with: "guid"),
        "title =~ \"e\" and author =~ \"n\" or age > 20",
    ]

    @Test func theCacheFindsWhatTheMatcherFinds() throws {
        let cache = try Self.cache()
        for text in Self.expressions {
            let expression = try FilterParser.parse(text)
            let matcher = try FilterMatcher(expression)
            let expected = try Set(Self.ids.filter { id in try matcher.matches { Self.attributes(id)[$0] } })
            let query = ItemQuery.filter(expression, feeds: Self.feeds)
            let found = try cache.itemWindow(query, .start, limit: 100).map(\.id)
            #expect(Set(found) == expected, "\(text)")
            #expect(found.count == Set(found).count, "\(text)")
            #expect(try cache.itemCount(query) == expected.count, "\(text)")
        }
    }

    @Test func itemsComeNewestFirstAndPageByCursor() throws {
        let cache = try Self.cache()
        let query = ItemQuery.filter(try FilterParser.parse("title =~ \".\""))
        #expect(try cache.itemWindow(query, .start, limit: 10).map(\.id) == ["a1", "a2", "a3", "b1", "b2"])
        let first = try cache.itemWindow(query, .start, limit: 2)
        #expect(first.map(\.id) == ["a1", "a2"])
        #expect(try cache.itemWindow(query, .after(first[1].cursor), limit: 2).map(\.id) == ["a3", "b1"])
        #expect(try cache.itemWindow(query, .end, limit: 2).map(\.id) == ["b1", "b2"])
    }

    @Test func unknownAttributesAndBadPatternsAreRefusedBeforeAnyRowIsRead() throws {
        let cache = try Self.cache()
        #expect(throws: FilterEvaluationError.unknownAttribute("something")) {
            try cache.itemWindow(.filter(try FilterParser.parse("unread = \"yes\" or something = 1")), .start, limit: 10)
        }
        let error = #expect(throws: FilterEvaluationError.self) {
            try cache.itemCount(.filter(try FilterParser.parse("title =~ \"[[\"")))
        }
        #expect(error?.description.hasPrefix("'[[' is not a valid regular expression") == true)
    }

    @Test func unreadIsAConditionOnItsColumn() throws {
        let sql = try FilterSQL(try FilterParser.parse("unread = \"yes\" and title =~ \"x\""))
        #expect(sql.condition == "(NOT isRead AND fremont_filter_regex(0, title))")
    }
}
