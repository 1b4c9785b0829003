import Foundation
import FremontTestSupport
import Testing

/// `fremont import newsboat` against a real newsboat (Debian's package; `.ci/run` installs it):
/// newsboat fetches loopback feeds into its cache.db, items are read, starred and deleted in its UI
/// (in tmux), then fremont imports its
/// folder, fetches the same feeds, and shows the same unread counts, the star, and not the
/// deleted item.
@Suite(.serialized, .needs("tmux"), .needs("newsboat")) struct NewsboatImportTests {
    /// A feed whose items have guids.
    static let withGuids = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>With guids</title><link>https://example.org/</link>
        <item><guid isPermaLink="false">g-1</guid><title>One</title><link>https://example.org/1</link><pubDate>Mon, 02 Sep 2024 10:00:00 +0000</pubDate></item>
        <item><guid isPermaLink="false">g-2</guid><title>Two</title><link>https://example.org/2</link><pubDate>Mon, 02 Sep 2024 11:00:00 +0000</pubDate></item>
        <item><guid isPermaLink="false">g-3</guid><title>Three</title><link>https://example.org/3</link><pubDate>Mon, 02 Sep 2024 12:00:00 +0000</pubDate></item>
        <item><guid isPermaLink="false">g-4</guid><title>Four</title><link>https://example.org/4</link><pubDate>Mon, 02 Sep 2024 13:00:00 +0000</pubDate></item>
        <item><guid isPermaLink="false">g-5</guid><title>Five</title><link>https://example.org/5</link><pubDate>Mon, 02 Sep 2024 14:00:00 +0000</pubDate></item>
        </channel></rss>
        """

    /// A feed without guids: newsboat keys its items by link and date, link, or title.
    static let withoutGuids = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Without guids</title><link>https://example.net/</link>
        <item><title>Dated one</title><link>https://example.net/a</link><pubDate>Tue, 03 Sep 2024 10:00:00 +0000</pubDate></item>
        <item><title>Dated two</title><link>https://example.net/b</link><pubDate>Tue, 03 Sep 2024 11:00:00 GMT</pubDate></item>
        <item><title>Link only</title><link>https://example.net/c</link></item>
        <item><title>Title only</title><description>no link</description></item>
        <item><title>Dated three</title><link>https://example.net/d</link><pubDate>Tue, 03 Sep 2024 12:00:00 +0000</pubDate></item>
        </channel></rss>
        """

    private func newsboat(_ folder: URL, _ arguments: [String]) async throws -> ProcessResult {
        let environment = ["HOME": folder.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "LANG": "C.UTF-8"]
        let folderPath = folder.path
        return try await ChildProcess.run(["newsboat", "-u", folderPath + "/urls", "-c", folderPath + "/cache.db",
                                           "-C", folderPath + "/config"] + arguments, environment: environment, timeout: .seconds(60))
    }

    private func sqlite(_ database: URL, _ sql: String) async throws -> String {
        let result = try await ChildProcess.run(["sqlite3", database.path, sql], environment: [:])
        #expect(result.status == 0, "\(result.errors)")
        return result.output
    }

    /// Each feed's (unread, total) in newsboat's cache, deleted items left out as newsboat shows them.
    private func newsboatCounts(_ database: URL) async throws -> [String: [Int]] {
        let rows = try await sqlite(database, "SELECT feedurl, sum(unread), count(*) FROM rss_item WHERE deleted = 0 GROUP BY feedurl")
        var counts: [String: [Int]] = [:]
        for line in rows.split(separator: "\n") {
            let fields = line.split(separator: "|").map(String.init)
            counts[fields[0]] = [Int(fields[1]) ?? -1, Int(fields[2]) ?? -1]
        }
        return counts
    }

    private func fremontCounts(_ home: TestHome) async throws -> [String: [Int]] {
        let list = try await home.run("feeds", "list", "--format", "json")
        #expect(list.status == 0, "\(list.errors)")
        let feeds = try #require(try JSONSerialization.jsonObject(with: list.standardOutput) as? [[String: Any]])
        var counts: [String: [Int]] = [:]
        // The fetched feeds (a query feed imported beside them counts what they hold).
        for feed in feeds where feed["source"] as? String != "query" {
            counts[feed["url"] as? String ?? ""] = [feed["unread"] as? Int ?? -1, feed["total"] as? Int ?? -1]
        }
        return counts
    }

    @Test func fremontShowsWhatNewsboatShowedAfterTheImport() async throws {
        let home = try TestHome()
        let folder = home.file("newsboat")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await LoopbackServer.with(answering: { request in
            .init(body: Data((request.path == "/with.xml" ? Self.withGuids : Self.withoutGuids).utf8))
        }) { server in
            let guided = server.address("/with.xml")
            let unguided = server.address("/without.xml")
            try Data("\(guided) news \"~Guided\"\n\(unguided)\n\"query:Unread:unread = \\\"yes\\\"\"\n".utf8)
                .write(to: folder.appendingPathComponent("urls"))
            try Data("browser \"w3m %u\"\nreload-time 30\nttrss-flag-star \"s\"\n".utf8).write(to: folder.appendingPathComponent("config"))
            let reload = try await newsboat(folder, ["-x", "reload"])
            #expect(reload.status == 0, "\(reload.output)\(reload.errors)")
            let database = folder.appendingPathComponent("cache.db")
            // Read, flagged and deleted through newsboat's own UI, in tmux. Its lists are newest
            // first (undated items dated when fetched): N marks read and moves down, Ctrl-E edits
            // the flags, D deletes (and marks read).
            let tmux = try await TmuxSession(width: 120, height: 30, environment: home.environment)
            try await tmux.ready()
            let files = "-u '\(folder.path)/urls' -c '\(database.path)' -C '\(folder.path)/config'"
            try await tmux.run("HOME='\(folder.path)' newsboat \(files); echo EXIT=$?")
            _ = try await tmux.waitFor("Your feeds")
            // While newsboat runs, the import is refused and changes nothing.
            let refused = try await home.run("import", "newsboat", "--from", folder.path)
            #expect(refused.status == 1 && refused.errors.contains("newsboat is running on this cache"), "\(refused.errors)")
            #expect(!FileManager.default.fileExists(atPath: home.feedList.path))
            // With guids: Five and Four read, Three starred, Two deleted.
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Articles in feed 'Guided'")
            try await tmux.press("N")
            try await tmux.press("N")
            try await tmux.press("C-e")
            _ = try await tmux.waitFor("Flags:")
            try await tmux.type("s")
            try await tmux.press("Enter")
            try await tmux.press("Down")
            try await tmux.press("D")
            try await tmux.press("q")
            _ = try await tmux.waitFor("Your feeds")
            // Without guids: the two undated (link only, title only) and Dated three read, Dated two deleted.
            try await tmux.press("Down")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Articles in feed 'Without guids'")
            try await tmux.press("N")
            try await tmux.press("N")
            try await tmux.press("N")
            try await tmux.press("D")
            try await tmux.press("q")
            _ = try await tmux.waitFor("Your feeds")
            try await tmux.press("q")
            _ = try await tmux.waitFor("EXIT=0")
            let states = try await sqlite(database, "SELECT title, unread, coalesce(flags, ''), deleted FROM rss_item ORDER BY title")
            #expect(states == """
                Dated one|1||0
                Dated three|0||0
                Dated two|0||1
                Five|0||0
                Four|0||0
                Link only|0||0
                One|1||0
                Three|1|s|0
                Title only|0||0
                Two|0||1

                """, "\(states)")
            let expected = try await newsboatCounts(database)
            #expect(expected == [guided: [2, 4], unguided: [1, 4]], "\(expected)")

            let imported = try await home.run("import", "newsboat", "--from", folder.path)
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.output.contains("feeds: 2 added"), "\(imported.output)")
            #expect(imported.output.contains("imported browser, reload-time, ttrss-flag-star"), "\(imported.output)")
            #expect(imported.output.contains("1 starred, 2 deleted"), "\(imported.output)")
            for _ in 0..<2 {
                let fetched = try await home.run("feeds", "reload")
                #expect(fetched.status == 0, "\(fetched.errors)")
                #expect(try await fremontCounts(home) == expected)
                let starred = try await home.run("query", "flags = \"s\"", "--format", "json")
                let items = (try JSONSerialization.jsonObject(with: starred.standardOutput) as? [String: Any])?["items"] as? [[String: Any]]
                #expect(items?.map { $0["title"] as? String } == ["Three"], "\(starred.output)\(starred.errors)")
                // Again: nothing more changes, nothing duplicates.
                let again = try await home.run("import", "newsboat", "--from", folder.path)
                #expect(again.status == 0 && again.output.contains("feeds: 0 added, 2 already listed"), "\(again.output)\(again.errors)")
            }
        }
    }
}
