import FlyingFox
import Foundation
import FremontTestSupport
import Testing

/// Reading as a newsboat user does, the real binary in tmux over feeds served on loopback: the
/// headline list shows a line an item, `Enter` reads, `n` goes on to the next unread item and
/// into the next feed, and the marks are in the cache after a restart.
@Suite(.serialized, .needs("tmux")) struct ReadingTests {
    /// An RSS feed of `count` items, a day apart, newest first.
    static func rss(_ name: String, count: Int) -> Data {
        var xml = "<rss version=\"2.0\"><channel><title>\(name)</title><link>http://example.com/</link>"
        for index in 0..<count {
            let day = 28 - index % 28, month = 10 - index / 28
            xml += "<item><guid>\(name)-\(index + 1)</guid><title>\(name) story \(index + 1)</title>"
            xml += "<pubDate>\(String(format: "%02d", day)) \(["", "", "", "", "", "", "", "Jul", "Aug", "Sep", "Oct"][month]) 2026 09:00:00 GMT</pubDate>"
            xml += "<description>The text of \(name) story \(index + 1).</description><link>http://example.com/\(index)</link></item>"
        }
        return Data((xml + "</channel></rss>").utf8)
    }

    private func serve(_ server: LoopbackServer, _ feeds: [(path: String, name: String, count: Int)]) async {
        for feed in feeds {
            let body = Self.rss(feed.name, count: feed.count)
            await server.route("GET \(feed.path)") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: body)
            }
        }
    }

    private func unreadInCache(_ home: TestHome) async throws -> String {
        let run = try await ChildProcess.run(["/usr/bin/sqlite3", home.cacheDatabase.path,
                                              "SELECT title FROM item WHERE isRead = 0 ORDER BY title"],
                                             environment: ProcessInfo.processInfo.environment)
        return String(decoding: run.standardOutput, as: UTF8.self)
    }

    @Test func enterAndNReadIntoTheNextFeedAndTheMarksStay() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/alpha.xml", "Alpha", 2), ("/beta.xml", "Beta", 3)])
            try home.writeFeedList([server.address("/alpha.xml"), server.address("/beta.xml")])
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitUntil("both feeds counted", { $0.contains("2/2") && $0.contains("3/3") })
            // Alpha: read its first item, then n n n: Alpha's second, then on into Beta.
            try await tmux.press("j", "j", "j", "Enter")
            _ = try await tmux.waitFor("Alpha story 2")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title: Alpha story 1")
            try await tmux.press("n")
            _ = try await tmux.waitFor("Title: Alpha story 2")
            try await tmux.press("n")
            _ = try await tmux.waitFor("Title: Beta story 1")
            try await tmux.press("n")
            _ = try await tmux.waitFor("Title: Beta story 2")
            // Back to the list: on the item last read, the feed list's counts follow.
            try await tmux.press("q")
            let list = try await tmux.waitFor("Beta story 3")
            #expect(list.contains("●") && list.contains("Beta story 3"))
            try await tmux.press("q")
            _ = try await tmux.waitUntil("the counts", { $0.contains("0/2") && $0.contains("1/3") })
            // C asks first; n leaves everything as it was.
            try await tmux.press("C")
            _ = try await tmux.waitFor("Mark all 1 unread items of every feed read? y/n")
            try await tmux.press("n")
            _ = try await tmux.waitFor("nothing marked")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            #expect(try await unreadInCache(home) == "Beta story 3\n")
            // Started again: the same counts, from the cache's marks.
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitUntil("the counts after a restart", { $0.contains("0/2") && $0.contains("1/3") })
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    /// A list reads the cache on a queue of its own: opening it while eight feeds hang on the
    /// network neither waits behind them nor cancels them.
    @Test func aListOpensWhileFeedsHang() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/quick.xml", "Quick", 3)])
            try home.writeFeedList([server.address("/quick.xml")]
                + (0..<8).map { server.address("/slow/feeds/real/feed-rs__rss_2.0_nightvale.xml?seconds=60&n=\($0)") })
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("3/3")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Quick story 3")
            try await tmux.press("q")
            // Still loading: the eight were not cancelled by the list's reads.
            let list = try await tmux.waitFor("Unread items")
            #expect(list.contains("loading") && !list.contains("cancelled"), "\(list)")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Quick story 3")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title: Quick story 1")
            try await tmux.press("q", "q", "q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    /// `bind-key` in a config written for newsboat moves an operation; one fremont lacks is a
    /// warning in the Log, with its line.
    @Test func bindKeyMovesAnOperation() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/bound.xml", "Bound", 3)])
            try home.writeFeedList([server.address("/bound.xml")])
            try home.writeConfig("# newsboat's syntax\nbind-key x toggle-article-read articlelist\nbind-key ^Y macro-prefix\n")
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("3/3")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("●  28 Oct 09:00  Bound                Bound story 1")
            // x: the item read (and the selection moves down, as N does).
            try await tmux.press("x")
            _ = try await tmux.waitFor("   28 Oct 09:00  Bound                Bound story 1")
            try await tmux.press("q", "4")
            let log = try await tmux.waitFor("macro-prefix")
            #expect(log.contains("fremont has no operation 'macro-prefix'") && log.contains(":3"), "\(log)")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    /// `E` hands the terminal to $EDITOR on the feeds file, then the list is the file as edited,
    /// and its feeds load.
    @Test func eEditsTheFeedsFileAndTheListFollows() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/one.xml", "One", 1), ("/two.xml", "Two", 2)])
            try home.writeFeedList([server.address("/one.xml")])
            // An "editor" that appends a line: split into words as a shell would, run without one.
            var environment = home.environment
            environment["VISUAL"] = "sed -i '$ a \(server.address("/two.xml")) \"~Second\"'"
            let tmux = try await TmuxSession(width: 100, height: 30, environment: environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("1/1")
            try await tmux.press("E")
            let list = try await tmux.waitFor("Second")
            _ = try await tmux.waitUntil("the new feed loaded", { $0.contains("2/2") && $0.contains("2 feeds") })
            #expect(list.contains("One"))
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            let file = try String(contentsOf: home.feedList, encoding: .utf8)
            #expect(file.hasSuffix("/two.xml \"~Second\"\n"), "\(file)")
        }
    }

    /// A query feed of the feeds file is listed with its counts from the cache, opens on the
    /// items its expression matches, and reading there marks the item in its own feed.
    @Test func aQueryFeedListsAndReadsTheItemsItMatches() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/alpha.xml", "Alpha", 3)])
            try home.writeFeedList([server.address("/alpha.xml"), "\"query:Second stories:title =~ \\\"story 2$\\\"\" picks"])
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            let list = try await tmux.waitUntil("the query's counts", { $0.contains("3/3") && $0.contains("Second stories") && $0.contains("1/1") })
            #expect(list.contains("picks"))
            try await tmux.press("j", "j", "j", "j", "Enter")
            let items = try await tmux.waitFor("Alpha story 2")
            #expect(!items.contains("Alpha story 1") && !items.contains("Alpha story 3"), "\(items)")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title: Alpha story 2")
            try await tmux.press("q", "q")
            _ = try await tmux.waitUntil("the item read in its own feed", { $0.contains("2/3") && $0.contains("0/1") })
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            // `feeds list` has it too, text and JSON, counted from the cache.
            let text = try await home.run("feeds", "list")
            #expect(text.output.contains("query:Second stories  title =~ \"story 2$\"  (picks)  0/1 unread"), "\(text.output)")
            let json = try await home.run("feeds", "list", "--format", "json")
            #expect(json.output.contains("\"url\":\"query:Second stories\",\"title\":\"Second stories\",\"tags\":[\"picks\"],\"unread\":0,\"total\":1"),
                    "\(json.output)")
        }
    }

    @Test func aTallTerminalShowsALineAnItem() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, [("/forty.xml", "Forty", 40)])
            try home.writeFeedList([server.address("/forty.xml")])
            let tmux = try await TmuxSession(width: 120, height: 40, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("40/40")
            try await tmux.press("Enter")
            let screen = try await tmux.waitFor("Forty story 37")
            let items = screen.split(separator: "\n").filter { $0.contains("Forty story") }
            #expect(items.count >= 30, "\(items.count) items at 120×40:\n\(screen)")
            try await tmux.press("G")
            _ = try await tmux.waitFor("Forty story 40")
            // / in the list: its items holding the words, from the cache's full-text index.
            try await tmux.press("/")
            try await tmux.type("story 3")
            try await tmux.press("Enter")
            let found = try await tmux.waitFor("'story 3' in All items · 1 item")
            let rows = found.split(separator: "\n").filter { $0.contains("Forty story") }
            // Whole words: story 3, not 13 or 33.
            #expect(rows.count == 1 && rows[0].hasSuffix("Forty story 3"), "\(found)")
            try await tmux.press("q", "/")
            try await tmux.type("stor")
            try await tmux.press("Enter")
            // The last word may begin one: every story.
            _ = try await tmux.waitFor("'stor' in All items · 40 items")
            try await tmux.press("q")
            // A search result reads in the same pager (5: the Search tab).
            try await tmux.press("q", "5", "/")
            try await tmux.type("story 33")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("The text of Forty story 33")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title: Forty story 33")
            try await tmux.press("q")
            _ = try await tmux.waitFor("Forty · 2026-09-24")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }
}
