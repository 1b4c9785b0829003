import FremontCore
import Testing
@testable import FremontUI

/// Issue 29: the calendar of every year, whole screens at 80×24 and 120×40 (the levels are
/// pandas' quartiles: `SeriesCalendarTests`), its cursor and its colours.
@Suite(.needsSharedData) struct CalendarViewTests {
    static let area = Rect(x: 0, y: 1, width: 120, height: 37)

    static func render(_ view: CalendarView, width: Int = 120, height: Int = 40, colors: ColorSupport = .none) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    static func readout(_ view: CalendarView) -> String { render(view).line(2) }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDateTime { LocalDateTime(year: year, month: month, day: day, hour: 8)! }

    /// April 2016 without colour: the quartiles as block densities, the cursor on the tab's day.
    @Test func aprilAt80x24WithoutColour() {
        var state = April.browser(width: 80, height: 24, colors: .none)
        press(&state, .character("C"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads        all days",
            "Calendar of daily totals of Total (North + South), all days",
            "Fri 2016-04-01  total 3,916 · 24 of 24 readings · busiest quarter",
            "quietest ░░▒▒▓▓██ busiest  quartiles 2,297.5 2,939.5 3,907.8  ½ partial  — missi",
            "2016 Jan  Feb Mar Apr May  Jun Jul  Aug Sep Oct  Nov Dec",
            "Mon                ▒▓█▒",
            "Tue                ▓▒██",
            "Wed                █▒█▓",
            "Thu                █▓█▓",
            "Fri               █▓▒▒▓",
            "Sat               ░▒░░░",
            "Sun               ░░░░",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " hjkl day/week  PgUp/PgDn year  c series  ? help  q back",
            "",
        ])
    }

    /// In 256 colours the levels are backgrounds, deeper as the day is busier; the cursor is
    /// reversed and marked ◆.
    @Test func aprilAt120x40In256Colours() {
        var state = April.browser(width: 120, height: 40, colors: .indexed256)
        press(&state, .character("C"))
        let buffer = screen(state)
        SeriesViewFixtures.expectLines(buffer.lines, [
            " Fremont  1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads                                       all days",
            "Calendar of daily totals of Total (North + South), all days",
            "Fri 2016-04-01  total 3,916 · 24 of 24 readings · busiest quarter",
            "quietest          busiest  quartiles 2,297.5 2,939.5 3,907.8  ½ partial  — missing",
            "2016 Jan       Feb     Mar     Apr     May       Jun     Jul       Aug     Sep     Oct       Nov     Dec",
            "Mon",
            "Tue",
            "Wed",
            "Thu",
            "Fri                            ◆",
            "Sat",
            "Sun",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " hjkl day/week  PgUp/PgDn year  c series  ? help  q back",
            "",
        ])
        // Weeks two columns wide from column 5; 2016 starts on a Friday, so week 0 holds Jan 1–3.
        // Tue 2016-04-19 (4,877, the busiest quarter) against Sun 2016-04-03 (the quietest).
        let busiest = buffer[5 + 16 * 2, 4 + 1 + 1], quiet = buffer[5 + 13 * 2, 4 + 1 + 6]
        #expect(busiest.style.background != .default && busiest.style.foreground == .indexed(231))
        #expect(quiet.style.background != .default && quiet.style.background != busiest.style.background)
        let cursor = buffer[5 + 13 * 2, 4 + 1 + 4]
        #expect(cursor.text == "◆" && cursor.style.attributes.contains(.reverse))
    }

