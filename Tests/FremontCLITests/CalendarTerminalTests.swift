import Foundation
import FremontTestSupport
import Testing

/// Issue 29 in a real terminal: the city's whole history, its calendar, its pivot (with the
/// change against the year before and an export) and its years over one another, by keys.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct CalendarTerminalTests {
    private let fremont = Fremont.path

    @Test func theCalendarAndThePivotOfTheCitysHistory() async throws {
        let home = try TestHome()
        defer { withExtendedLifetime(home) {} }
        let folder = home.root
        let source = SharedData.path("bikes/city-export-2012-10-02_to_2025-07-31.csv")
        let tmux = try await TmuxSession(width: 120, height: 40)
        try await tmux.ready()
        try await tmux.run("cd \(folder.path) && \(fremont) table \(source); echo EXIT=$?")
        try await tmux.waitFor("Tuesday, October 2, 2012  1:00 PM", timeout: 60)
        try await tmux.press("C")
        var screen = try await tmux.waitFor("Calendar of daily totals of Total")
        #expect(screen.contains("Tue 2012-10-02  total 1,938 · 11 of 24 readings · partial: not shaded"))
        #expect(screen.contains("quartiles 1,594.5 2,453 3,405.5"))
        #expect(screen.contains("2015 Jan"))
        try await tmux.press("G")
        screen = try await tmux.waitFor("Thu 2025-07-31  total 4,684")
        #expect(screen.contains("2025 Jan") && screen.contains("2022 Jan"))
        try await tmux.press("k")
        try await tmux.waitFor("Wed 2025-07-30")
        try await tmux.press("q")
        try await tmux.press("P")
        screen = try await tmux.waitFor("total by year and month")
        #expect(screen.contains("2016   51,733  60,381  69,804  93,639"))
        try await tmux.press("%")
        screen = try await tmux.waitFor("% change from the year before")
        #expect(screen.contains("2020   -19.1%  +100.7%"))
        try await tmux.press("e")
        try await tmux.waitFor("Export the year × month pivot to CSV file")
        try await tmux.press("Enter")
        try await tmux.waitFor("exported")
        let csv = try String(contentsOf: folder.appendingPathComponent("fremont-bridge-sidewalks-south-of-n-34th-pivot-year-month-change.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("year,January,February,"))
        #expect(csv.contains("\n2020,-19.067546615808894,100.71747139809966,"))
        try await tmux.press("q")
        try await tmux.press("Y")
        screen = try await tmux.waitFor("Monthly totals of Total by year")
        #expect(screen.contains("2022") && screen.contains("2025"))
        try await tmux.press("q")
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }
}
