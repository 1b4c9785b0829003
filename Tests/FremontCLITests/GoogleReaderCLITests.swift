import Foundation
import FremontTestSupport
import Testing

/// `fremont sync` and the browser with `urls-source "freshrss"` against the loopback Google Reader
/// server: the settings by newsboat's names, what the command prints, the feed list, and the
/// password nowhere but in the login's body.
@Suite(.serialized) struct GoogleReaderCLITests {
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
            #expect(offline.errors.contains("(1 changes wait in the cache)"), "\(offline.errors)")
            try await server.start()
            let back = try await home.run("sync")
            #expect(back.status == 0 && back.output.contains("to the server: 1 change sent"), "\(back.output)\(back.errors)")
            #expect(server.starredIDs == [server.entries[0].id])
        }
    }
}