    /// The city's whole history at 120×40 without colour: a band a year, partial days `½`.
    @Test func theCityAt120x40() {
        var state = SeriesViewFixtures.cityBrowser(width: 120, height: 40)
        press(&state, .character("C"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " Fremont  1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads                                       all days",
            "Calendar of daily totals of Total, all days",
            "Tue 2012-10-02  total 1,938 · 11 of 24 readings · partial: not shaded",
            "quietest ░░▒▒▓▓██ busiest  quartiles 1,594.5 2,453 3,405.5  ½ partial  — missing",
            "2012 Jan       Feb     Mar     Apr       May     Jun     Jul       Aug     Sep       Oct     Nov     Dec",
            "Mon                                                                                    ██▒▒▒▒▒▒▓▓▒▒░░▒▒▒▒▒▒░░░░░░",
            "Tue                                                                                  ½ ██▓▓▓▓▒▒▓▓▒▒▒▒▓▓▒▒▒▒▒▒░░",
            "Wed                                                                                  ██▓▓▓▓▒▒▒▒▓▓▓▓░░▒▒▒▒▒▒░░░░",
            "Thu                                                                                  ██▓▓▓▓▓▓▒▒▓▓▓▓░░▒▒▒▒▒▒░░░░",
            "Fri                                                                                  ▓▓▒▒▒▒▒▒▓▓▒▒▒▒░░░░▒▒▒▒░░░░",
            "Sat                                                                                  ▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "Sun                                                                                  ▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "2013 Jan     Feb     Mar       Apr     May     Jun       Jul     Aug     Sep       Oct     Nov     Dec",
            "Mon    ▒▒▒▒░░▒▒▒▒▒▒░░▒▒▓▓▒▒▒▒▓▓▓▓▓▓▓▓██▓▓██▓▓██░░██████▒▒████████████████▓▓▒▒██▓▓▒▒▒▒▓▓▓▓▓▓▓▓▓▓▓▓▒▒▓▓▒▒▒▒▓▓░░▒▒",
            "Tue  ░░░░▒▒▒▒▒▒▒▒▒▒▓▓▓▓▒▒▒▒▒▒▓▓▓▓▓▓▓▓██▓▓████▓▓▓▓██████▓▓██████████████████▓▓██▓▓▓▓▓▓▓▓██▓▓▓▓▓▓▒▒▒▒▓▓▒▒▒▒▒▒░░░░",
            "Wed  ▒▒░░▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒░░▓▓██▒▒▓▓████████▓▓▓▓██████▓▓████████████████████████▓▓▒▒██▓▓▓▓▓▓▓▓▓▓▓▓▒▒▒▒▒▒▒▒░░",
            "Thu  ▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▓▓▒▒▓▓▒▒████████▓▓██████▓▓▓▓████████████▓▓██▒▒▒▒██████▓▓▓▓▓▓▓▓▓▓▒▒▓▓▓▓░░▒▒▒▒▒▒░░",
            "Fri  ▒▒░░░░▒▒▒▒▒▒▒▒░░▒▒▓▓▒▒▒▒▓▓▒▒▒▒░░████████▓▓████½ ▓▓██▓▓██████▓▓██████▓▓▒▒▓▓▓▓▒▒▓▓▒▒▓▓▒▒▓▓▓▓▒▒▒▒░░▒▒▒▒░░░░",
            "Sat  ░░░░░░░░░░░░░░░░░░▒▒░░▒▒▓▓░░░░░░░░▓▓▓▓▒▒▒▒▒▒▒▒▓▓▓▓▓▓▓▓▓▓▓▓▓▓▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒░░▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "Sun  ░░░░░░░░░░░░░░░░▒▒½ ░░░░▒▒░░░░░░░░▓▓░░▒▒░░▓▓▒▒▒▒▒▒▓▓▓▓▓▓▒▒▒▒▓▓▒▒▒▒▒▒▒▒▒▒░░░░░░▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "2014 Jan     Feb     Mar       Apr     May     Jun       Jul     Aug       Sep     Oct     Nov       Dec",
            "Mon    ▒▒▓▓▒▒▓▓▒▒░░░░░░▒▒▒▒▓▓████████▓▓██▓▓████▒▒████▓▓████████████████████▒▒██████▓▓██▓▓▓▓▓▓▓▓▓▓▓▓▒▒▒▒▒▒▒▒▒▒▒▒",
            "Tue    ▒▒▓▓▓▓▓▓▒▒▒▒░░▓▓▒▒██▓▓▒▒██▓▓▓▓▒▒████████████████████████████████████████████████▓▓▓▓▒▒▓▓▓▓▓▓▒▒▒▒▒▒▒▒░░░░",
            "Wed  ░░▒▒▓▓▓▓▒▒▓▓▒▒▒▒▓▓▒▒██▒▒▒▒████▒▒▓▓████████████████████████▒▒████▓▓██████████▒▒████▓▓▒▒▓▓▓▓▓▓▓▓▒▒▒▒▒▒▒▒░░░░",
            "Thu  ▒▒▒▒▓▓▓▓▒▒░░▒▒▒▒▓▓▒▒▓▓▓▓▒▒▓▓██▒▒▓▓██▓▓████████████████████▓▓██████████████▓▓▓▓██████▒▒▒▒▒▒▓▓▓▓░░▒▒▒▒▒▒░░",
            "Fri  ▒▒▒▒▒▒▓▓▒▒░░▒▒▒▒▓▓▓▓▒▒▓▓░░▓▓██▓▓▓▓██▓▓██▓▓████▒▒██▓▓▓▓██████████▓▓██▓▓██████▓▓██▓▓▒▒▓▓▒▒▓▓▒▒▒▒░░▒▒▒▒▒▒░░",
            "Sat  ░░░░░░░░░░░░░░░░░░░░░░░░░░░░▒▒░░▒▒░░▒▒▒▒▒▒▓▓▓▓▒▒▓▓▒▒▒▒▓▓▒▒▓▓▒▒▒▒▒▒▒▒░░▒▒▒▒▒▒▒▒▒▒░░░░░░░░▒▒░░░░░░░░░░░░░░",
            "Sun  ░░░░░░░░░░░░░░░░░░½ ░░▒▒░░░░▓▓▒▒░░░░▒▒▒▒░░▓▓██░░▓▓▒▒▓▓▒▒░░▓▓▓▓▓▓▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒░░▒▒░░░░░░░░░░░░░░░░░░░░",
            "2015 Jan     Feb     Mar       Apr     May       Jun     Jul     Aug       Sep     Oct     Nov       Dec",
            "Mon    ▒▒▓▓▒▒▓▓▒▒▒▒▒▒▓▓▓▓▓▓▓▓▒▒▓▓▓▓▒▒██████████▒▒▓▓████████████████████████▓▓▒▒▓▓████████▓▓▒▒▓▓▒▒▒▒▒▒▒▒▒▒▓▓░░░░",
            "Tue    ▓▓▓▓▓▓▓▓▒▒▓▓▓▓▓▓▓▓▓▓▒▒▒▒▒▒▓▓▒▒½ ▓▓▓▓██████▓▓████████████████████████▓▓████████████████▓▓▓▓▒▒▒▒▓▓▒▒▒▒▒▒░░",
            "Wed    ▓▓▓▓▓▓▓▓▒▒▓▓▓▓▒▒▓▓▒▒▓▓▒▒▒▒▓▓██▓▓████▓▓████████████████████████████████████████▒▒████▓▓██▓▓▓▓▒▒▓▓▒▒▒▒░░░░",
            "Thu  ░░▓▓▒▒▒▒▓▓▒▒▓▓▒▒▒▒▓▓▓▓▓▓██▓▓████▓▓████████████████████████████████████▓▓██▒▒██████████▓▓▓▓▓▓▓▓░░▒▒▒▒▒▒░░░░",
            "Fri  ░░▓▓▒▒▒▒▓▓▒▒▓▓▒▒▒▒▓▓▓▓▒▒▓▓▓▓▒▒██▒▒██████████████████▒▒██████████▒▒██▓▓▓▓██▓▓▓▓▓▓▓▓██▓▓▒▒▓▓▒▒▓▓░░▒▒▒▒▒▒░░",
            "Sat  ░░░░░░░░░░░░░░▒▒▒▒▒▒░░░░▒▒▒▒░░▒▒▒▒▒▒▓▓▒▒░░▒▒▓▓▓▓▒▒▒▒▒▒▒▒▒▒░░▒▒▒▒▒▒▒▒░░▒▒▒▒▒▒▒▒▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "Sun  ░░░░░░▒▒░░░░▒▒▒▒▒▒½ ░░░░░░▒▒▒▒▓▓░░▒▒▒▒▒▒▒▒▒▒▓▓▓▓▒▒▒▒▒▒▒▒▒▒░░▒▒▓▓▒▒▒▒░░░░░░░░░░▒▒░░░░░░░░░░░░░░░░░░░░░░░░",
            "",
            "",
            " hjkl day/week  PgUp/PgDn year  c series  ? help  q back",
            "",
        ])
    }

