import FlyingFox
import Foundation
import FremontTestSupport
import Testing

/// newsboat's power settings, the real binary in tmux over feeds served on loopback: ignore rules
/// in both modes, sort orders, filters in the lists, `bookmark-cmd`, saving an item and
/// `notify-xterm`.
@Suite(.serialized, .needs("tmux")) struct PowerReaderTerminalTests {
    private func serve(_ server: LoopbackServer, _ path: String, _ name: String, count: Int) async {
        let body = ReadingTests.rss(name, count: count)
        await server.route("GET \(path)") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: body)
        }
    }

    private func titlesInCache(_ home: TestHome) async throws -> String {
        let run = try await ChildProcess.run(["/usr/bin/sqlite3", home.cacheDatabase.path, "SELECT title FROM item ORDER BY title"],
                                             environment: ProcessInfo.processInfo.environment)
        return String(decoding: run.standardOutput, as: UTF8.self)
    }

    /// `ignore-mode download` (newsboat's default): a matching item is never stored.
    @Test func anIgnoredItemIsNeverStored() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, "/alpha.xml", "Alpha", count: 3)
            try home.writeFeedList([server.address("/alpha.xml")])
            try home.writeConfig("ignore-article * \"title =~ \\\"story 2$\\\"\"\n")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("2/2")
            try await tmux.press("j", "j", "j", "Enter")
            let list = try await tmux.waitFor("Alpha story 3")
            #expect(list.contains("Alpha story 1") && !list.contains("Alpha story 2"))
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("EXIT=0")
            #expect(try await titlesInCache(home) == "Alpha story 1\nAlpha story 3\n")
        }
    }

    /// `ignore-mode display`: stored and hidden, and shown again when the rule goes.
    @Test func aHiddenItemShowsAgainWhenTheRuleGoes() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, "/alpha.xml", "Alpha", count: 3)
            try home.writeFeedList([server.address("/alpha.xml")])
            try home.writeConfig("ignore-mode display\nignore-article \(server.address("/alpha.xml")) \"title =~ \\\"story 2$\\\"\"\n")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("2/2")
            try await tmux.press("j", "j", "j", "Enter")
            let list = try await tmux.waitFor("Alpha story 3")
            #expect(!list.contains("Alpha story 2"))
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("EXIT=0")
            #expect(try await titlesInCache(home) == "Alpha story 1\nAlpha story 2\nAlpha story 3\n")
            try home.writeConfig("ignore-mode display\n")
            try await tmux.run("clear; \(Fremont.path) --offline; echo EXIT=$?")
            _ = try await tmux.waitFor("3/3")
            try await tmux.press("q")
        }
    }

    /// `article-sort-order` and `feed-sort-order` as newsboat reads them, `O` the next order; a
    /// filter picked by name narrows the list and the status line says so.
    @Test func sortOrdersAndFilters() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            await serve(server, "/alpha.xml", "Alpha", count: 3)
            await serve(server, "/beta.xml", "Beta", count: 1)
            try home.writeFeedList([server.address("/alpha.xml"), server.address("/beta.xml")])
            try home.writeConfig("""
                article-sort-order title-desc
                feed-sort-order articlecount
                define-filter "Ones" "title =~ \\"story 1$\\""

                """)
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            // Fewest items first: Beta (1) above Alpha (3).
            let feeds = try await tmux.waitUntil("both feeds counted") { $0.contains("1/1") && $0.contains("3/3") }
            let rows = feeds.split(separator: "\n").map(String.init)
            let beta = try #require(rows.firstIndex { $0.contains("Beta") }), alpha = try #require(rows.firstIndex { $0.contains("Alpha") })
            #expect(beta < alpha)
            #expect(feeds.contains("by articlecount-desc"))
            try await tmux.press("j", "j", "j", "j", "Enter")
            let list = try await tmux.waitFor("Alpha story 1")
            let lines = list.split(separator: "\n").map(String.init)
            let third = try #require(lines.firstIndex { $0.contains("Alpha story 3") }), first = try #require(lines.firstIndex { $0.contains("Alpha story 1") })
            #expect(third < first, "title-desc: Z to A")
            #expect(list.contains("by title-desc"))
            try await tmux.press("O")
            _ = try await tmux.waitFor("sorted by flags-asc")
            // f: the filter by name.
            try await tmux.press("f")
            _ = try await tmux.waitFor("Narrow the list by the filter:")
            try await tmux.press("Enter")
            let narrowed = try await tmux.waitFor("filter Ones")
            #expect(narrowed.contains("Alpha story 1") && !narrowed.contains("Alpha story 3"))
            try await tmux.press("C-f")
            _ = try await tmux.waitFor("Alpha story 3")
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("EXIT=0")
        }
    }

    /// `bookmark-cmd` gets the item's link, title, description and feed as four arguments, and
    /// what it prints is the status line's; `s` saves the item to a new file, never over one;
    /// `notify-xterm` puts the unread count in the window's title.
    @Test func bookmarkSaveAndTheTitle() async throws {
        let home = try TestHome()
        let arguments = home.file("bookmarked.txt"), script = home.file("bookmark.sh"), saved = home.file("story.txt")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(arguments.path)'\necho 'kept in the pinboard'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try await LoopbackServer.with { server in
            await serve(server, "/alpha.xml", "Alpha", count: 2)
            try home.writeFeedList([server.address("/alpha.xml")])
            try home.writeConfig("bookmark-cmd \"\(script.path)\"\nnotify-xterm yes\n")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitFor("2/2")
            #expect(try await tmux.pane("pane_title") == "fremont: 2 unread items")
            try await tmux.press("j", "j", "j", "Enter")
            _ = try await tmux.waitFor("Alpha story 2")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title: Alpha story 1")
            try await tmux.press("C-b")
            _ = try await tmux.waitFor("kept in the pinboard")
            let given = try String(contentsOf: arguments, encoding: .utf8)
            #expect(given.hasPrefix("http://example.com/0\nAlpha story 1\nThe text of Alpha story 1.\nAlpha\n"))
            try await tmux.press("s")
            _ = try await tmux.waitFor("Save the item to: Alpha_story_1.txt")
            try await tmux.press("C-u")
            try await tmux.type(saved.path)
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("saved to \(saved.path)")
            let text = try String(contentsOf: saved, encoding: .utf8)
            #expect(text.contains("Title: Alpha story 1\n") && text.contains("The text of Alpha story 1."))
            // Again: the file is there, and stays as it was.
            try await tmux.press("s")
            _ = try await tmux.waitFor("Save the item to:")
            try await tmux.press("C-u")
            try await tmux.type(saved.path)
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("not saved: ")
            #expect(try String(contentsOf: saved, encoding: .utf8) == text)
            // Read: the title follows the count.
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("1/2")
            #expect(try await tmux.pane("pane_title") == "fremont: 1 unread item")
            try await tmux.press("q")
            _ = try await tmux.waitFor("EXIT=0")
        }
    }
}
