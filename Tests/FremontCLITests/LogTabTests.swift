import Foundation
import FremontTestSupport
import Testing

/// The Log tab in a real terminal: the warnings of a run's loads, readable, and told on exit.
@Suite(.serialized, .needs("tmux")) struct LogTabTests {
    private let fremont = Fremont.path

    @Test func aBrokenFeedsRepairWarningShowsInTheLogWithItsPlace() async throws {
        let home = try TestHome()
        let feed = home.root.appendingPathComponent("amp.xml")
        try Data("""
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Broken</title>
        <item><title>Fish & Chips</title><link>http://e.test/1</link></item>
        </channel></rss>

        """.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Fish & Chips")
        try await tmux.press("4")
        let screen = try await tmux.waitFor("amp.xml:3:19")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = try #require(lines.firstIndex { $0.contains("amp.xml:3:19") })
        #expect(lines[head].contains("warning"))
        #expect(lines[head].range(of: #"\d\d:\d\d:\d\d"#, options: .regularExpression) != nil)
        #expect(lines[head + 1].contains("a bare '&' (not allowed in XML): read as '&amp;'"))
        #expect(lines[0].contains("4 Log"))
        try await tmux.press("q")
        let after = try await tmux.waitFor("EXIT=0")
        #expect(after.contains("fremont: 1 warning this run: the Log tab (key 4) lists them"))
        try await tmux.expectShellRestored(status: "0")
    }

    @Test func aCleanRunSaysNothingOnExit() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        try await tmux.press("4")
        try await tmux.waitFor("Nothing yet")
        try await tmux.press("q")
        let after = try await tmux.waitFor("EXIT=0")
        #expect(!after.contains("this run"))
    }
}
