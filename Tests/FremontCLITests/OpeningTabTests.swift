import Foundation
import FremontTestSupport
import Testing

/// With a feed list, `fremont` alone opens on the feeds; a command that names the data opens on it.
@Suite(.serialized, .needs("tmux")) struct OpeningTabTests {
    private let fremont = Fremont.path

    @Test(arguments: [("", "feed.xml"), ("bikes", "Friday, April 1, 2016 12:00 AM"),
                      ("bikes --from 2016-04-01 --to 2016-04-30", "No data:")])
    func theNamedTabOpens(arguments: String, shows: String) async throws {
        let home = try TestHome()
        let list = home.config.appendingPathComponent("fremont/feeds")
        try FileManager.default.createDirectory(at: list.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "https://example.invalid/feed.xml\n".write(to: list, atomically: true, encoding: .utf8)
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) \(arguments) --offline; echo EXIT=$?")
        let screen = try await tmux.waitFor(shows)
        if arguments.isEmpty {
            #expect(!screen.contains("Friday, April 1, 2016 12:00 AM"))
        } else {
            // The feeds load when their tab is first shown, not before: no feed error here.
            try await Task.sleep(for: .milliseconds(300))
            #expect(!(try await tmux.screen()).contains("feed.xml"))
            try await tmux.press("2")
            try await tmux.waitFor("feed.xml")
        }
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }
}
