import Foundation
import Testing
import FremontCore
import FremontSources
import FremontTestSupport

/// `fremont query` end to end: feeds reloaded into a cache, then a filter expression of
/// newsboat's language evaluated over it, in both formats, with the feeds file's tags.
@Suite(.serialized, .needsSharedData) struct QueryCommandTests {
    private func run(_ home: TestHome, _ arguments: [String]) async throws -> Fremont.Result {
        try await Fremont.run(arguments: arguments, environment: home.environment)
    }

    @Test func queryPrintsTheMatchingCachedItemsNewestFirst() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let nasa = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let nightvale = server.address("/data/feeds/real/feed-rs__rss_2.0_nightvale.xml")
            _ = try await run(home, ["feeds", "add", nasa, "--tag", "space"])
            _ = try await run(home, ["feeds", "add", nightvale])
            #expect(try await run(home, ["feeds", "reload"]).status == 0)

            let text = try await run(home, ["query", "title =~ \"glow cloud\" and unread = \"yes\""])
            #expect(text.status == 0)
            #expect(text.output.hasPrefix("● 221 - The Glow Cloud, Explained\n  Welcome to Night Vale · 2023-02-01T05:00:00Z\n  https://beta.prx.org/stories/441886\n"))

            let json = try await run(home, ["query", "tags # \"space\" and ( title =~ \"asteroid\" or title =~ \"ASTEROID\" )", "--format", "json"])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let items = try #require(answer["items"] as? [[String: Any]])
            #expect(answer["matched"] as? Int == items.count)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0["feed"] as? String == nasa })
            #expect(items.contains { $0["title"] as? String == "NASA to Host Live Chat on Successful Mission to Asteroid Belt" })
            #expect(Set(items[0].keys) == ["feed", "feedTitle", "id", "title", "link", "date", "author", "unread", "starred"])
            let dates = items.compactMap { $0["date"] as? String }
            #expect(dates == dates.sorted(by: >))

            let limited = try await run(home, ["query", "rssurl = \"\(nasa)\"", "--limit", "2", "--format", "json"])
            let cut = try #require(try JSONSerialization.jsonObject(with: Data(limited.output.utf8)) as? [String: Any])
            #expect((cut["items"] as? [Any])?.count == 2 && cut["matched"] as? Int == 10)
            let textCut = try await run(home, ["query", "rssurl = \"\(nasa)\"", "--limit", "3"])
            #expect(textCut.errors.contains("3 of 10 matching items listed; --limit all lists every one"), "\(textCut.errors)")

            let none = try await run(home, ["query", "title = \"zyzzyva\""])
            #expect(none.status == 0 && none.output == "")
            #expect(none.errors == "fremont: no cached item matches title = \"zyzzyva\"\n")

            let bad = try await run(home, ["query", "title = glow"])
            #expect(bad.status == 1)
            #expect(bad.errors == "fremont: Parse error at position 8: expected one of: quoted string, range, number in title = glow\n")
            let badRegex = try await run(home, ["query", "title =~ \"[[\""])
            #expect(badRegex.status == 1)
            #expect(badRegex.errors.hasPrefix("fremont: '[[' is not a valid regular expression: "))
            let unknown = try await run(home, ["query", "colour = \"red\""])
            #expect(unknown.errors == "fremont: attribute 'colour' is not available in colour = \"red\"\n")
        }
    }

    /// A 5,000-item cache: JSON lists every match (a window at a time) and says how many matched;
    /// a limit lists that many and still says how many matched; text says what it left out.
    @Test func everyMatchOfALargeCache() async throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.cacheDatabase.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let cache = try CacheDatabase(path: home.cacheDatabase.path)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let items = (0..<5_000).map { FeedItem(id: "i\($0)", title: "Item \($0)", published: start.addingTimeInterval(Double($0) * 60)) }
            try cache.storeFeed(Feed(format: .rss2, title: "Big", items: items), url: "https://big.example/feed")
        }
        let all = try await run(home, ["query", "unread = \"yes\"", "--format", "json"])
        #expect(all.status == 0, "\(all.errors)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [String: Any])
        let items = try #require(answer["items"] as? [[String: Any]])
        #expect(answer["matched"] as? Int == 5_000 && items.count == 5_000)
        #expect(Set(items.compactMap { $0["id"] as? String }).count == 5_000)
        for limit in ["all", "5000", "9999"] {
            let given = try await run(home, ["query", "unread = \"yes\"", "--format", "json", "--limit", limit])
            #expect(((try JSONSerialization.jsonObject(with: Data(given.output.utf8)) as? [String: Any])?["items"] as? [Any])?.count == 5_000, "\(limit)")
        }
        let text = try await run(home, ["query", "unread = \"yes\""])
        #expect(text.output.components(separatedBy: "\n● ").count == 50)
        #expect(text.errors.contains("50 of 5,000 matching items listed; --limit all lists every one"), "\(text.errors)")
        let searched = try await run(home, ["search", "item", "--format", "json"])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(searched.output.utf8)) as? [String: Any])
        #expect(found["matched"] as? Int == 5_000 && (found["items"] as? [Any])?.count == 5_000)
        let bad = try await run(home, ["query", "unread = \"yes\"", "--limit", "0"])
        #expect(bad.status != 0)
    }
}