    @Test func arrowsMoveByDayAndWeekPagesByYear() {
        var view = CalendarView(series: SeriesStore(SeriesViewFixtures.city), cursorTime: Self.day(2016, 4, 19))
        #expect(Self.readout(view) == "Tue 2016-04-19  total 4,877 · 24 of 24 readings · busiest quarter")
        press(&view, "j", area: Self.area)
        #expect(Self.readout(view).hasPrefix("Wed 2016-04-20  total 4,786"))
        press(&view, "l", "l", area: Self.area)
        #expect(Self.readout(view).hasPrefix("Wed 2016-05-04"))
        press(&view, "h", "k", area: Self.area)
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-26"))
        _ = view.perform(.years(1), in: Self.area)
        #expect(Self.readout(view).hasPrefix("Wed 2017-04-26"))
        #expect(view.topYear <= 2017 && view.topYear + 3 >= 2017)
        press(&view, "g", area: Self.area)
        #expect(Self.readout(view) == "Tue 2012-10-02  total 1,938 · 11 of 24 readings · partial: not shaded")
        #expect(view.topYear == 2012)
        press(&view, "G", area: Self.area)
        #expect(Self.readout(view).hasPrefix("Thu 2025-07-31  total 4,684"))
        #expect(view.topYear == 2022)
        // A click on a day moves the cursor there: the first column of 2022 is Mon 2021-12-27,
        // outside the year; its Saturday is January 1st.
        _ = view.click(x: 5, y: 1 + 3 + 6, in: Self.area)
        #expect(Self.readout(view).hasPrefix("Sat 2022-01-01"))
    }

