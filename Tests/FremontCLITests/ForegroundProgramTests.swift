import Foundation
import FremontTestSupport
import Testing

/// Programs get the terminal: `browser`, `player` (with their arguments, as newsboat writes them)
/// run in the foreground with the screen and the keys handed over, the browser is drawn whole
/// again when they end, and nothing they started outlives fremont.
@Suite(.serialized, .needs("tmux")) struct ForegroundProgramTests {
    private let fremont = Fremont.path

    static let cast = """
        <rss version="2.0"><channel><title>Cast</title><item><title>Episode one</title><link>https://cast.example/1</link>
        <enclosure url="https://cast.example/1.mp3" type="audio/mpeg" length="100"/></item></channel></rss>
        """

    private func script(_ home: TestHome, _ name: String, _ body: String) throws -> URL {
        let file = home.root.appendingPathComponent(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
        chmod(file.path, 0o755)
        return file
    }

    /// `browser "… %u"` runs a pager on the pane (less, as w3m or lynx would run): it shows its
    /// page, takes `q`, and fremont repaints every cell after, its state as it was.
    @Test func aPagerBrowserGetsTheTerminalAndFremontRepaintsAfter() async throws {
        let home = try TestHome()
        let page = home.root.appendingPathComponent("page.txt")
        // A browser that shows its arguments in less, each on a line.
        let show = try script(home, "show", "printf 'ARG %s\\n' \"$@\" > '\(page.path)'\nexec less '\(page.path)'")
        try home.writeConfig("browser \"'\(show.path)' --title \\\"Two words\\\" %u\"\n")
        let feed = home.root.appendingPathComponent("cast.xml")
        try Data(Self.cast.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 80, height: 24, environment: home.environment.merging(["LESS": "", "PAGER": ""]) { $1 })
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        let before = try await tmux.waitFor("Episode one")
        try await tmux.press("o")
        // less has the whole pane: fremont's screen is gone while it runs.
        let paged = try await tmux.waitFor("ARG https://cast.example/1")
        #expect(paged.contains("ARG --title\nARG Two words\nARG https://cast.example/1"))
        #expect(!paged.contains("Episode one"))
        #expect(try await tmux.pane("alternate_on") == "1")  // less's own alternate screen
        try await tmux.press("q")
        let after = try await tmux.waitFor("opened in show")
        // Every line fremont drew is back but the status line, which says how it went, and the
        // item's unread mark: opened, it is read.
        let lines = { (screen: String) in screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var expected = Array(lines(before).prefix(22))
        expected[1] = " " + expected[1].dropFirst()
        #expect(Array(lines(after).prefix(22)) == expected)
        #expect(!after.contains("ARG "))
        // Curses has the terminal back as it had it: its screen, the keypad, the mouse.
        #expect(try await tmux.pane("alternate_on") == "1")
        #expect(try await tmux.pane("keypad_cursor_flag") == "1")
        #expect(try await tmux.pane("mouse_any_flag") == "1")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// `player "mpv --no-video"`-style: the player gets its arguments and the keys typed while
    /// it plays, then fremont comes back.
    @Test func aPlayerWithArgumentsGetsTheKeys() async throws {
        let home = try TestHome()
        let record = home.root.appendingPathComponent("keys")
        let play = try script(home, "play", """
            printf 'PLAYING'; printf ' [%s]' "$@"; printf '\\n'
            printf 'keys? '
            read -r keys
            printf '%s\\n' "$keys" > '\(record.path)'
            """)
        try home.writeConfig("player \"'\(play.path)' --no-video --volume=50\"\n")
        let feed = home.root.appendingPathComponent("cast.xml")
        try Data(Self.cast.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Episode one")
        try await tmux.press("P")
        try await tmux.waitFor("PLAYING [--no-video] [--volume=50] [https://cast.example/1.mp3]")
        try await tmux.waitFor("keys?")
        try await tmux.type("9 0 > <")
        try await tmux.press("Enter")
        try await tmux.waitFor("played in play")
        #expect(try String(contentsOf: record, encoding: .utf8) == "9 0 > <\n")
        try await tmux.waitFor("Episode one")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// A program that fails or is missing says so, naming the setting it came from.
    @Test func aMissingOrFailingProgramNamesItsSetting() async throws {
        let home = try TestHome()
        let fail = try script(home, "fail", "exit 3")
        try home.writeConfig("browser \"'\(fail.path)' %u\"\nplayer no-such-player-here\n")
        let feed = home.root.appendingPathComponent("cast.xml")
        try Data(Self.cast.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 120, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Episode one")
        try await tmux.press("o")
        try await tmux.waitFor("fail (browser in the config) failed: exit status 3")
        try await tmux.press("P")
        try await tmux.waitFor("could not run: no program 'no-such-player-here' (player in the config)")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// Fremont told to end while a program has the terminal ends the program first: nothing it
    /// started is left running, and the shell gets its terminal back.
    @Test func nothingStartedOutlivesFremont() async throws {
        let home = try TestHome()
        let pidFile = home.root.appendingPathComponent("player.pid")
        let play = try script(home, "play", "echo $$ > '\(pidFile.path)'\necho PLAYING\nexec sleep 300")
        try home.writeConfig("player \"'\(play.path)'\"\n")
        let feed = home.root.appendingPathComponent("cast.xml")
        try Data(Self.cast.utf8).write(to: feed)
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) feed \(feed.path); echo EXIT=$?")
        try await tmux.waitFor("Episode one")
        try await tmux.press("P")
        try await tmux.waitFor("PLAYING")
        let player = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let fremontPID = try #require(try await tmux.foregroundProcess())
        #expect(fremontPID != player)
        kill(fremontPID, SIGTERM)
        try await tmux.waitFor("EXIT=143")
        // The player is gone (reaped, not a zombie left to anyone).
        #expect(kill(player, 0) == -1 && errno == ESRCH)
        try await tmux.expectShellRestored(status: "143")
    }
}
