import Foundation
import FremontTestSupport
import Testing

/// A config and a feeds file written for newsboat open the browser as they are; what fremont
/// cannot use of them is in the Log from the start, each with its file and line, and counted on
/// the status line (stderr is under the screen there).
@Suite(.serialized, .needs("tmux")) struct NewsboatConfigTerminalTests {
    private let fremont = Fremont.path

    @Test func aNewsboatConfigLoadsWithItsWarningsInTheLog() async throws {
        let home = try TestHome()
        try home.writeConfig("""
            # written for newsboat
            browser "w3m %u"
            auto-reload yes
            reload-time 120
            color background white black
            bind-key ^D pagedown article
            show-read-feeds no
            articlelist-format "%4i %f %D %?T?;%-17T;  ?%t"

            """)
        try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            https://example.invalid/feed.xml news "~Example"
            "query:Unread Articles:unread = \\"yes\\""
            exec:~/bin/my-feed

            """.utf8).write(to: home.feedList)
        let tmux = try await TmuxSession(width: 120, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) --offline; echo EXIT=$?")
        let start = try await tmux.waitFor("3 warnings — 4 Log")
        // show-read-feeds no: the list starts as U shows it (the one feed, never fetched, is hidden).
        #expect(start.contains("2 feeds · unread only") && !start.contains("Example"))
        try await tmux.press("4")
        let log = try await tmux.waitFor("newsboat's exec: feeds are not supported yet")
        for expected in ["config:5", "newsboat's 'color' is not supported; ignored", "config:8",
                         "newsboat's 'articlelist-format' is not supported; ignored",
                         "feeds:3"] {
            #expect(log.contains(expected), "\(expected)")
        }
        try await tmux.press("q")
        let after = try await tmux.waitFor("EXIT=0")
        #expect(after.contains("warnings this run: the Log tab (key 4) lists them"))
    }

    /// A config that cannot be used at all (a bad endpoint) is not a silence: the browser runs on
    /// the defaults, and the status line and the Log say why.
    @Test func aConfigThatCannotBeUsedIsAnErrorOnTheStatusLineAndInTheLog() async throws {
        let home = try TestHome()
        try home.writeConfig("mouse = no\nendpoint = ftp://example.org/x.json\n")
        let tmux = try await TmuxSession(width: 120, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) --offline; echo EXIT=$?")
        try await tmux.waitFor("endpoint must be an http or https address, not 'ftp://example.org/x.j")
        try await tmux.press("4")
        let log = try await tmux.waitFor("the browser runs without the config")
        #expect(log.contains("error  config:2"))
        try await tmux.press("q")
        try await tmux.waitFor("EXIT=0")
    }
}
