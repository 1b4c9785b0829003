import Foundation
import FremontTestSupport
import Testing

/// `feeds reload` and `feeds list --format json` end to end: a feed list of real feeds served on
/// loopback, one address that fails, the cache between the two commands.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct FeedsReloadTests {
    private func run(_ home: TestHome, _ arguments: [String]) async throws -> Fremont.Result {
        try await Fremont.run(arguments: arguments, environment: home.environment)
    }

    /// Three feeds that answer at once: the command ends when the work does. (Blocking fetches
    /// on the dispatch pool starved the network callbacks they waited for, a second each time
    /// the pool had to grow: 2.1 s on two cores.)
    @Test func reloadEndsWhenTheWorkEnds() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            for name in ["nasa__breaking_news_2018-09-05.rss", "feed-rs__rss_2.0_nightvale.xml", "feed-rs__atom_mediarss_reddit_1.xml"] {
                #expect(try await run(home, ["feeds", "add", server.address("/data/feeds/real/\(name)")]).status == 0)
            }
            var durations: [Duration] = []
            // The fastest of three: a busy machine may slow one run, never all three by a second.
            // The command's own time, from its start to its exit: not the wait for a free slot
            // among the suite's other fremont commands, nor for this task to be resumed.
            for _ in 0..<3 {
                let reload = try await run(home, ["feeds", "reload"])
                durations.append(reload.duration)
                #expect(reload.status == 0, "\(reload.errors)")
            }
            let fastest = try #require(durations.min())
            #expect(fastest < .milliseconds(800), "feeds reload of three loopback feeds took \(fastest)")
        }
    }

    /// `ignore-article` in download mode reads each feed's tags from the feeds file: a rule
    /// keeping only the `space` feed's items stores them all (it stored none, saying nothing).
    /// A rule refused (a pattern past the budget) is said with its line before the reload, and
    /// a pattern glibc would match in quadratic time costs the reload nothing.
    @Test func aRefusedRuleIsSaidAndACostlyPatternCostsNothing() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let nasa = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            try home.writeFeedList([nasa])
            try home.writeConfig("ignore-article * \"title =~ \\\"((a{1,100}){1,100}){1,100}\\\"\"\nignore-article * \"content =~ \\\"[a-z]+zqx\\\"\"\n")
            let reload = try await run(home, ["feeds", "reload"])
            #expect(reload.status == 0, "\(reload.errors)")
            #expect(reload.errors.contains("config:1: warning: ignore-article:") && reload.errors.contains("too complex"), "\(reload.errors)")
            #expect(reload.output.contains("1 feed: 10 new items"), "\(reload.output)")
        }
    }

    @Test func ignoreRulesReadTheFeedsTags() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let nasa = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let nightvale = server.address("/data/feeds/real/feed-rs__rss_2.0_nightvale.xml")
            try home.writeFeedList(["\(nasa) \"space\"", "\(nightvale) radio"])
            try home.writeConfig("ignore-article * \"tags !# \\\"space\\\"\"\n")
            let reload = try await run(home, ["feeds", "reload"])
            #expect(reload.status == 0, "\(reload.errors)")
            #expect(reload.output.contains("2 feeds: 10 new items"), "\(reload.output)")
            let list = try await run(home, ["feeds", "list"])
            #expect(list.output.contains("10/10 unread"), "\(list.output)")
        }
    }

    /// Another fremont holding the cache's open lock past the wait: the run uses an empty cache,
    /// and the reload says nothing was kept and exits 1 (it said "1 feed: 10 new items", exit 0).
    @Test func reloadUnderAHeldOpenLockTellsTheTruth() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            #expect(try await run(home, ["feeds", "add", server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")]).status == 0)
            #expect(try await run(home, ["feeds", "list"]).status == 0)
            let holder = try ChildProcess(["/usr/bin/flock", home.cacheDatabase.path + ".lock", "sleep", "30"], environment: [:])
            defer { _ = holder.signal(SIGKILL) }
            try await Task.sleep(for: .milliseconds(300))
            let reload = try await run(home, ["feeds", "reload"])
            #expect(reload.status == 1, "\(reload.output) \(reload.errors)")
            #expect(reload.output.contains("1 feed: 0 new items, 1 failed"), "\(reload.output)")
            #expect(reload.errors.contains("fetched, but nothing was kept"), "\(reload.errors)")
            let sync = try await run(home, ["sync"])
            #expect(sync.status == 1 && sync.errors.contains("nothing synced"), "\(sync.errors)")
        }
    }

    /// On a terminal a slow reload says where it is, and what it waits for, before it ends; the
    /// line is gone when the summary comes.
    @Test func aSlowReloadShowsProgressOnATerminal() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            try home.writeFeedList([server.address("/slow/feeds/real/nasa__breaking_news_2018-09-05.rss?seconds=6"),
                                    server.address("/data/feeds/real/feed-rs__rss_2.0_nightvale.xml")])
            let tmux = try await TmuxSession(width: 120, height: 10, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path) feeds reload; echo EXIT=$?")
            let during = try await tmux.waitFor("reloading: 1 of 2 feeds · waiting", timeout: 5)
            #expect(!during.contains("EXIT=0"), "\(during)")
            let done = try await tmux.waitFor("EXIT=0", timeout: 20)
            #expect(done.contains("2 feeds: 11 new items") && !done.contains("reloading:"), "\(done)")
        }
    }

    /// A second process holding the cache's write lock (another fremont's reload) longer than
    /// SQLite's 2 s wait: the reload waits it out and keeps what it fetched (it printed "1 feed:
    /// 10 new items", exited 0 and kept nothing).
    @Test(.needs("sqlite3")) func reloadWaitsOutAnotherProcessHoldingTheCache() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            #expect(try await run(home, ["feeds", "add", server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")]).status == 0)
            // The cache made, then locked by sqlite3 in a transaction.
            #expect(try await run(home, ["feeds", "list"]).status == 0)
            let holder = try await CacheLockHolder.start(home.cacheDatabase.path)
            // Let go after three seconds: past SQLite's own 2 s wait, which lost the fetch before.
            let release = Task {
                try await Task.sleep(for: .seconds(3))
                await holder.release()
            }
            let reload = try await run(home, ["feeds", "reload"])
            #expect(reload.status == 0, "\(reload.errors)")
            #expect(reload.output.contains("1 feed: 10 new items"), "\(reload.output)")
            try await release.value
            let list = try await run(home, ["feeds", "list"])
            #expect(list.output.contains("10/10 unread"), "\(list.output)")
        }
    }

    @Test func reloadFetchesEveryFeedAndListSaysWhatTheCacheHas() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let nasa = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let nightvale = server.address("/data/feeds/real/feed-rs__rss_2.0_nightvale.xml")
            let missing = server.address("/data/feeds/real/no-such-feed.xml")
            #expect(try await run(home, ["feeds", "add", nasa, "--title", "NASA", "--tag", "space"]).status == 0)
            #expect(try await run(home, ["feeds", "add", nightvale]).status == 0)
            #expect(try await run(home, ["feeds", "add", missing, "--tag", "broken"]).status == 0)

            // Before any fetch, the list knows nothing but the file.
            let before = try await run(home, ["feeds", "list", "--format", "json"])
            let fresh = try #require(try JSONSerialization.jsonObject(with: Data(before.output.utf8)) as? [[String: Any]])
            #expect(fresh.count == 3)
            #expect(fresh[0]["total"] as? Int == 0 && fresh[0]["updated"] is NSNull && fresh[0]["error"] is NSNull)

            let reload = try await run(home, ["feeds", "reload"])
            #expect(reload.status == 1)
            #expect(reload.output == "3 feeds: 11 new items, 1 failed\n")
            #expect(reload.errors == "fremont: \(missing): HTTP 404 Not Found\n")

            let list = try await run(home, ["feeds", "list", "--format", "json"])
            #expect(list.status == 0)
            let feeds = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
            #expect(feeds.map { $0["url"] as? String } == [nasa, nightvale, missing])
            #expect(feeds.map { $0["title"] as? String } == ["NASA", "Welcome to Night Vale", ""])
            #expect(feeds.map { $0["tags"] as? [String] } == [["space"], [], ["broken"]])
            #expect(feeds.map { $0["total"] as? Int } == [10, 1, 0])
            #expect(feeds.map { $0["unread"] as? Int } == [10, 1, 0])
            #expect((feeds[0]["updated"] as? String)?.hasSuffix("Z") == true)
            #expect(feeds[0]["error"] is NSNull)
            #expect(feeds[2]["updated"] is NSNull)
            #expect(feeds[2]["error"] as? String == "HTTP 404 Not Found")

            let text = try await run(home, ["feeds", "list"])
            #expect(text.output.split(separator: "\n").map(String.init) == [
                "\(nasa)  NASA  (space)  10/10 unread",
                "\(nightvale)  Welcome to Night Vale  1/1 unread",
                "\(missing)  (broken)  failed: HTTP 404 Not Found",
            ])

            // The export names each feed by its title (yours, else its own) and carries its site.
            let exported = try await run(home, ["feeds", "export"])
            #expect(exported.status == 0)
            #expect(exported.output.contains("<outline type=\"rss\" text=\"NASA\" title=\"NASA\" xmlUrl=\"\(nasa)\" htmlUrl=\"http://www.nasa.gov/\" category=\"space\"/>"), "\(exported.output)")
            #expect(exported.output.contains("<outline type=\"rss\" text=\"Welcome to Night Vale\" title=\"Welcome to Night Vale\" xmlUrl=\"\(nightvale)\" htmlUrl=\"http://welcometonightvale.com\"/>"))
            #expect(exported.output.contains("<outline type=\"rss\" text=\"\(missing)\" xmlUrl=\"\(missing)\" category=\"broken\"/>"))

            // A second reload: nothing new, the same failure.
            let again = try await run(home, ["feeds", "reload"])
            #expect(again.output == "3 feeds: 0 new items, 1 failed\n")
        }
    }

    @Test func reloadWithNothingToReloadSaysSoAndOfflineIsRefused() async throws {
        let home = try TestHome()
        let nothing = try await run(home, ["feeds", "reload"])
        #expect(nothing.status == 0)
        #expect(nothing.errors.contains("no feeds in"))
        let offline = try await run(home, ["feeds", "reload", "--offline"])
        #expect(offline.status != 0)
        #expect(offline.errors.contains("--offline reads the cache; reload fetches"))
        let empty = try await run(home, ["feeds", "list", "--format", "json"])
        #expect(empty.output == "[]\n")
    }
}

