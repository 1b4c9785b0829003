import Foundation
import FremontTestSupport
import Testing

/// The data lens in a real terminal: rows by day, a sort, a filter, an export, the trend, the
/// profile and the stats, driven by keys and read off the screen.
@Suite(.serialized, .needs("tmux")) struct DataLensTerminalTests {
    private let fremont = Fremont.path

    @Test func daysSortFilterExportAndTheCharts() async throws {
        // The export lands in the folder fremont starts in: this test's own, kept to the end.
        let home = try TestHome()
        defer { withExtendedLifetime(home) {} }
        let folder = home.root
        let tmux = try await TmuxSession(width: 100, height: 30)
        try await tmux.ready()
        try await tmux.run("cd \(folder.path) && \(fremont); echo EXIT=$?")
        try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        try await tmux.press("v")
        var screen = try await tmux.waitFor("a row per day")
        #expect(screen.contains("Friday, April 1, 2016") && screen.contains("30 days"))
        try await tmux.press("s")
        screen = try await tmux.waitFor("sorted by Northbound, largest first")
        try await tmux.press("f")
        try await tmux.waitFor("Filter (now: everything)")
        try await tmux.type("weekends")
        try await tmux.press("Enter")
        screen = try await tmux.waitFor("hours kept: weekends")
        #expect(screen.contains("9 days"))  // April 2016 has nine weekend days
        #expect(!screen.contains("Monday,"))
        try await tmux.press("e")
        try await tmux.waitFor("April-2016-Fremont-Bridge-counts-built-in-day.csv")
        try await tmux.press("Enter")
        try await tmux.waitFor("exported 9 rows to")
        let csv = try String(contentsOf: folder.appendingPathComponent("April-2016-Fremont-Bridge-counts-built-in-day.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 10)
        #expect(csv.hasPrefix("date,fremont_bridge_nb,fremont_bridge_sb\n"))
        try await tmux.press("t")
        screen = try await tmux.waitFor("Daily totals of Total (North + South)")
        #expect(screen.contains("7-day mean"))
        try await tmux.press("q")
        try await tmux.press("p")
        try await tmux.waitFor("Mean count by hour of day")
        try await tmux.press("q")
        try await tmux.press("I")
        screen = try await tmux.waitFor("Column stats")
        try await tmux.press("q")
        // Back on the table as it was: weekend days, busiest northbound first.
        screen = try await tmux.waitFor("Saturday, April 9, 2016")
        #expect(screen.contains("weekends · by Northbound ↓ · 9 days"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    static let shapes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/shapes").path + "/"

    /// Issue 24: a daily table reads as days (no separators, no heatmap, its outages in days,
    /// v to weeks), and a measure as means, in a real terminal.
    @Test func aDailyTableAndAMeasureTable() async throws {
        let tmux = try await TmuxSession(width: 100, height: 30)
        try await tmux.ready()
        try await tmux.run("\(fremont) table \(Self.shapes)daily.csv; echo EXIT=$?")
        var screen = try await tmux.waitFor("4 days without a count; longest 2024-02-10 → 02-12, 3 days")
        #expect(!screen.contains("── ") && !screen.contains("hours"))
        try await tmux.press("h")
        try await tmux.press("v")
        screen = try await tmux.waitFor("a row per week")
        #expect(!screen.contains("Day / hour"))
        #expect(screen.contains("?Week of Mon 2024-02-05"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
        try await tmux.run("clear; \(fremont) table \(Self.shapes)temperatures.csv; echo EXIT=$?")
        screen = try await tmux.waitFor("temp_c mean -3.50 (-10…3)")
        #expect(!screen.contains("temp_c -252"))
        try await tmux.press("v")
        screen = try await tmux.waitFor("a row per day")
        // pandas resample('D').mean(): -4.0 on the 15th.
        #expect(screen.contains("-4"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }
}
