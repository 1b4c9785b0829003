import FremontCore
import Testing
@testable import FremontUI

/// The Table tab's trend view on April 2016: the daily totals, their means, the cursor's readout.
@Suite struct TrendViewTests {
    static let area = Rect(x: 0, y: 1, width: 100, height: 27)
    static let tuesday = LocalDateTime(year: 2016, month: 4, day: 19, hour: 8)

    static func render(_ view: TrendView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    /// The readout line: the chart's top line, under the heading.
    static func readout(_ view: TrendView, width: Int = 100, height: Int = 30) -> String {
        render(view, width: width, height: height).line(2)
    }

    @Test func opensOnTheTabsDayWithTheDirectionsSumAndItsMeans() {
        let view = TrendView(series: SeriesStore(April.counts), selectedSeries: 0, cursorTime: Self.tuesday)
        let buffer = Self.render(view)
        #expect(buffer.line(1) == "Daily totals of Total (North + South), all days, 30 days")
        // 2,435 north + 2,442 south; the 7-day mean of Apr 13–19; a month is no year.
        #expect(buffer.line(2) == "Tue 2016-04-19  ⣿ Total 4,877 · ━ 7-day mean 3,300.9 · ━ 365-day mean —")
        #expect(buffer.line(3).hasPrefix("5,000┤"))
        #expect(buffer.row(containing: "Apr 4") != nil && buffer.row(containing: "Apr 25") != nil)
        #expect(view.sourceName == "Total (North + South), all days")
    }

    @Test func keysMoveTheCursorByDayColumnYearAndToTheEnds() {
        var view = TrendView(series: SeriesStore(April.counts), cursorTime: Self.tuesday)
        press(&view, "]")
        #expect(Self.readout(view).hasPrefix("Wed 2016-04-20  ⣿ Total 4,786"))
        press(&view, "[", "[")
        #expect(Self.readout(view).hasPrefix("Mon 2016-04-18"))
        _ = view.perform(.columns(1), in: Self.area)
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-19"))
        press(&view, "h")
        #expect(Self.readout(view).hasPrefix("Mon 2016-04-18"))
        press(&view, "g")
        #expect(Self.readout(view).hasPrefix("Fri 2016-04-01  ⣿ Total 3,916"))
        press(&view, "G")
        #expect(Self.readout(view).hasPrefix("Sat 2016-04-30  ⣿ Total 2,245"))
        press(&view, "{")  // a year earlier is before the span: the first day
        #expect(Self.readout(view).hasPrefix("Fri 2016-04-01"))
        press(&view, "}")
        #expect(Self.readout(view).hasPrefix("Sat 2016-04-30"))
    }

    @Test func cChartsTheNextSeries() {
        var view = TrendView(series: SeriesStore(April.counts), cursorTime: Self.tuesday)
        let effects = view.perform(.nextSeries, in: Self.area)
        guard case .message(let text) = effects.first else { Issue.record("no message"); return }
        #expect(text == "charting Northbound")
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-19  ⣿ Northbound 2,435"))
        _ = view.perform(.nextSeries, in: Self.area)
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-19  ⣿ Southbound 2,442"))
        _ = view.perform(.nextSeries, in: Self.area)
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-19  ⣿ Total 4,877"))
    }

    @Test func aTableWithoutDirectionsChartsTheSelectedSeries() {
        let view = TrendView(series: SeriesStore(CounterTableTests.counter), selectedSeries: 1)
        // The last day (2014-01-02) by default; Bike North's day with one hour blank.
        #expect(Self.readout(view).hasPrefix("Thu 2014-01-02  ⣿ Bike North"))
        #expect(view.sourceName == "Bike North, all days")
    }

    @Test func aClickAndTheWheelMoveTheCursor() {
        var view = TrendView(series: SeriesStore(April.counts), cursorTime: Self.tuesday)
        let buffer = Self.render(view)
        // The tick of Apr 4 is drawn under that day: a click there lands on it.
        let axis = buffer.row(containing: "Apr 4")! - 1
        let tick = Array(buffer.line(axis)).firstIndex(of: "┴")!
        _ = view.click(x: tick, y: 10, in: Self.area)
        #expect(Self.readout(view).hasPrefix("Mon 2016-04-04"))
        view.scroll(by: 3, in: Self.area)
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-05"))
        _ = view.click(x: 0, y: 10, in: Self.area)  // on the value axis: nothing
        #expect(Self.readout(view).hasPrefix("Tue 2016-04-05"))
    }

    @Test func aFilterLeavesItsDaysBlankAndTheWeekMeanStillShows() {
        let view = TrendView(series: SeriesStore(April.counts, filter: SeriesFilter(days: .weekdays)), cursorTime: Self.tuesday)
        let buffer = Self.render(view)
        #expect(buffer.line(1) == "Daily totals of Total (North + South), weekdays, 30 days")
        #expect(buffer.line(2).hasPrefix("Tue 2016-04-19  ⣿ Total 4,877 · ━ 7-day mean 3,720.4"))
        let weekend = TrendView(series: SeriesStore(April.counts, filter: SeriesFilter(days: .weekdays)), cursorTime: LocalDateTime(year: 2016, month: 4, day: 17))
        #expect(Self.readout(weekend).hasPrefix("Sun 2016-04-17  ⣿ Total — · ━ 7-day mean 2,955"))
    }

    @Test func emptyTinyAndColourless() {
        let empty = TrendView(series: SeriesStore(SeriesTable(series: [Series(name: "x")], times: [], values: [[]])))
        #expect(Self.render(empty).line(2).contains("No rows to chart."))
        let none = TrendView(series: SeriesStore(April.counts, filter: SeriesFilter(from: LocalDateTime(year: 2020, month: 1, day: 1))))
        #expect(Self.render(none).line(2).contains("No days in from 2020-01-01."))
        let view = TrendView(series: SeriesStore(April.counts), cursorTime: Self.tuesday)
        var buffer = ScreenBuffer(width: 12, height: 4)
        view.render(into: &buffer, area: Rect(x: 0, y: 0, width: 12, height: 4), theme: Theme(colors: .none))
        #expect(buffer.line(0).hasPrefix("Too small"))
        let plain = Self.render(view, width: 80, height: 24, colors: .none)
        #expect(plain.line(2).hasPrefix("Tue 2016-04-19  ⣿ Total 4,877 · • 7-day mean 3,300.9"))
    }

    @Test func seriesNamesAreMadeSafeForTheTerminal() {
        let times = (0..<48).map { LocalDateTime(year: 2016, month: 4, day: 1)!.addingHours($0) }
        let table = SeriesTable(series: [Series(name: "Evil\u{1B}[31m\nname")], times: times, values: [times.map { _ in 1 }])
        let view = TrendView(series: SeriesStore(table))
        let text = Self.render(view).text
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("Evil"))
    }

    @Test func keysAreDeclaredAndNotTheGlobalOnes() {
        let keys = TrendView(series: SeriesStore(April.counts)).keymap.boundKeys
        for key in [Key.left, .right, .character("h"), .character("l"), .character("["), .character("]"),
                    .character("{"), .character("}"), .character("g"), .character("G"), .character("c")] {
            #expect(keys.contains(key))
        }
        #expect(!keys.contains(.character("q")) && !keys.contains(.character("r")) && !keys.contains(.character("/")))
    }
}

/// Presses characters on a view as the browser would: through its keymap.
func press<V: BrowserView>(_ view: inout V, _ characters: Character..., area: Rect = TrendViewTests.area) {
    for character in characters { _ = view.handle(.character(character), in: area) }
}
