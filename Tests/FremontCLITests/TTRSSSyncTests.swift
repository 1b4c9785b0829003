import Foundation
import FremontTestSupport
import Testing

/// Sync against a REAL Tiny Tiny RSS (the shared scripts start one on loopback per test, with its
/// feeds served by the loopback server): subscriptions come down as feeds, marks and stars made
/// in the browser go up, the server's marks come down, and changes made while the server is down
/// all arrive once it is back, none twice. Passed over, with the reason, where tt-rss cannot run.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct TTRSSSyncTests {
    static let nasa = "/data/feeds/real/nasa__breaking_news_2018-09-05.rss"
    static let nightVale = "/data/feeds/real/feed-rs__rss_2.0_nightvale.xml"

    /// A loopback feed server, a fresh tt-rss subscribed to two of its feeds, and a home whose
    /// config syncs with it (the password in a file).
    private func withServer(_ body: (TTRSSServer, TestHome, LoopbackServer) async throws -> Void) async throws {
        if let reason = TTRSSServer.unavailable {
            print("TTRSSSyncTests: skipped: \(reason)")
            return
        }
        try await LoopbackServer.with { feeds in
            let server = try await TTRSSServer.start(feedPort: feeds.port)
            do {
                try await server.seed([feeds.address(Self.nasa), feeds.address(Self.nightVale)])
                let home = try TestHome()
                let passwordFile = home.file("ttrss-password")
                try Data("\(TTRSSServer.password)\n".utf8).write(to: passwordFile)
                try home.writeConfig("""
                    urls-source = "ttrss"
                    ttrss-url = \(server.url)
                    ttrss-login = \(TTRSSServer.login)
                    ttrss-passwordfile = \(passwordFile.path)
                    """)
                try await body(server, home, feeds)
                await server.stop()
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    private func sqlite(_ home: TestHome, _ query: String) async throws -> [String] {
        let result = try await ChildProcess.run(["/usr/bin/sqlite3", home.cacheDatabase.path, query],
                                                environment: ProcessInfo.processInfo.environment)
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Reads the first two items of NASA's feed in the browser and stars the second; `local` feeds
    /// from the feeds file come first in the list.
    private func readTwoAndStarOne(_ home: TestHome, local: Int = 0) async throws {
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(Fremont.path); echo EXIT=$?")
        _ = try await tmux.waitUntil(timeout: 30, "the synced feeds listed") { $0.contains("NASA") && $0.contains("Night Vale") }
        for _ in 0..<(3 + local) { try await tmux.press("j") }
        try await tmux.press("Enter")
        _ = try await tmux.waitFor("NASA")
        // Read the first, n: read the next unread, * star it; back, back, quit.
        try await tmux.press("Enter")
        _ = try await tmux.waitFor("Title:")
        try await tmux.press("n", "*", "q", "q", "q")
        try await tmux.expectShellRestored(status: "0")
    }

    @Test func marksGoUpAndComeDown() async throws {
        try await withServer { server, home, feeds in
            // A feed of the feeds file's own, beside the server's.
            let debian = feeds.address("/data/feeds/real/feed-rs__rss_1.0_debian.xml")
            #expect(try await home.run("feeds", "add", debian).status == 0)
            let first = try await home.run("sync")
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.output.contains("to the server: 0 changes sent"), "\(first.output)")
            #expect(first.output.contains("from the server: 2 feeds (2 new, 0 gone)"), "\(first.output)")
            let all = try await server.articleIDs()
            #expect(try await sqlite(home, "SELECT count(*) FROM item") == ["\(all.count)"])
            #expect(all.count > 10)

            let list = try await home.run("feeds", "list")
            #expect(list.output.contains("NASA"), "\(list.output)")
            #expect(list.output.contains("[tt-rss http://127.0.0.1:\(server.port)/api/]"), "\(list.output)")
            #expect(!list.output.contains(TTRSSServer.password) && !list.errors.contains(TTRSSServer.password))
            #expect(list.output.hasPrefix(debian + "\n"), "\(list.output)")
            // The synced items are searched like any.
            let search = try await home.run("search", "asteroid")
            #expect(search.output.contains("NASA to Host Live Chat on Successful Mission to Asteroid Belt"), "\(search.output)")

            // Read two and star one in the browser, then sync: the server has them.
            try await readTwoAndStarOne(home, local: 1)
            // The feeds file's feed loaded beside them, and nothing of it is queued for the server.
            #expect(try await sqlite(home, "SELECT count(*) > 0 FROM item WHERE feedKey = (SELECT key FROM feed WHERE url = '\(debian)')") == ["1"])
            #expect(try await sqlite(home, "SELECT count(*) FROM syncChange WHERE feedURL NOT LIKE 'ttrss://%'") == ["0"])
            let read = Set(try await sqlite(home, "SELECT id FROM item WHERE isRead").compactMap(Int.init))
            let starred = Set(try await sqlite(home, "SELECT id FROM starred").compactMap(Int.init))
            #expect(read.count == 2 && starred.count == 1)
            let up = try await home.run("sync")
            #expect(up.status == 0, "\(up.errors)")
            #expect(up.output.contains("to the server: 3 changes sent"), "\(up.output)")
            #expect(try await server.unreadIDs() == all.subtracting(read))
            #expect(try await server.starredIDs() == starred)

            // Marked on the server: read one, star another, unstar ours; the next sync brings it.
            let nasa = Set(try await sqlite(home, "SELECT item.id FROM item JOIN feed ON feed.key = item.feedKey JOIN syncFeed ON syncFeed.feedURL = feed.url WHERE syncFeed.title LIKE 'NASA%'")
                .compactMap(Int.init))
            #expect(nasa.count == 10)
            let unread = try await server.unreadIDs().intersection(nasa).sorted()
            let (readThere, starThere) = (unread[0], unread[1])
            try await server.update(readThere, field: 2, to: false)
            try await server.update(starThere, field: 0, to: true)
            try await server.update(starred.first!, field: 0, to: false)
            // The browser's loads sync: NASA's list shows the read made on the server.
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            let expected = "\(unread.count - 1)/10"
            _ = try await tmux.waitUntil(timeout: 30, "NASA at \(expected)") { $0.contains(expected) }
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            let down = try await home.run("sync")
            #expect(down.output.contains("to the server: 0 changes sent"), "\(down.output)")
            #expect(down.output.contains("0 marked read, 0 unread, 0 starred, 0 unstarred"), "\(down.output)")
            #expect(try await sqlite(home, "SELECT isRead FROM item WHERE id = '\(readThere)'") == ["1"])
            #expect(try await sqlite(home, "SELECT id FROM starred") == ["\(starThere)"])
            // The cache's keys hold no password.
            #expect(try await sqlite(home, "SELECT count(*) FROM feed WHERE url LIKE '%\(TTRSSServer.password)%'") == ["0"])
        }
    }

    @Test func changesMadeWhileTheServerIsDownAllArriveOnce() async throws {
        try await withServer { server, home, _ in
            #expect(try await home.run("sync").status == 0)
            let all = try await server.articleIDs()
            try await server.stopHTTP()
            // The browser starts on the cache with the server gone, and keeps what is done.
            try await readTwoAndStarOne(home)
            let offline = try await home.run("sync")
            #expect(offline.status == 1)
            #expect(offline.errors.contains("(3 changes wait in the cache for the next sync)"), "\(offline.errors)")
            #expect(offline.output.contains("to the server: 0 changes sent, 3 waiting"), "\(offline.output)")
            // A second run of the browser (a restart), another read, still offline.
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitUntil(timeout: 30, "the synced feeds listed") { $0.contains("Night Vale") }
            try await tmux.press("j", "j", "j", "j", "Enter")
            _ = try await tmux.waitFor("Night Vale")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title:")
            try await tmux.press("q", "q", "q")
            try await tmux.expectShellRestored(status: "0")
            #expect(try await sqlite(home, "SELECT count(*) FROM syncChange") == ["4"])

            try await server.startHTTP()
            let back = try await home.run("sync")
            #expect(back.status == 0, "\(back.errors)")
            #expect(back.output.contains("to the server: 4 changes sent"), "\(back.output)")
            let read = Set(try await sqlite(home, "SELECT id FROM item WHERE isRead").compactMap(Int.init))
            #expect(read.count == 3)
            #expect(try await server.unreadIDs() == all.subtracting(read))
            #expect(try await server.starredIDs() == Set(try await sqlite(home, "SELECT id FROM starred").compactMap(Int.init)))
            // None twice: the queue is empty, and the next sync sends nothing.
            let again = try await home.run("sync")
            #expect(again.output.contains("to the server: 0 changes sent"), "\(again.output)")

            // A change the server refuses (an article it does not have): tried at three syncs,
            // once each, then dropped and said, never again.
            let feed = try #require(try await sqlite(home, "SELECT feedURL FROM syncFeed LIMIT 1").first)
            _ = try await sqlite(home, "INSERT INTO syncChange (feedURL, itemID, field, value, madeAt) VALUES ('\(feed)', '999999', 'read', 1, datetime('now'))")
            for attempt in 1...3 {
                let refused = try await home.run("sync")
                #expect(refused.status == 0, "\(refused.errors)")
                #expect(try await sqlite(home, "SELECT count(*) FROM syncChange") == [attempt < 3 ? "1" : "0"])
                #expect(refused.errors.contains("read of article 999999") == (attempt == 3), "\(attempt): \(refused.errors)")
            }
        }
    }
}
