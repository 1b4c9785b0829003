import FremontCore
import Testing
@testable import FremontUI

/// The Weather tab drawn whole (header, content, footer) from the real San Francisco response,
/// at the three sizes the browser must work at, compared line by line and by style.
@Suite(.needsSharedData) struct WeatherScreenTests {
    static let days80 = [
        " Thu 14  ☾☁  Partly cloudy starting in the evening.     51° ─━━━━── 62°     7%",
        " Fri 15  ☀☁  Partly cloudy in the morning.              48° ━━━━━━─ 65°    10%",
        " Sat 16  ☀☁  Partly cloudy throughout the day.          49° ━━━━━╾─ 64°    10%",
        " Sun 17  ☀☁  Partly cloudy until afternoon.             51° ╼━━━━━━ 68°     8%",
        " Mon 18  ☾☁  Partly cloudy starting in the afternoon.   53° ─╼━━━━━ 69°     3%",
        " Tue 19  ☀☁  Mostly cloudy until evening.               55° ──━━╾── 60°    43%",
        " Wed 20  ☾☁  Partly cloudy overnight.                   52° ─━━━─── 59°    13%",
        " Thu 21  ☀☁  Mostly cloudy throughout the day.          51° ─━━━─── 59°    39%",
    ]

    @Test func at80x24TheWholeForecastFitsWithSummariesCutToOneLine() throws {
        let state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)
        let screen = WeatherFixtures.screen(state)
        #expect(screen.line(0) == " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads         sf.json")
        #expect(Array((1...3).map(screen.line)) == [
            " Now, Thu 14 Mar 18:50 · 37.8267°N, 122.4233°W · America/Los_Angeles",
            " ☀   59°F  Clear · feels like 59°F",
            "     wind 6 mph from W · humidity 45% · 0% chance of rain",
        ])
        #expect(screen.line(4) == "     Clear for the hour.")
        // 13 of the 49 hours fit: ←/→ move along them.
        #expect(screen.line(6) == " Next hours (1–13 of 49, ←/→)  Partly cloudy starting later this evening, con…")
        // The hours in the forecast's zone (not the machine's), the weekday at midnight.
        #expect(Array((7...9).map(screen.line)) == [
            " 18:00 19:00 20:00 21:00 22:00 23:00 Fri   01:00 02:00 03:00 04:00 05:00 06:00",
            " ☀     ☀     ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾☁    ☾",
            " 61°   59°   57°   55°   54°   54°   53°   53°   52°   51°   51°   50°   49°",
        ])
        // Each hour's chance of rain, where the forecast gives it.
        #expect(screen.line(10) == " 0%    0%    0%    0%    1%    1%    1%    1%    2%    1%    1%    1%    1%")
        #expect(screen.line(12) == " Next days  Light rain on Tuesday, with high temperatures peaking at 69°F on …")
        #expect(screen.line(13) == "                                                        Low         High  Rain")
        #expect(Array((14...21).map(screen.line)) == Self.days80)
        #expect(screen.line(22) == " j/k scroll  ←/→ hours  PgUp/PgDn page  g/G top/end  ? help  q quit")
        // Everything fits: no scroll arrows.
        #expect(!screen.text.contains("▲") && !screen.text.contains("▼"))
        #expect(!screen.text.contains("59.09"))
    }

    @Test func at80x24TheStylesSayWhatTheTextIs() throws {
        let state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)
        let screen = WeatherFixtures.screen(state)
        #expect(screen.style(of: "Now, Thu", row: 1) == Style(attributes: [.bold, .underline]))
        #expect(screen.style(of: "· 37.8267", row: 1) == Style(attributes: [.dim]))
        // The cube's yellow and cyan (the palette's may be remapped).
        #expect(screen.style(of: "☀", row: 2) == Style(foreground: .indexed(220), attributes: [.bold]))
        #expect(screen.style(of: "☾☁", row: 14) == Style(foreground: .indexed(51)))
        #expect(screen.style(of: "Clear", row: 2) == Style(attributes: [.bold]))
        #expect(screen.style(of: "feels like", row: 2) == Style(attributes: [.dim]))
        // Temperatures are coloured on a cold-to-hot ramp from the 256-colour palette.
        let now = try #require(screen.style(of: "59°F", row: 2))
        #expect(now == state.theme.temperature((59.09 - 32) * 5 / 9))
        guard case .indexed = now.foreground else {
            Issue.record("expected a palette colour, got \(now.foreground)")
            return
        }
        // A likely-rain day stands out; an unlikely one is dim.
        let tuesday = try #require(screen.row(containing: "Tue 19"))
        #expect(screen.style(of: "43%", row: tuesday) == Style(foreground: .indexed(51), attributes: [.bold]))
        #expect(screen.style(of: "7%", row: 14) == Style(attributes: [.dim]))
        // The bar: filled cells coloured by temperature, the rest of the week's range dim.
        #expect(screen.style(of: "──", row: tuesday) == Style(attributes: [.dim]))
        let fill = try #require(screen.style(of: "━", row: tuesday))
        #expect(fill.foreground != .default && fill.attributes == [.bold])
        #expect(screen.style(of: "Thu 14", row: 14) == Style(attributes: [.bold]))
    }

    /// The strip shows what fits of the 49 hours; → and ← move along them a screenful at a time,
    /// stopping at the last and the first.
    @Test func theArrowsMoveAlongEveryHour() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)
        _ = state.update(.key(.right))
        var screen = WeatherFixtures.screen(state)
        #expect(screen.line(6).hasPrefix(" Next hours (14–26 of 49, ←/→)"))
        #expect(screen.line(7).hasPrefix(" 07:00 08:00 09:00"))
        #expect(state.status.message == "hours 14–26 of 49")
        for _ in 0..<5 { _ = state.update(.key(.character("l"))) }
        screen = WeatherFixtures.screen(state)
        #expect(screen.line(6).hasPrefix(" Next hours (37–49 of 49, ←/→)"))
        for _ in 0..<5 { _ = state.update(.key(.left)) }
        #expect(WeatherFixtures.screen(state).line(6).hasPrefix(" Next hours (1–13 of 49, ←/→)"))
    }

    @Test func at120x40EverythingShowsWhole() throws {
        let state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 120, height: 40)
        let screen = WeatherFixtures.screen(state)
        #expect(screen.line(1) == " Now, Thu 14 Mar 18:50 · 37.8267°N, 122.4233°W · America/Los_Angeles · UTC−07:00")
        #expect(screen.line(6) == " Next hours (1–19 of 49, ←/→)  Partly cloudy starting later this evening, continuing until tomorrow morning.")
        // 19 hours of six columns each.
        #expect(screen.line(7) == " 18:00 19:00 20:00 21:00 22:00 23:00 Fri   01:00 02:00 03:00 04:00 05:00 06:00 07:00 08:00 09:00 10:00 11:00 12:00")
        #expect(screen.line(9) == " 61°   59°   57°   55°   54°   54°   53°   53°   52°   51°   51°   50°   49°   48°   48°   49°   52°   55°   57°")
        #expect(screen.line(12) == " Next days  Light rain on Tuesday, with high temperatures peaking at 69°F on Monday.")
        #expect(Array((14...21).map(screen.line)) == [
            " Thu 14  ☾☁  Partly cloudy starting in the evening.                            51° ───╼━━━━━━━━━━━━╾─────── 62°     7%",
            " Fri 15  ☀☁  Partly cloudy in the morning.                                     48° ━━━━━━━━━━━━━━━━━━━───── 65°    10%",
            " Sat 16  ☀☁  Partly cloudy throughout the day.                                 49° ╼━━━━━━━━━━━━━━━━━━───── 64°    10%",
            " Sun 17  ☀☁  Partly cloudy until afternoon.                                    51° ───━━━━━━━━━━━━━━━━━━━━─ 68°     8%",
            " Mon 18  ☾☁  Partly cloudy starting in the afternoon.                          53° ─────╼━━━━━━━━━━━━━━━━━━ 69°     3%",
            " Tue 19  ☀☁  Mostly cloudy until evening.                                      55° ────────━━━━━━────────── 60°    43%",
            " Wed 20  ☾☁  Partly cloudy overnight.                                          52° ────╼━━━━━━━━╾────────── 59°    13%",
            " Thu 21  ☀☁  Mostly cloudy throughout the day.                                 51° ───╼━━━━━━━━━─────────── 59°    39%",
        ])
        // The day with the week's low starts its bar at the left end; the one with the high ends at the right.
        #expect(screen.line(15).contains("48° ━"))
        #expect(screen.line(18).contains("━ 69°"))
        #expect((22...37).allSatisfy { screen.line($0).isEmpty })
    }

    @Test func at40x12ColumnsDropAndTheRestScrolls() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 40, height: 12)
        var screen = WeatherFixtures.screen(state)
        #expect(Array((1...9).map(screen.line)) == [
            " Now, Thu 14 Mar 18:50",
            " ☀   59°F  Clear · feels like 59°F",
            "     wind 6 mph from W · humidity 45%",
            "     0% chance of rain",
            "     Clear for the hour.",
            "",
            " Next hours (1–9 of 49, ←/→)",
            " Partly cloudy starting later this",
            " evening, continuing until tomorrow    ▼",
        ])
        #expect(screen.line(10) == " j/k scroll  ←/→ hours  ? help  q quit")
        _ = state.update(.key(.character("G")))
        screen = WeatherFixtures.screen(state)
        // No summary column, weekday only; the bar and the chance of rain stay.
        #expect(Array((1...9).map(screen.line)) == [
            "           Low              High  Rain ▲",
            " Thu  ☾☁   51° ─╼━━━━━━╾─── 62°     7%",
            " Fri  ☀☁   48° ━━━━━━━━━╾── 65°    10%",
            " Sat  ☀☁   49° ━━━━━━━━━╾── 64°    10%",
            " Sun  ☀☁   51° ─╼━━━━━━━━━╾ 68°     8%",
            " Mon  ☾☁   53° ──╼━━━━━━━━━ 69°     3%",
            " Tue  ☀☁   55° ────━━━───── 60°    43%",
            " Wed  ☾☁   52° ──━━━━━───── 59°    13%",
            " Thu  ☀☁   51° ─╼━━━━╾───── 59°    39%",
        ])
        // The hour strip at this width: 4-column cells, hours as `19h`.
        _ = state.update(.key(.character("g")))
        for _ in 0..<10 { _ = state.update(.key(.character("j"))) }
        screen = WeatherFixtures.screen(state)
        let hours = try #require(screen.row(containing: "18h"))
        #expect(screen.line(hours).hasPrefix(" 18h 19h 20h 21h 22h 23h Fri 01h 02h "))
        #expect(screen.line(hours + 2) == " 61° 59° 57° 55° 54° 54° 53° 53° 52°")
    }

    @Test func noLineIsWiderThanTheScreenAtAnyWidth() throws {
        let forecast = try WeatherFixtures.sanFrancisco()
        for width in [32, 33, 39, 40, 45, 56, 61, 70, 79, 80, 81, 100, 120, 200] {
            let layout = WeatherLayout(forecast: forecast, width: width - 3)
            for line in layout.lines {
                #expect(DisplayWidth.of(line.text) <= width - 3, "\(width): \(line.text)")
            }
            // And the daily rows' columns line up: the low's degree sign is in one column on every row.
            let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let days = layout.lines.filter { line in
                line.spans.first.map { $0.role == .emphasis && weekdays.contains(String($0.text.prefix(3))) } ?? false
            }
            let columns = Set(days.map { line in DisplayWidth.of(line.text.prefix { $0 != "°" }) })
            #expect(days.count == 8 && columns.count == 1, "\(width): \(columns)")
        }
    }

    @Test func withoutColourOnlyAttributesAreUsed() throws {
        let state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24, colors: .none)
        let screen = WeatherFixtures.screen(state)
        for y in 1..<22 {
            for run in screen.styleRuns(y) {
                #expect(run.style.foreground == .default && run.style.background == .default, "row \(y): \(run.style)")
            }
        }
        // The glyphs and the text still say it all.
        #expect(screen.line(2) == " ☀   59°F  Clear · feels like 59°F")
        #expect(screen.style(of: "59°F", row: 2) == Style(attributes: [.bold]))
    }

    @Test func temperatureColoursRunFromColdToHot() {
        let ansi = Theme(colors: .ansi8)
        #expect(ansi.temperature(-15).foreground == .blue)
        #expect(ansi.temperature(1).foreground == .cyan)
        #expect(ansi.temperature(12).foreground == .green)
        #expect(ansi.temperature(21).foreground == .yellow)
        #expect(ansi.temperature(35).foreground == .red)
        let truecolor = Theme(colors: .truecolor)
        #expect(truecolor.temperature(-40).foreground == .rgb(115, 145, 255))
        #expect(truecolor.temperature(50).foreground == .rgb(245, 90, 60))
        #expect(truecolor.temperature(.nan).foreground == truecolor.temperature(0).foreground)
    }
}
