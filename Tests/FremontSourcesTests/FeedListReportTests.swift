import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// `fremont feeds list`'s report, in process: every kind of feed in both forms, whole, and the
/// counts gathered from the cache.
@Suite struct FeedListReportTests {
    static let list = FeedList(parsing: """
        https://user:secret@a.example/feed news "tech news"
        https://b.example/rss "~B's \u{1B}[31mown"
        "query:Recent:unread = \\"yes\\"" later

        """)

    static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    static let report = FeedListReport(
        list: list,
        statuses: [
            "https://user:***@a.example/feed": FeedStatus(url: "https://user:***@a.example/feed", title: "A", total: 5, unread: 2, fetchedAt: fetched),
            "https://b.example/rss": FeedStatus(url: "https://b.example/rss", title: "Bee", lastError: "no answer within 10 s"),
            "ttrss://host/feed/3": FeedStatus(url: "ttrss://host/feed/3", total: 4, unread: 4),
        ],
        synced: [SyncedFeed(key: "ttrss://host/feed/3", service: "host", remoteID: 3, title: "Synced", category: "cat", address: "https://c.example/", position: 0)],
        queries: [.init(query: list.queries[0], unread: 1, total: 7)])

    func text(_ report: FeedListReport) -> String {
        var text = ""
        report.text { text += $0 }
        return text
    }

    func json(_ report: FeedListReport) -> String {
        var text = ""
        report.json { text += $0 }
        return text
    }

    @Test func textHasALineAFeedSafeForATerminal() {
        #expect(text(Self.report) == """
            https://user:***@a.example/feed  A  (news, tech news)  2/5 unread
            https://b.example/rss  B's [31mown  failed: no answer within 10 s
            https://c.example/  Synced  (cat)  4/4 unread  [tt-rss host]
            query:Recent  unread = "yes"  (later)  1/7 unread

            """)
    }

    @Test func jsonHasAnObjectAFeed() {
        #expect(json(Self.report) == """
            [
            {"url":"https://user:***@a.example/feed","title":"A","tags":["news","tech news"],"unread":2,"total":5,"updated":"2023-11-14T22:13:20Z","error":null,"source":"feeds file"},
            {"url":"https://b.example/rss","title":"B's \\u001b[31mown","tags":[],"unread":0,"total":0,"updated":null,"error":"no answer within 10 s","source":"feeds file"},
            {"url":"https://c.example/","title":"Synced","tags":["cat"],"unread":4,"total":4,"updated":null,"error":null,"source":"tt-rss host","key":"ttrss://host/feed/3"},
            {"url":"query:Recent","title":"Recent","tags":["later"],"unread":1,"total":7,"updated":null,"error":null,"source":"query","query":"unread = \\"yes\\""}
            ]

            """)
    }

    @Test func anEmptyListIsAnEmptyArrayAndNoLines() {
        let empty = FeedListReport(list: FeedList())
        #expect(empty.isEmpty)
        #expect(json(empty) == "[]\n")
        #expect(text(empty) == "")
    }

    @Test func theCountsComeFromTheCache() throws {
        let cache = CacheDatabase()
        let items = (1...3).map { FeedItem(id: "\($0)", title: "Item \($0)") }
        _ = try cache.storeFeed(Feed(format: .rss2, title: "A", items: items), url: "https://user:***@a.example/feed")
        try cache.markRead(feedURL: "https://user:***@a.example/feed", itemIDs: ["1"])
        let report = FeedListReport(list: Self.list, cache: cache, syncing: false)
        #expect(report.statuses["https://user:***@a.example/feed"]?.total == 3)
        #expect(report.statuses["https://user:***@a.example/feed"]?.unread == 2)
        #expect(report.synced.isEmpty)
        #expect(report.queries == [.init(query: Self.list.queries[0], unread: 2, total: 2)])
        #expect(text(report).hasPrefix("https://user:***@a.example/feed  A  (news, tech news)  2/3 unread\n"))
    }

    @Test func theFilterLanguageKnowsEachFeedByItsAddressWithoutAPassword() {
        let list = FeedList(parsing: "https://u:p@a.example/ one\nhttps://b.example/ two\nhttps://u:q@a.example/ three\n")
        #expect(list.filterFeeds == FilterFeedList(urls: ["https://u:***@a.example/", "https://b.example/", "https://u:***@a.example/"],
                                                   tags: ["https://u:***@a.example/": ["one"], "https://b.example/": ["two"]]))
    }
}
