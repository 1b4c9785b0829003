import FremontCore
import Testing
@testable import FremontUI

/// The Table tab's column statistics and frequency tables on April 2016.
@Suite struct ColumnStatsViewTests {
    static let area = Rect(x: 0, y: 1, width: 100, height: 27)

    static func render(_ view: ColumnStatsView, width: Int = 100, height: Int = 30, colors: ColorSupport = .indexed256) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: colors))
        return buffer
    }

    @Test func eachSeriesDescribed() {
        let buffer = Self.render(ColumnStatsView(series: SeriesStore(April.counts)))
        #expect(buffer.line(1) == "Column stats, all days")
        #expect(buffer.line(2) == " series      hours  missing  min  max   mean  median    p95   total")
        #expect(buffer.line(3) == "▸Northbound    720        0    0  455   65.1      39  228.2  46,905")
        #expect(buffer.line(4) == " Southbound    720        0    0  593   64.9      39  240.1  46,734")
        #expect(buffer.line(5) == " Total         720        0    0  816  130.1      81  493.1  93,639")
    }

    @Test func theFrequencyTableByHourThenWeekdayMonthAndYear() {
        var view = ColumnStatsView(series: SeriesStore(April.counts))
        var buffer = Self.render(view)
        #expect(buffer.line(7) == "By hour of day   b: by weekday")
        #expect(buffer.line(9) == "hour   hours    sum hours    sum hours     sum   sum, share of the largest")
        #expect(buffer.line(18) == "08:00     30  7,524    30  3,506    30  11,030   ████████████████████████████████████████")
        press(&view, "b", area: Self.area)
        buffer = Self.render(view)
        #expect(buffer.line(7) == "By weekday   b: by month of the year")
        #expect(buffer.row(containing: "Friday       120  8,045   120  8,281   120  16,326") != nil)
        press(&view, "b", area: Self.area)
        #expect(Self.render(view).line(10).hasPrefix("April    720  46,905   720  46,734   720  93,639   ████"))
        press(&view, "b", area: Self.area)
        #expect(Self.render(view).line(10).hasPrefix("2016     720  46,905"))
        press(&view, "b", area: Self.area)
        #expect(view.grouping == .hour)
    }

    @Test func keysClickAndWheelMoveTheSelection() {
        var view = ColumnStatsView(series: SeriesStore(April.counts))
        press(&view, "j", "j", area: Self.area)
        #expect(view.list.selected == 2)
        press(&view, "G", area: Self.area)
        #expect(view.list.selected == 23)
        #expect(Self.render(view).text.contains("23:00"))
        press(&view, "g", area: Self.area)
        #expect(view.list.selected == 0)
        _ = view.perform(.move(.pageDown), in: Self.area)
        #expect(view.list.offset > 0)
        _ = view.click(x: 5, y: Self.area.y + 10, in: Self.area)
        #expect(view.list.selected == view.list.offset + 10 - 9)
        let buffer = Self.render(view)
        let row = Self.area.y + 10
        #expect(buffer.style(of: buffer.line(row), row: row)?.attributes.contains(.reverse) == true)
    }

    @Test func cBarsTheNextSeries() {
        var view = ColumnStatsView(series: SeriesStore(April.counts))
        press(&view, "c", area: Self.area)
        let buffer = Self.render(view)
        #expect(buffer.line(4).hasPrefix("▸Southbound"))
        #expect(buffer.line(8).hasSuffix("Southbound"))
        // 17:00 is the southbound's busiest hour: the full bar.
        #expect(buffer.line(buffer.row(containing: "17:00")!).contains("13,923   " + String(repeating: "█", count: 40)))
    }

    @Test func narrowEmptyAndColourless() {
        let narrow = Self.render(ColumnStatsView(series: SeriesStore(April.counts)), width: 50, height: 12, colors: .none)
        #expect(narrow.line(1).hasPrefix(" series"))
        #expect(narrow.line(2).contains("46,905"))
        #expect(!narrow.line(1).contains("p95"))
        let empty = ColumnStatsView(series: SeriesStore(SeriesTable(series: [Series(name: "x")], times: [], values: [[]])))
        #expect(Self.render(empty).line(2).contains("No rows to describe."))
        var tiny = ScreenBuffer(width: 10, height: 3)
        ColumnStatsView(series: SeriesStore(April.counts)).render(into: &tiny, area: Rect(x: 0, y: 0, width: 10, height: 3), theme: Theme(colors: .none))
        #expect(tiny.line(0).hasPrefix(" series"))
    }
}