    @Test func missingAndPartialDaysReadOutApartFromQuietOnes() {
        var view = CalendarView(series: SeriesStore(SeriesViewFixtures.city), cursorTime: Self.day(2025, 7, 1))
        #expect(Self.readout(view) == "Tue 2025-07-01  no reading · 0 of 24 readings · missing")
        #expect(Self.render(view).row(containing: "— — —") != nil)
        view = CalendarView(series: SeriesStore(SeriesViewFixtures.city), cursorTime: Self.day(2024, 9, 30))
        #expect(Self.readout(view) == "Mon 2024-09-30  total 1,382 · 13 of 24 readings · partial: not shaded")
        #expect(Self.readout(CalendarView(series: SeriesStore(SeriesViewFixtures.city), cursorTime: Self.day(2016, 12, 25)))
            == "Sun 2016-12-25  total 260 · 24 of 24 readings · quietest quarter")
    }

    /// Eight colours: block densities in green; no colour: the densities alone.
    @Test func everyColourDepth() {
        let view = CalendarView(series: SeriesStore(April.counts), cursorTime: Self.day(2016, 4, 1))
        let eight = Self.render(view, colors: .ansi8)
        let busiest = eight[5 + 16 * 2, 4 + 1 + 1]
        #expect(busiest.text == "█" && busiest.style.foreground == .green)
        #expect(Self.render(view, colors: .truecolor)[5 + 16 * 2, 4 + 1 + 1].style.background != .default)
        let plain = Self.render(view, colors: .none)[5 + 16 * 2, 4 + 1 + 1]
        #expect(plain.text == "█" && plain.style.background == .default && plain.style.foreground == .default)
    }

    @Test func aTableOfWeeksHasNoCalendar() {
        var times: [LocalDateTime] = []
        for week in 0..<10 { times.append(LocalDateTime(year: 2024, month: 1, day: 1)!.addingHours(week * 7 * 24)) }
        let weekly = SeriesTable(series: [Series(name: "riders")], times: times, values: [times.map { _ in 1 }])
        #expect(Self.render(CalendarView(series: SeriesStore(weekly))).row(containing: "a calendar needs a reading a day or more often") != nil)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .none))
        _ = state.tableLoaded(source: "weekly.csv", .success(weekly), at: "1")
        press(&state, .character("C"))
        #expect(state.active is TableTab)
        #expect(screen(state).lines.joined().contains("a calendar needs a reading a day or more often"))
    }
}
