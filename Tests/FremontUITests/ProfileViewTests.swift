import FremontCore
import Testing
@testable import FremontUI

/// The Table tab's hourly profile on April 2016: weekday and weekend means per series.
@Suite struct ProfileViewTests {
    static let area = Rect(x: 0, y: 1, width: 100, height: 27)

    static func render(_ view: ProfileView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    @Test func opensAtEightWithTheWeekdayAndWeekendMeansOfEachSeries() {
        let buffer = Self.render(ProfileView(series: SeriesStore(April.counts)))
        #expect(buffer.line(1) == "Mean count by hour of day, all days")
        // 7,524 riders north at 8:00 over April's 21 weekdays... 341 a weekday morning.
        #expect(buffer.line(2) == "Northbound  08:00  ━ weekdays 341 · ━ weekends 40.3")
        #expect(buffer.row(containing: "Southbound  08:00  ━ weekdays 152.1 · ━ weekends 34.7") != nil)
        #expect(buffer.row(containing: "Total  08:00  ━ weekdays 493.1 · ━ weekends 75") != nil)
        #expect(buffer.row(containing: "0   1   2   3") != nil)
    }

    @Test func keysClickAndWheelMoveTheHour() {
        var view = ProfileView(series: SeriesStore(April.counts), cursorTime: LocalDateTime(year: 2016, month: 4, day: 19, hour: 17))
        #expect(Self.render(view).line(2).hasPrefix("Northbound  17:00  ━ weekdays 178"))
        press(&view, "l")
        #expect(view.cursor == 18)
        press(&view, "h", "h")
        #expect(view.cursor == 16)
        press(&view, "G")
        #expect(view.cursor == 23)
        press(&view, "g")
        #expect(view.cursor == 0)
        view.scroll(by: 3, in: Self.area)
        #expect(view.cursor == 1)
        let buffer = Self.render(view)
        let labels = buffer.row(containing: "0   1   2   3")!
        let x = Array(buffer.line(labels)).firstIndex(of: "9")!
        _ = view.click(x: x, y: 10, in: Self.area)
        #expect(view.cursor == 9)
        #expect(Self.render(view).line(2).hasPrefix("Northbound  09:00"))
    }

    @Test func cPutsTheNextSeriesFirst() {
        var view = ProfileView(series: SeriesStore(April.counts), selectedSeries: 1)
        #expect(Self.render(view).line(2).hasPrefix("Southbound  08:00"))
        press(&view, "c")
        #expect(Self.render(view).line(2).hasPrefix("Total  08:00"))
    }

    @Test func aWeekdayFilterDrawsOnlyTheWeekdayLine() {
        let view = ProfileView(series: SeriesStore(April.counts, filter: SeriesFilter(days: .weekdays)))
        let buffer = Self.render(view)
        #expect(buffer.line(1) == "Mean count by hour of day, weekdays")
        #expect(buffer.line(2) == "Northbound  08:00  ━ weekdays 341")
        #expect(view.sourceName == "weekdays")
    }

    @Test func emptyTinySmallAndColourless() {
        let empty = ProfileView(series: SeriesStore(SeriesTable(series: [Series(name: "x")], times: [], values: [[]])))
        #expect(Self.render(empty).line(2).contains("No rows to profile."))
        let view = ProfileView(series: SeriesStore(April.counts))
        var buffer = ScreenBuffer(width: 12, height: 4)
        view.render(into: &buffer, area: Rect(x: 0, y: 0, width: 12, height: 4), theme: Theme(colors: .none))
        #expect(buffer.line(0).hasPrefix("Too small"))
        let small = Self.render(view, width: 40, height: 12, colors: .none)
        #expect(small.line(2).hasPrefix("Northbound  08:00") && small.line(2).contains("(+2"))  // one panel fits; the others are counted
        let plain = Self.render(view, width: 80, height: 24, colors: .none)
        #expect(plain.line(2) == "Northbound  08:00  ⠤⠤ weekdays 341 · • weekends 40.3")
    }
}
