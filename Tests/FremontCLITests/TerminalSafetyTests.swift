import Foundation
import FremontTestSupport
import Testing

/// The terminal is given back on every way out, and nothing a feed says drives it: end to end in
/// tmux, as a person would see it.
@Suite(.serialized, .needs("tmux")) struct TerminalSafetyTests {
    private let fremont = Fremont.path

    @Test(arguments: ["q", "C-c"])
    func quittingRestoresTheTerminal(key: String) async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        try await tmux.press(key)
        try await tmux.expectShellRestored(status: "0")
    }

    /// A terminal curses cannot drive (or `TERM=dumb`) gets the printed form, and a line saying
    /// why, before the screen is touched.
    @Test(arguments: ["no-such-terminal", "dumb"])
    func aTerminalCursesCannotDriveGetsPrintedOutput(term: String) async throws {
        let home = try TestHome()
        let feed = home.root.appendingPathComponent("small.xml")
        try Data("<rss version=\"2.0\"><channel><title>Small</title><item><title>Only item</title></item></channel></rss>".utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("TERM=\(term) \(fremont) feed \(feed.path); echo EXIT=$?")
        // The line may wrap on the 100 columns: read the screen as one text.
        let screen = try await tmux.waitFor("EXIT=0").replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("fremont: TERM=\(term) "))
        #expect(screen.contains(": printing instead of opening the browser"))
        #expect(screen.contains("Only item"))
        try await tmux.expectShellRestored(status: "0")
    }

    /// A crash on the thread of a background load (the signal sent to that very thread, as a
    /// fault there would be) still gives the shell back, and the crash is still reported.
    /// (SIGABRT is left out here: Dispatch's threads block it, and `abort` unblocks it itself.)
    @Test(arguments: [("SEGV", SIGSEGV, "139"), ("BUS", SIGBUS, "135"), ("ILL", SIGILL, "132"), ("FPE", SIGFPE, "136")])
    func aCrashInABackgroundLoadRestoresTheTerminal(name: String, signal: Int32, status: String) async throws {
        try await LoopbackServer.with { server in
            let home = try TestHome()
            // Swift's crash report would wait for a key on a terminal; here it must not.
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment.merging(["SWIFT_BACKTRACE": "interactive=no"]) { $1 })
            try await tmux.ready()
            try await tmux.run("\(fremont) bikes '\(server.address("/slow?seconds=20"))'; echo EXIT=$?")
            try await tmux.waitFor("loading")
            let pid = try #require(try await tmux.foregroundProcess())
            // "loading" is drawn as the load is handed to its thread, which may not run (and be
            // named) until a moment later on a busy machine.
            let loader = try #require(try await Self.eventually { Self.thread(named: "fremont-load", in: pid) }, "no load thread in \(pid)")
            #expect(Self.signalThread(pid, loader, signal) == 0)
            try await tmux.waitFor("EXIT=\(status)", timeout: 30)
            #expect(try await tmux.screen(history: 500).contains("\"fremont-load\" crashed"), "SIG\(name) on the load thread")
            try await tmux.expectShellRestored(status: status)
        }
    }

    /// A crash on the screen's own thread, and an abort (a failed precondition in C code).
    @Test(arguments: [(SIGSEGV, "139"), (SIGABRT, "134")])
    func aCrashOnTheScreensThreadRestoresTheTerminal(signal: Int32, status: String) async throws {
        let tmux = try await TmuxSession(width: 80, height: 24, environment: ["SWIFT_BACKTRACE": "interactive=no"])
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        let pid = try #require(try await tmux.foregroundProcess())
        #expect(Self.signalThread(pid, pid, signal) == 0)
        try await tmux.expectShellRestored(status: status)
    }

    /// Escape sequences, C1 controls and bidi overrides in a feed's titles and text: shown
    /// harmlessly, and none reaches the terminal (the pane's title, set by OSC 0, stays as it was).
    @Test func hostileTextNeverReachesTheTerminal() async throws {
        let home = try TestHome()
        let feed = home.root.appendingPathComponent("hostile.xml")
        try Data(Self.hostileFeed.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        let titleBefore = try await tmux.pane("pane_title")
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        var screen = try await tmux.waitFor("Title")
        try await tmux.press("Enter")
        screen = try await tmux.waitFor("Body")
        let raw = try await tmux.screen(escapes: true)
        #expect(try await tmux.pane("pane_title") == titleBefore)
        #expect(!screen.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) })
        // Strike-through (SGR 9) and blink (SGR 5) are never ours: had the feed's CSI got through,
        // tmux would redraw with them.
        #expect(!raw.contains("\u{1B}[9m") && !raw.contains(";9m") && !raw.contains("\u{1B}[5m"))
        // The words around each sequence are there, in their order (bidi overrides removed).
        #expect(screen.contains("Title") && screen.contains("one") && screen.contains("two") && screen.contains("reversed"))
        #expect(!screen.contains("\u{202E}"))
        // q closes the item, then quits.
        try await tmux.press("q")
        try await tmux.waitFor("Hostile · 1 item")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
        #expect(try await tmux.pane("pane_title") == titleBefore)
    }

    /// Only http and https links are opened, and a link reaches `$BROWSER` as one argument: never
    /// through a shell, whatever it holds.
    @Test func linksAreOpenedSafelyOrNotAtAll() async throws {
        let home = try TestHome()
        let record = home.root.appendingPathComponent("browser-args")
        let pwned = home.root.appendingPathComponent("pwned")
        let browser = home.root.appendingPathComponent("browser")
        // A stand-in browser that writes how many arguments it got, then each on its own line.
        try Data("#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record.path)'\n".utf8).write(to: browser)
        chmod(browser.path, 0o755)
        let sneaky = "https://example.org/a;b|c&d$(touch${IFS}\(pwned.path))`touch${IFS}\(pwned.path)`'q\"<x>"
        let feed = home.root.appendingPathComponent("links.xml")
        try Data(Self.linksFeed(sneaky).utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 120, height: 30, environment: home.environment.merging(["BROWSER": browser.path]) { $1 })
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Script link")
        try await tmux.press("o")
        try await tmux.waitFor("not opened: only http and https links are (javascript:")
        try await tmux.press("j", "o")
        try await tmux.waitFor("not opened: only http and https links are (file:///etc/passwd)")
        try await tmux.press("j", "o")
        try await tmux.waitFor("opened in browser")
        let arguments = try await Self.eventually { try? String(contentsOf: record, encoding: .utf8) }
        #expect(arguments == "1\n\(sneaky)\n")
        #expect(!FileManager.default.fileExists(atPath: pwned.path))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// A browser that fails, or is not there, is reported as such, not as "opened"; an enclosure
    /// goes to the config's player, with the address as its one argument.
    @Test func aFailingBrowserIsReportedAndEnclosuresGoToThePlayer() async throws {
        let home = try TestHome()
        let record = home.root.appendingPathComponent("player-args")
        let player = home.root.appendingPathComponent("player")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record.path)'\n".utf8).write(to: player)
        chmod(player.path, 0o755)
        try home.writeConfig("player = \(player.path)\n")
        let feed = home.root.appendingPathComponent("cast.xml")
        try Data("""
            <rss version="2.0"><channel><title>Cast</title><item><title>Episode</title><link>https://cast.example/1</link>
            <enclosure url="https://cast.example/1.mp3" type="audio/mpeg" length="100"/></item></channel></rss>
            """.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment.merging(["BROWSER": "false"]) { $1 })
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Episode")
        try await tmux.press("o")
        try await tmux.waitFor("false ($BROWSER) failed: exit status 1")
        try await tmux.press("P")
        try await tmux.waitFor("played in player")
        let arguments = try await Self.eventually { try? String(contentsOf: record, encoding: .utf8) }
        #expect(arguments == "1\nhttps://cast.example/1.mp3\n")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// Column names are text from the file too: `bikes --format csv` and `stats --by … --format
    /// csv` on a terminal cannot retitle the window or recolour it with them, while the same
    /// commands into a pipe give a program the names as they are.
    @Test func columnNamesNeverDriveTheTerminal() async throws {
        let home = try TestHome()
        let table = home.root.appendingPathComponent("hostile.csv")
        try Data(Self.hostileTable.utf8).write(to: table)
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        let titleBefore = try await tmux.pane("pane_title")
        try await tmux.run("\(fremont) bikes \(table.path) --format csv; \(fremont) stats \(table.path) --by day --format csv; echo DO\"\"NE")
        let screen = try await tmux.waitFor("DONE")
        let raw = try await tmux.screen(escapes: true)
        #expect(try await tmux.pane("pane_title") == titleBefore)
        #expect(!raw.contains("\u{1B}[9m") && !raw.contains(";9m"))
        #expect(screen.contains("date,]0;PWNEDnorth,[9mstruck[0m"))
        #expect(screen.contains("2016-04-01,]0;PWNEDnorth,measure,2,-1.5,"))
        // Into a pipe: faithful data for the program reading it.
        let piped = try await home.run("bikes", table.path, "--format", "csv")
        #expect(piped.output.hasPrefix("date,\u{1B}]0;PWNED\u{07}north,\u{1B}[9mstruck\u{1B}[0m\n"))
    }

    static let hostileTable = "date,\u{1B}]0;PWNED\u{07}north,\u{1B}[9mstruck\u{1B}[0m\n2016-04-01T00:00:00,-3.5,1\n2016-04-01T01:00:00,2,3\n"

    /// `$BROWSER` and `player` are split into words and run directly: a `NAME=value` word is a
    /// word like any other, never an environment assignment (so the setting names the program and
    /// nothing else), a quoted path with spaces works, `%u` is the link as one word, and without it
    /// the link is the last argument, so it can never become the program. (Through `env`,
    /// `BROWSER=X=1` made env run the link itself: `https://evil.example/run` is the file
    /// `https:/evil.example/run` in the folder fremont runs in.)
    @Test func programsRunFromTheirWordsAndALinkNeverPicksOne() async throws {
        let home = try TestHome()
        let pwned = home.root.appendingPathComponent("pwned")
        let trap = home.root.appendingPathComponent("https:/evil.example/run")
        try FileManager.default.createDirectory(at: trap.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\ntouch '\(pwned.path)'\n".utf8).write(to: trap)
        chmod(trap.path, 0o755)
        let folder = home.root.appendingPathComponent("my programs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let record = home.root.appendingPathComponent("arguments")
        let browser = folder.appendingPathComponent("browser"), player = folder.appendingPathComponent("player")
        for program in [browser, player] {
            // Writes the variable a setting could have set, how many arguments it got, then each.
            try Data("#!/bin/sh\nprintf '%s\\n' \"$A$X\" \"$#\" \"$@\" > '\(record.path)'\n".utf8).write(to: program)
            chmod(program.path, 0o755)
        }
        try home.writeConfig("player \"'\(player.path)' X=1 --url=%u\"\n")
        let feed = home.root.appendingPathComponent("evil.xml")
        try Data("""
            <rss version="2.0"><channel><title>Evil</title><item><title>Trap</title><link>https://evil.example/run</link>
            <enclosure url="https://evil.example/run" type="audio/mpeg" length="100"/></item></channel></rss>
            """.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 120, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("cd '\(home.root.path)' && BROWSER=X=1 \(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Trap")
        try await tmux.press("o")
        try await tmux.waitFor("could not run: no program 'X=1' ($BROWSER)")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
        #expect(!FileManager.default.fileExists(atPath: pwned.path))

        try await tmux.run("clear; BROWSER=\"A=B '\(browser.path)'\" \(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Trap")
        try await tmux.press("o")
        try await tmux.waitFor("could not run: no program 'A=B' ($BROWSER)")
        #expect(!FileManager.default.fileExists(atPath: record.path))
        try await tmux.press("P")
        try await tmux.waitFor("played in player")
        #expect(try await Self.eventually { try? String(contentsOf: record, encoding: .utf8) } == "\n2\nX=1\n--url=https://evil.example/run\n")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")

        // A colon list: the first program installed opens the link.
        try FileManager.default.removeItem(at: record)
        try await tmux.run("clear; BROWSER=\"no-such-browser:'\(browser.path)' --new-tab\" \(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Trap")
        try await tmux.press("o")
        try await tmux.waitFor("opened in browser")
        #expect(try await Self.eventually { try? String(contentsOf: record, encoding: .utf8) } == "\n2\n--new-tab\nhttps://evil.example/run\n")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
        #expect(!FileManager.default.fileExists(atPath: pwned.path))
    }

    // MARK: - Fixtures and helpers

    static let hostileFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Hostile</title>
        <item><title><![CDATA[Title \u{1B}]0;PWNED\u{07}one \u{1B}[9mtwo\u{1B}[0m \u{9B}5m three \u{202E}reversed\u{202C}]]></title>
        <description><![CDATA[<p>Body &#27;]2;PWNED&#7; with &#155;9m C1 and &#x202E;bidi&#x202C; and \u{1B}[2J a clear-screen</p>]]></description>
        <pubDate>Wed, 05 Sep 2018 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    static func linksFeed(_ sneaky: String) -> String {
        let escaped = sneaky.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Links</title>
            <item><title>Script link</title><link>javascript:alert(1)</link><pubDate>Wed, 05 Sep 2018 12:00:00 GMT</pubDate></item>
            <item><title>File link</title><link>file:///etc/passwd</link><pubDate>Wed, 05 Sep 2018 11:00:00 GMT</pubDate></item>
            <item><title>Sneaky link</title><link>\(escaped)</link><pubDate>Wed, 05 Sep 2018 10:00:00 GMT</pubDate></item>
            </channel></rss>
            """
    }

    /// The id of the thread of `pid` whose name is `name`.
    static func thread(named name: String, in pid: Int32) -> Int32? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.first { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.flatMap { Int32($0) }
    }

    /// tgkill(2): a signal to one thread, as a fault on that thread would raise. (Glibc has it,
    /// but Swift's Glibc module does not show it.)
    static func signalThread(_ pid: Int32, _ thread: Int32, _ signal: Int32) -> Int32 {
        typealias TGKill = @convention(c) (Int32, Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tgkill") else { return -1 }
        return unsafeBitCast(symbol, to: TGKill.self)(pid, thread, signal)
    }

    static func eventually<T>(timeout: TimeInterval = 5, _ value: () -> T?) async throws -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = value() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}