/// `fremont search` end to end: feeds reloaded into a cache, then searched in both formats.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct SearchCommandTests {
    private func run(_ home: TestHome, _ arguments: [String]) async throws -> Fremont.Result {
        try await Fremont.run(arguments: arguments, environment: home.environment)
    }

    @Test func searchFindsCachedItemsRankedInTextAndJSON() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let nasa = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let nightvale = server.address("/data/feeds/real/feed-rs__rss_2.0_nightvale.xml")
            _ = try await run(home, ["feeds", "add", nasa])
            _ = try await run(home, ["feeds", "add", nightvale])
            #expect(try await run(home, ["feeds", "reload"]).status == 0)

            let text = try await run(home, ["search", "glow", "cloud"])
            #expect(text.status == 0)
            #expect(text.output == """
                221 - The Glow Cloud, Explained
                  Welcome to Night Vale · 2023-02-01T05:00:00Z
                  https://beta.prx.org/stories/441886
                  …in a certain glowing [cloud]. Weather: “Blackeyeblue“ by Shotgun Marmalade [1] The…


                """)
            let json = try await run(home, ["search", "astero", "--format", "json"])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let hits = try #require(answer["items"] as? [[String: Any]])
            #expect(answer["matched"] as? Int == hits.count)
            #expect(!hits.isEmpty)
            #expect(hits.allSatisfy { $0["feed"] as? String == nasa })
            #expect(hits[0]["title"] as? String == "NASA to Host Live Chat on Successful Mission to Asteroid Belt")
            #expect(Set(hits[0].keys) == ["feed", "feedTitle", "id", "title", "link", "published", "snippet"])

            let none = try await run(home, ["search", "zyzzyva"])
            #expect(none.status == 0 && none.output == "")
            #expect(none.errors == "fremont: no cached item holds zyzzyva\n")
            let limited = try await run(home, ["search", "nasa", "--limit", "2", "--format", "json"])
            let cut = try #require(try JSONSerialization.jsonObject(with: Data(limited.output.utf8)) as? [String: Any])
            #expect((cut["items"] as? [Any])?.count == 2 && (cut["matched"] as? Int ?? 0) > 2, "\(limited.output)")
        }
    }
}
