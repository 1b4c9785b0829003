import Foundation
import FremontTestSupport
import Testing

/// `fremont import newsboat` against a real newsboat (Debian's package; `.ci/run` installs it):
/// newsboat fetches loopback feeds into its cache.db, marks items read, then fremont imports its
/// folder, fetches the same feeds, and shows the same unread counts, the star, and not the
/// deleted item.
@Suite(.serialized) struct NewsboatImportTests {
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
        <item><title>Still unread</title><link>https://example.net/d</link><pubDate>Tue, 03 Sep 2024 12:00:00 +0000</pubDate></item>
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
        for feed in feeds {
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
            // Read through newsboat itself: its list of read articles (-I), by newsboat's guids:
            // two with guids, and one of each fallback (link + date as written, link, title).
            let guids = try await sqlite(database, "SELECT guid FROM rss_item WHERE guid IN ('g-1', 'g-2') OR title IN ('Dated one', 'Link only', 'Title only')")
            #expect(guids.contains("https://example.net/aTue, 03 Sep 2024 10:00:00 +0000"), "\(guids)")
            let readList = home.file("read.txt")
            try Data(guids.utf8).write(to: readList)
            let marked = try await newsboat(folder, ["-I", readList.path])
            #expect(marked.status == 0, "\(marked.output)\(marked.errors)")
            // newsboat's flags and deletions cannot be scripted from its command line: set in its
            // SQL, as its UI stores them (flags letters, deleted 1).
            _ = try await sqlite(database, "UPDATE rss_item SET flags = 's' WHERE guid = 'g-3'; UPDATE rss_item SET deleted = 1 WHERE guid = 'g-5' OR title = 'Dated two'")
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
                let items = try JSONSerialization.jsonObject(with: starred.standardOutput) as? [[String: Any]]
                #expect(items?.map { $0["title"] as? String } == ["Three"], "\(starred.output)\(starred.errors)")
                // Again: nothing more changes, nothing duplicates.
                let again = try await home.run("import", "newsboat", "--from", folder.path)
                #expect(again.status == 0 && again.output.contains("feeds: 0 added, 2 already listed"), "\(again.output)\(again.errors)")
            }
        }
    }
}
