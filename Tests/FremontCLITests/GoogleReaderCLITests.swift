import Foundation
import FremontTestSupport
import Testing

/// `fremont sync` and the browser with `urls-source "freshrss"` against the loopback Google Reader
/// server: the settings by newsboat's names, what the command prints, the feed list, and the
/// password nowhere but in the login's body.
@Suite(.serialized, .needs("tmux")) struct GoogleReaderCLITests {
    private func withServer(password: String = GoogleReaderServer.password,
                            _ body: (GoogleReaderServer, TestHome) async throws -> Void) async throws {
        let server = GoogleReaderServer()
        server.subscribe(title: "Daily News", url: "https://news.example.com/feed.xml", category: "News", entries: 30)
        server.subscribe(title: "Tech Weekly", url: "https://tech.example.com/rss", category: "Tech", entries: 15)
        try await server.start()
        do {
            let home = try TestHome()
            let passwordFile = home.file("freshrss-password")
            try Data("\(password)\n".utf8).write(to: passwordFile)
            try home.writeConfig("""
                urls-source "freshrss"
                freshrss-url "\(server.url)"
                freshrss-login "\(GoogleReaderServer.login)"
                freshrss-passwordfile "\(passwordFile.path)"
                freshrss-min-items 100
                freshrss-flag-star "s"
                freshrss-show-special-feeds "true"
                """)
            try await body(server, home)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    private func sqlite(_ home: TestHome, _ query: String) async throws -> [String] {
        let result = try await ChildProcess.run(["/usr/bin/sqlite3", home.cacheDatabase.path, query],
                                                environment: ProcessInfo.processInfo.environment)
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func syncPrintsWhatMovedAndFeedsListSaysWhereEachComesFrom() async throws {
        try await withServer { server, home in
            let first = try await home.run("sync")
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.errors.isEmpty, "\(first.errors)")
            #expect(first.output.contains("to the server: 0 changes sent"), "\(first.output)")
            #expect(first.output.contains("from the server: 2 feeds (2 new, 0 gone), 45 new items"), "\(first.output)")
            let list = try await home.run("feeds", "list")
            #expect(list.output.contains("https://news.example.com/feed.xml  Daily News  (News)  30/30 unread  [FreshRSS http://127.0.0.1:\(server.port)/api/greader.php]"),
                    "\(list.output)")
            // Marked here (the queue, as the browser fills it), sent by the next sync.
            let feed = try #require(try await sqlite(home, "SELECT feedURL FROM syncFeed ORDER BY position LIMIT 1").first)
            let id = try #require(server.entries.first?.id)
            _ = try await sqlite(home, "UPDATE item SET isRead = 1 WHERE id = '\(id)'; "
                + "INSERT INTO syncChange (feedURL, itemID, field, value, madeAt) VALUES ('\(feed)', '\(id)', 'read', 1, datetime('now'))")
            let up = try await home.run("sync")
            #expect(up.output.contains("to the server: 1 change sent"), "\(up.output)")
            #expect(server.readIDs == [id])
            for text in [first.output, first.errors, list.output, list.errors, up.output, up.errors] {
                #expect(!text.contains(GoogleReaderServer.password))
            }
            #expect(try await sqlite(home, "SELECT count(*) FROM feed WHERE url LIKE '%\(GoogleReaderServer.password)%'") == ["0"])
        }
    }

    @Test func aWrongPasswordSaysToCheckTheLogin() async throws {
        try await withServer(password: "Not-The-Password-7") { _, home in
            let result = try await home.run("sync")
            #expect(result.status == 1)
            #expect(result.errors.contains("check freshrss-login and the password"), "\(result.errors)")
            #expect(!result.errors.contains("Not-The-Password-7") && !result.output.contains("Not-The-Password-7"))
        }
    }

    @Test func theServerDownSaysTheChangesWait() async throws {
        try await withServer { server, home in
            #expect(try await home.run("sync").status == 0)
            await server.stop()
            let feed = try #require(try await sqlite(home, "SELECT feedURL FROM syncFeed ORDER BY position LIMIT 1").first)
            _ = try await sqlite(home, "INSERT INTO syncChange (feedURL, itemID, field, value, madeAt) VALUES ('\(feed)', '\(server.entries[0].id)', 'starred', 1, datetime('now'))")
            let offline = try await home.run("sync")
            #expect(offline.status == 1)
            #expect(offline.errors.contains("(1 change wait in the cache for the next sync)"), "\(offline.errors)")
            try await server.start()
            let back = try await home.run("sync")
            #expect(back.status == 0 && back.output.contains("to the server: 1 change sent"), "\(back.output)\(back.errors)")
            #expect(server.starredIDs == [server.entries[0].id])
        }
    }

    /// The browser on a FreshRSS account: the server's feeds listed, a read and a star made in the
    /// browser reach the server at the next sync, and a read made on the server shows in the list.
    @Test func theBrowserReadsAndStarsAndTheServerHasThem() async throws {
        try await withServer { server, home in
            #expect(try await home.run("sync").status == 0)
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitUntil(timeout: 30, "the synced feeds listed") { $0.contains("Daily News") && $0.contains("Tech Weekly") }
            for _ in 0..<3 { try await tmux.press("j") }
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Daily News item 30")
            // Read the newest, n: read the next unread, * star it; back, back, quit.
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title:")
            try await tmux.press("n", "*", "q", "q", "q")
            try await tmux.expectShellRestored(status: "0")
            let up = try await home.run("sync")
            #expect(up.output.contains("to the server: 3 changes sent"), "\(up.output)")
            let news = server.entries.filter { $0.feed == 1 }.map(\.id)
            #expect(server.readIDs == [news[29], news[28]])
            #expect(server.starredIDs == [news[28]])

            // Read on the server: the browser's load syncs and the list shows it.
            server.mark(news[27], read: true)
            let again = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await again.ready()
            try await again.run("\(Fremont.path); echo EXIT=$?")
            _ = try await again.waitUntil(timeout: 30, "Daily News at 27/30") { $0.contains("27/30") }
            try await again.press("q")
            try await again.expectShellRestored(status: "0")
        }
    }

    /// The figures of the README: a first sync of 5,000 items (50 feeds of 100), then a sync of 50
    /// changes made here and 50 made on the server, each a run of `fremont sync` over loopback.
    /// Run with `FREMONT_GREADER_BENCH=.build/release/fremont` (the binary timed).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FREMONT_GREADER_BENCH"] != nil))
    func syncTimesOverLoopback() async throws {
        let binary = ProcessInfo.processInfo.environment["FREMONT_GREADER_BENCH"]!
        let server = GoogleReaderServer()
        for feed in 1...50 { server.subscribe(title: "Feed \(feed)", url: "https://example.com/\(feed).xml", category: "C\(feed % 5)", entries: 100) }
        try await server.start()
        defer { Task { await server.stop() } }
        let home = try TestHome()
        try home.writeConfig("""
            urls-source "freshrss"
            freshrss-url "\(server.url)"
            freshrss-login "\(GoogleReaderServer.login)"
            freshrss-password "\(GoogleReaderServer.password)"
            freshrss-min-items 100
            """)
        let environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        let first = try await ChildProcess.run([binary, "sync"], environment: environment, timeout: .seconds(300))
        #expect(first.status == 0 && first.output.contains("5000 new items"), "\(first.output)\(first.errors)")
        let ids = server.entries.map(\.id)
        // 50 changes here (25 reads, 25 stars), queued as the browser queues them; 50 on the server.
        var sql = "BEGIN;"
        for (index, id) in ids.prefix(50).enumerated() {
            let field = index % 2 == 0 ? "read" : "starred"
            if field == "read" { sql += "UPDATE item SET isRead = 1 WHERE id = '\(id)';" }
            sql += "INSERT INTO syncChange (feedURL, itemID, field, value, madeAt) SELECT (SELECT url FROM feed WHERE key = item.feedKey), id, '\(field)', 1, datetime('now') FROM item WHERE id = '\(id)';"
        }
        sql += "COMMIT;"
        _ = try await ChildProcess.run(["/usr/bin/sqlite3", home.cacheDatabase.path, sql], environment: environment)
        for id in ids.suffix(50) { server.mark(id, read: true) }
        let incremental = try await ChildProcess.run([binary, "sync"], environment: environment, timeout: .seconds(300))
        // The 25 stars sent come back as the server's (the star's copy is the cache's own record).
        #expect(incremental.output.contains("50 changes sent") && incremental.output.contains("50 marked read, 0 unread, 25 starred"),
                "\(incremental.output)")
        let idle = try await ChildProcess.run([binary, "sync"], environment: environment, timeout: .seconds(300))
        print("GREADER-BENCH first sync of 5000 items: \(first.duration); 50 up + 50 down: \(incremental.duration); nothing to do: \(idle.duration)")
        print("GREADER-BENCH " + incremental.output)
    }
}
