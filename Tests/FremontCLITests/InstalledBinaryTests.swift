import Foundation
import FremontTestSupport
import Testing

/// The binary alone, copied out of the build folder as an install would: its built-in data is
/// inside it (it crashed: "could not load resource bundle").
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct InstalledBinaryTests {
    @Test func aCopiedBinaryRunsOnItsBuiltInData() async throws {
        let home = try TestHome()
        let installed = home.file("bin/fremont")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fremont.path, toPath: installed.path)
        let table = try await ChildProcess.run([installed.path, "table", "--format", "csv"], environment: home.environment)
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.hasPrefix("date,"), "\(table.output.prefix(200))")
        #expect(table.output.contains("2016-04-30T23:00:00"))
        let stats = try await ChildProcess.run([installed.path, "stats"], environment: home.environment)
        #expect(stats.status == 0 && !stats.output.isEmpty, "\(stats.errors)")
        // The browser, on every tab's built-in data: the counts, the feeds, the forecast.
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(installed.path); echo EXIT=$?")
        _ = try await tmux.waitFor("April 2016 Fremont")
        try await tmux.press("2")
        _ = try await tmux.waitFor("NASA")
        try await tmux.press("3")
        _ = try await tmux.waitFor("San Francisco")
        try await tmux.press("q")
        _ = try await tmux.waitFor("EXIT=0")
    }

    /// Ctrl-Z suspends to the shell as newsboat, VisiData and less do; `fg` brings the browser back
    /// drawn whole; `Q` quits at once, from a screen opened over another.
    @Test func ctrlZSuspendsFgResumesAndQQuits() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        // Alone on its line: a stopped job lets the shell run what follows it at once.
        try await tmux.run("\(Fremont.path) table")
        _ = try await tmux.waitFor("April 2016 Fremont")
        try await tmux.press("C-z")
        let stopped = try await tmux.waitFor("Stopped")
        #expect(!stopped.contains("1 Table  2 Feeds"), "\(stopped)")
        try await tmux.run("fg")
        let back = try await tmux.waitFor("1 Table")
        #expect(back.contains("April 2016 Fremont"), "\(back)")
        // A screen opened over the table (the trend), then Q: quit, not back.
        try await tmux.press("t")
        _ = try await tmux.waitFor("Daily totals")
        try await tmux.press("Q")
        _ = try await tmux.waitUntil(timeout: 10, "the browser gone") { !$0.contains("Daily totals") }
        try await tmux.run("echo EXIT=$?")
        _ = try await tmux.waitFor("EXIT=0")
    }

    /// Under a locale that is not UTF-8 (LANG=C) curses writes ASCII only: an unread row still
    /// differs from a read one (`N`), the directions show (`^` `v`), and the screen says why once.
    @Test func underLangCTheMarksAreASCII() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment.merging(["LANG": "C", "LC_ALL": "C"]) { $1 })
        try await tmux.ready()
        try await tmux.run("\(Fremont.path) feed \(SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss"))")
        let list = try await tmux.waitFor("NASA")
        #expect(list.contains("locale is not UTF-8"), "\(list)")
        let rows = list.split(separator: "\n").filter { $0.contains("2018") || $0.contains("Sep") }
        #expect(rows.contains { $0.hasPrefix("N") || $0.hasPrefix(" N") }, "\(list)")
        // Read the first item, back to the list: its row loses its N, the others keep theirs.
        try await tmux.press("Enter")
        _ = try await tmux.waitFor("Links")
        try await tmux.press("q")
        let after = try await tmux.waitUntil(timeout: 10, "a row read") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.contains("NASA") && !$0.hasPrefix("N") } && lines.contains { $0.hasPrefix("N") }
        }
        #expect(!after.unicodeScalars.contains { !$0.isASCII }, "\(after)")
        try await tmux.press("Q")
    }
}
