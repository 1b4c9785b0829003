import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// newsboat's `ignore-article` rules in both modes: `download` never stores a matching item new
/// to the cache; `display` keeps it stored, out of every list (paged any way) and every count,
/// until the rule goes.
@Suite struct IgnoreRuleTests {
    static let a = "https://a.example/feed", b = "https://b.example/feed"

    private static func at(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(minutes) * 60) }

    private static func feedA(_ extra: [FeedItem] = []) -> Feed {
        Feed(format: .rss2, title: "Feed A", items: [
            FeedItem(id: "a1", title: "Sponsored: buy", published: at(50)),
            FeedItem(id: "a2", title: "Real news", published: at(40)),
            FeedItem(id: "a3", title: "sponsored again", published: at(30)),
            FeedItem(id: "a4", title: "More news"),
        ] + extra)
    }

    private static func feedB() -> Feed {
        Feed(format: .rss2, title: "Feed B", items: [
            FeedItem(id: "b1", title: "Sponsored by B", published: at(45)),
            FeedItem(id: "b2", title: "B news", published: at(35)),
        ])
    }

    static func rule(_ feeds: String, _ expression: String) throws -> IgnoreRule {
        IgnoreRule(feedsWord: feeds, expression: try FilterExpression(parsing: expression))
    }

    @Test func downloadModeNeverStoresAMatchingNewItem() throws {
        let cache = CacheDatabase()
        // Stored before any rule: stays whatever the rule says later.
        try cache.storeFeed(Feed(format: .rss2, title: "Feed A", items: [FeedItem(id: "a3", title: "sponsored again", published: Self.at(30))]),
                            url: Self.a)
        let rules = IgnoreRules(rules: [try Self.rule(Self.a, "title =~ \"^sponsored\"")])
        let retention = FeedRetention(ignored: rules.downloadExpression)
        let stored = try cache.storeFeed(Self.feedA(), url: Self.a, retention: retention)
        #expect(stored.newItemIDs == ["a2", "a4"])
        #expect(try cache.itemWindow(.feed(Self.a), .start, limit: 10).map(\.id) == ["a2", "a3", "a4"])
        #expect(try cache.itemCount(.feed(Self.a)) == 3)
        // Another feed is not the rule's.
        try cache.storeFeed(Self.feedB(), url: Self.b, retention: retention)
        #expect(try cache.itemWindow(.feed(Self.b), .start, limit: 10).map(\.id) == ["b1", "b2"])
        // Fetched again: still not stored, and not new.
        #expect(try cache.storeFeed(Self.feedA(), url: Self.a, retention: retention).newItemIDs.isEmpty)
        #expect(try cache.itemCount(.all) == 5)
        // Searching finds nothing of it either (its text was never kept).
        #expect(try cache.search("buy").isEmpty)
    }

    @Test func downloadModeRulesByPatternAndForEveryFeed() throws {
        let cache = CacheDatabase()
        let rules = IgnoreRules(rules: [try Self.rule("regex:B\\.EXAMPLE", "title =~ \"sponsored\""),
                                        try Self.rule("*", "title = \"More news\"")])
        let retention = FeedRetention(ignored: rules.downloadExpression)
        try cache.storeFeed(Self.feedA(), url: Self.a, retention: retention)
        try cache.storeFeed(Self.feedB(), url: Self.b, retention: retention)
        #expect(try cache.itemWindow(.all, .start, limit: 10).map(\.id) == ["a1", "a2", "b2", "a3"])
    }

    /// The rules read each feed's tags and place as the feeds file gives them (a tagged `space`,
    /// b not): `tags # "space"` ignores a's items only, `tags !# "space"` b's only, and
    /// `feedindex = 2` b's.
    @Test(arguments: [("tags # \"space\"", ["b1", "b2"]), ("tags !# \"space\"", ["a1", "a2", "a3", "a4"]),
                      ("feedindex = 2", ["a1", "a2", "a3", "a4"])])
    func downloadModeSeesEachFeedsTagsAndPlace(_ expression: String, _ kept: [String]) throws {
        let cache = CacheDatabase()
        let feeds = FilterFeedList(urls: [Self.a, Self.b], tags: [Self.a: ["space"], Self.b: []])
        let retention = FeedRetention(ignored: IgnoreRules(rules: [try Self.rule("*", expression)]).downloadExpression, ignoredFeeds: feeds)
        try cache.storeFeed(Self.feedA(), url: Self.a, retention: retention)
        try cache.storeFeed(Self.feedB(), url: Self.b, retention: retention)
        #expect(try cache.itemWindow(.all, .start, limit: 10).map(\.id).sorted() == kept, "\(expression)")
    }

    @Test(arguments: [("tags # \"space\"", ["b1", "b2"]), ("tags !# \"space\"", ["a1", "a2", "a3", "a4"])])
    func displayModeSeesEachFeedsTags(_ expression: String, _ shown: [String]) throws {
        let cache = CacheDatabase()
        try cache.storeFeed(Self.feedA(), url: Self.a)
        try cache.storeFeed(Self.feedB(), url: Self.b)
        let rules = try IgnoreRules(rules: [Self.rule("*", expression)], mode: .display)
        cache.hideItems(matching: rules.displayExpression, feeds: FilterFeedList(urls: [Self.a, Self.b], tags: [Self.a: ["space"], Self.b: []]))
        #expect(try cache.itemWindow(.all, .start, limit: 10).map(\.id).sorted() == shown, "\(expression)")
        #expect(try cache.itemCount(.all) == shown.count)
        #expect(try cache.itemWindow(.feed(Self.a), .start, limit: 10).count == shown.filter { $0.hasPrefix("a") }.count)
        let statuses = try cache.feedStatuses()
        #expect((statuses[Self.a]?.total ?? 0) + (statuses[Self.b]?.total ?? 0) == shown.count)
    }

    /// The items a display rule leaves: every list of feed a and b but the starred one.
    static let hideSponsored = try! IgnoreRules(rules: [rule("*", "title =~ \"sponsored\"")], mode: .display)
    static let visible = ["a2", "b2", "a4"]

    private static func displayCache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        try cache.storeFeed(feedA(), url: a, retention: FeedRetention(ignored: hideSponsored.downloadExpression))
        try cache.storeFeed(feedB(), url: b)
        try cache.markRead(feedURL: a, itemIDs: ["a1", "a2"])
        try cache.setStar(StarredItem(source: a, id: "a3", title: "sponsored again", feedName: "Feed A", author: "", date: at(30),
                                      text: "", links: [], link: "", enclosures: []), starred: true)
        return cache
    }

    @Test func displayModeHidesFromEveryListAndCountUntilTheRuleGoes() throws {
        let cache = try Self.displayCache()
        #expect(Self.hideSponsored.downloadExpression == nil)
        #expect(try cache.itemCount(.all) == 6)
        cache.hideItems(matching: Self.hideSponsored.displayExpression)
        let queries: [(ItemQuery, [String])] = [
            (.all, Self.visible),
            (.unread, ["b2", "a4"]),
            (.feed(Self.a), ["a2", "a4"]),
            (.tag("t", feeds: [Self.b]), ["b2"]),
            (.filter(try FilterExpression(parsing: "title =~ \"news\"")), Self.visible),
            // A starred item is a copy kept apart: the starred list shows it.
            (.starred, ["a3"]),
        ]
        for (query, expected) in queries {
            #expect(try cache.itemCount(query) == expected.count, "\(query)")
            for limit in [1, 2, 100] {
                var forward: [String] = []
                var page = try cache.itemWindow(query, .start, limit: limit)
                while let last = page.last {
                    forward += page.map(\.id)
                    page = try cache.itemWindow(query, .after(last.cursor), limit: limit)
                }
                #expect(forward == expected, "\(query) forward by \(limit)")
                var backward: [String] = []
                page = try cache.itemWindow(query, .end, limit: limit)
                while let first = page.first {
                    backward = page.map(\.id) + backward
                    page = try cache.itemWindow(query, .before(first.cursor), limit: limit)
                }
                #expect(backward == expected, "\(query) backward by \(limit)")
                for position in 0..<expected.count {
                    #expect(try cache.itemWindow(query, .offset(position), limit: 1).map(\.id) == [expected[position]])
                }
            }
        }
        // The feed as a load gives it to the screens (its items and counts there) leaves them out too.
        #expect(try cache.cachedFeed(url: Self.a)?.feed.items.map(\.id) == ["a2", "a4"])
        #expect(try cache.storeFeed(Self.feedA(), url: Self.a).cached?.feed.items.map(\.id) == ["a2", "a4"])
        let statuses = try cache.feedStatuses()
        #expect(statuses[Self.a]?.total == 2 && statuses[Self.a]?.unread == 1)
        #expect(statuses[Self.b]?.total == 1 && statuses[Self.b]?.unread == 1)
        // Searching (`fremont search`, the Search tab) finds none of them either, and a hidden
        // match never takes a visible one's place under the limit.
        #expect(try cache.search("sponsored").isEmpty)
        #expect(try cache.search("news").map(\.id).sorted() == ["a2", "a4", "b2"])
        #expect(try cache.search("b", limit: 1).map(\.id) == ["b2"])
        // The rule gone, everything shows again: nothing was deleted.
        cache.hideItems(matching: nil)
        #expect(try cache.itemCount(.all) == 6)
        #expect(try cache.feedStatuses()[Self.a]?.total == 4)
        #expect(try cache.itemWindow(.feed(Self.b), .start, limit: 10).map(\.id) == ["b1", "b2"])
        #expect(try cache.search("sponsored").map(\.id).sorted() == ["a1", "a3", "b1"])
    }

    /// A rule whose pattern would cost gigabytes to compile or minutes to match is refused with
    /// its line, at once, and ignores nothing.
    @Test func aCostlyPatternIsRefusedWithItsLine() throws {
        let started = ContinuousClock.now
        let config = try FremontConfig.parse("""
        ignore-article * "title =~ \\"((a{1,100}){1,100}){1,100}\\""
        ignore-article "regex:(a*)*\\1" "title = \\"x\\""
        highlight-article "title =~ \\"(x)\\1\\"" red default
        ignore-article * "title =~ \\"sponsored\\""
        """, name: "config")
        #expect(ContinuousClock.now - started < .seconds(1))
        let warnings = config.warnings.map(\.description)
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings[0].hasPrefix("line 1: ignore-article:") && warnings[0].contains("too complex"), "\(warnings)")
        #expect(warnings[1].hasPrefix("line 2: ignore-article:") && warnings[1].contains("back-reference"), "\(warnings)")
        #expect(warnings[2].hasPrefix("line 3: highlight-article:") && warnings[2].contains("back-reference"), "\(warnings)")
        #expect(config.ignoreRules.rules.count == 1)
    }

    @Test func theConfigReadsRulesAndModeAndSaysWhatIsWrongWhere() throws {
        let config = try FremontConfig.parse("""
        ignore-article * "title =~ \\"sponsored\\""
        ignore-article "regex:^https://b[.]" "author = \\"Ann\\" or age > 30"
        ignore-article https://a.example/feed "unread = \\"no\\""
        ignore-mode display
        ignore-article * "title = glow"
        ignore-article * "colour = \\"red\\""
        ignore-article "regex:(" "title = \\"x\\""
        ignore-article *
        ignore-mode hide
        """, name: "config")
        #expect(config.ignoreRules.mode == .display)
        #expect(config.ignoreRules.rules.map(\.feeds) == [.all, .pattern("^https://b[.]"), .url("https://a.example/feed")])
        #expect(config.ignoreRules.rules[1].expression == .or(.comparison(FilterComparison("author", .equals, "Ann")),
                                                              .comparison(FilterComparison("age", .greaterThan, "30"))))
        let warnings = config.warnings.map(\.description)
        #expect(warnings.count == 5)
        #expect(warnings[0] == "line 5: ignore-article: Parse error at position 8: expected one of: quoted string, range, number in title = glow; ignored")
        #expect(warnings[1] == "line 6: ignore-article: attribute 'colour' is not available; ignored")
        #expect(warnings[2].hasPrefix("line 7: ignore-article: '(' is not a valid regular expression"))
        #expect(warnings[3].hasPrefix("line 8: ignore-article takes a feed"))
        #expect(warnings[4] == "line 9: ignore-mode must be download or display, not 'hide'; ignored")
        // Newsboat's default mode is download.
        #expect(try FremontConfig.parse("ignore-article * \"title = \\\"x\\\"\"", name: "c").ignoreRules.downloadExpression != nil)
    }
}
