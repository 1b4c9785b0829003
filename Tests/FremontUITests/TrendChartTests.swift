import FremontCore
import Testing
@testable import FremontUI

/// The trend chart drawn into buffers: whole screens, axes at the right columns, the readout,
/// gaps, peaks, the cursor, and every degenerate input.
@Suite(.needsSharedData) struct TrendChartTests {
    static let april11 = CivilCalendar.dayNumber(year: 2016, month: 4, day: 11)  // a Monday
    static let colour = Theme(colors: .indexed256)

    static func render(_ chart: TrendChart, width: Int, height: Int, theme: Theme = colour) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        chart.render(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height), theme: theme)
        return buffer
    }

    static func layout(_ chart: TrendChart, width: Int, height: Int) -> TrendChart.Layout {
        TrendChart.Layout(chart, area: Rect(x: 0, y: 0, width: width, height: height))!
    }

    static func isBraille(_ text: String) -> Bool {
        text.unicodeScalars.count == 1 && (0x2800...0x28FF).contains(text.unicodeScalars.first!.value)
    }

    /// Ten days, a missing one among them, with a 3-day mean over them.
    static let tenDays: [Double] = [120, 340, 560, 410, 230, 90, 60, 300, .nan, 480]
    static var small: TrendChart {
        TrendChart(firstDay: april11, values: tenDays, name: "total",
                   overlays: [ChartLine("3-day", ChartFixtures.rollingMean(tenDays, window: 3))], cursor: 3)
    }

    @Test func aFewDaysWhole() {
        let screen = Self.render(Self.small, width: 44, height: 10)
        #expect(screen.text == """
            Thu 2016-04-14  ⣿ total 410 · ━ 3-day 436.7
               │         ⡰⠑⢄
               │       ⢀⠎   ⠉⣀⠤⣀⣀                     ⠁
            400┤      ⡰⠁  ⡠⠔⠉ ⠈⠢⡀⠉⠑⢄                 ⡔⠁
               │    ⢀⠎          ⠑⢄  ⠉⠢⡀      ⢠⠂    ⡠⠊
            200┤   ⡔⠁             ⠑⢄  ⠈⠒⢄   ⡔⠁ ⣀⣀⠤⠔⠁
               │  ⠊                 ⠉⠢⣀⣀ ⠉⠒⠒⠉⠉⠉
              0┤                        ⠉⠉⠁
               └──┴───┴───┴───▲───┴───┴───┴───┴───┴───┴─
                  11  12  13  14  15  16  17  18  19  20
            """)
        // The readout is the legend: each value beside its layer's swatch, in its colour.
        #expect(screen.style(of: "Thu 2016-04-14", row: 0) == Self.colour.title)
        #expect(screen.style(of: "⣿", row: 0) == Self.colour.chart(.muted))
        #expect(screen.style(of: "━", row: 0) == Self.colour.chart(.blue))
        #expect(screen.style(of: "▲", row: 8) == Self.colour.title)
    }

    @Test func theCursorColumnIsReversedThroughThePlot() {
        let screen = Self.render(Self.small, width: 44, height: 10)
        let layout = Self.layout(Self.small, width: 44, height: 10)
        let column = layout.plot.x + layout.slots.cell(of: 3)
        #expect(column == 18)
        for y in layout.plot.y..<layout.plot.maxY {
            #expect(screen[column, y].style.attributes.contains(.reverse), "row \(y)")
            #expect(!screen[column - 1, y].style.attributes.contains(.reverse))
            #expect(!screen[column + 1, y].style.attributes.contains(.reverse))
        }
        #expect(screen[column, layout.plot.maxY].text == "▲")
        // Without a cursor: no reversed cell, no ▲, and the legend names the span.
        var chart = Self.small
        chart.cursor = nil
        let plain = Self.render(chart, width: 44, height: 10)
        #expect(!plain.cells.contains { $0.style.attributes.contains(.reverse) })
        #expect(!plain.line(8).contains("▲"))
        #expect(plain.line(0) == "2016-04-11 – 2016-04-20  ⣿ total · ━ 3-day")
    }

    // MARK: - The whole history

    @Test func theHistoryHasAYearTickOnEachFirstOfJanuary() {
        let chart = ChartFixtures.trend()
        let screen = Self.render(chart, width: 120, height: 30)
        let layout = Self.layout(chart, width: 120, height: 30)
        #expect(layout.plot == Rect(x: 6, y: 1, width: 114, height: 27))
        let days = ChartFixtures.historyEnd - ChartFixtures.historyStart + 1
        for year in 2013...2025 {
            let index = CivilCalendar.dayNumber(year: year, month: 1, day: 1) - ChartFixtures.historyStart
            // The day's dot column, ⌊(2i + 1)·dots / 2·days⌋, halved into its cell.
            let column = 6 + (2 * index + 1) * 228 / (2 * days) / 2
            #expect(screen[column, 28].text == "┴", "\(year)")
            #expect(screen.line(29).dropFirst(column).hasPrefix(String(year)), "\(year)")
        }
        #expect(screen.line(29) == "        2013     2014    2015     2016     2017     2018     2019     2020     2021     2022     2023    2024     2025")
        // Round values, grouped, one every five rows; the axis from 0 to 5,000.
        let labels = (1..<28).compactMap { row -> String? in
            let label = screen.line(row).prefix(5).trimmingCharacters(in: .whitespaces)
            return label.isEmpty ? nil : label
        }
        #expect(labels == ["5,000", "4,000", "3,000", "2,000", "1,000", "0"])
        #expect(screen.line(1).hasPrefix("5,000┤") && screen.line(27).hasPrefix("    0┤"))
    }

    @Test func narrowerChartsLabelEveryOtherYear() {
        let screen = Self.render(ChartFixtures.trend(), width: 80, height: 24)
        #expect(screen.line(23) == "             2014       2016        2018       2020        2022       2024")
        let tiny = Self.render(ChartFixtures.trend(), width: 20, height: 6)
        #expect(tiny.line(5) == "     2015   2020")
        #expect(tiny.line(1).hasPrefix("5k┤"))  // short labels when grouped ones would crowd the plot
    }

    @Test func theReadoutGivesTheDayTheValueAndEachMean() {
        let days = ChartFixtures.history()
        let index = CivilCalendar.dayNumber(year: 2016, month: 4, day: 19) - ChartFixtures.historyStart
        let chart = ChartFixtures.trend(cursor: index, days: days)
        let week = ChartFixtures.rollingMean(days, window: 7)[index], year = ChartFixtures.rollingMean(days, window: 365)[index]
        let expected = "Tue 2016-04-19  ⣿ total \(ChartNumber.value(days[index])) · ━ 7-day mean \(ChartNumber.value(week))"
            + " · ━ 365-day mean \(ChartNumber.value(year))"
        #expect(Self.render(chart, width: 120, height: 30).line(0) == expected)
        #expect(expected.contains(".") && !expected.contains("—"))
        // Narrower: the names go, the values stay; a number is never cut.
        let narrow = Self.render(chart, width: 40, height: 12).line(0)
        #expect(narrow == "Tue 2016-04-19  ⣿ \(ChartNumber.value(days[index])) · ━ \(ChartNumber.value(week))")
        // Before the yearly mean has a whole year: a dash.
        #expect(Self.render(ChartFixtures.trend(cursor: 30, days: days), width: 120, height: 30).line(0).hasSuffix("365-day mean —"))
    }

    // MARK: - Gaps and peaks

    @Test func aMissingDayLeavesItsColumnBlank() {
        var values = Array(repeating: 100.0, count: 20)
        values[7] = .nan
        let chart = TrendChart(firstDay: Self.april11, values: values, cursor: 7)
        let screen = Self.render(chart, width: 60, height: 8)
        let layout = Self.layout(chart, width: 60, height: 8)
        let before = layout.plot.x + layout.slots.cell(of: 6), after = layout.plot.x + layout.slots.cell(of: 8)
        for x in (before + 1)..<after {
            for y in layout.plot.y..<layout.plot.maxY { #expect(screen[x, y].text == " ", "(\(x), \(y))") }
        }
        // Its neighbours are drawn, at 100, not joined across the gap (and not at 0: the bottom row is empty).
        #expect(Self.isBraille(screen[before, layout.plot.y].text) && Self.isBraille(screen[after, layout.plot.y].text))
        #expect(!(layout.plot.x..<layout.plot.maxX).contains { Self.isBraille(screen[$0, layout.plot.maxY - 1].text) })
        #expect(screen.line(0) == "Mon 2016-04-18  ⣿ —")
    }

    @Test func monthsWithoutDataStayBlankWhenManyDaysShareAColumn() {
        // Fourteen years with a counter out for 120 days: about 40 days a column at 120 columns.
        var values = ChartFixtures.history()
        let outage = 2_000..<2_120
        for index in outage { values[index] = .nan }
        let chart = TrendChart(firstDay: ChartFixtures.historyStart, values: values)
        let screen = Self.render(chart, width: 120, height: 30)
        let layout = Self.layout(chart, width: 120, height: 30)
        let inside = (0..<layout.plot.width).filter { cell in
            let days = layout.slots.items(inCell: cell)
            return !days.isEmpty && outage.contains(days.lowerBound) && outage.contains(days.upperBound - 1)
        }
        #expect(inside.count >= 2)
        for cell in inside {
            for y in layout.plot.y..<layout.plot.maxY { #expect(screen[layout.plot.x + cell, y].text == " ") }
        }
    }

    @Test func aOneDaySpikeInsideACrowdedColumnIsStillDrawn() {
        var values = Array(repeating: 100.0, count: 2_000)
        values[1_234] = 10_000
        let chart = TrendChart(firstDay: Self.april11, values: values, cursor: 1_234)
        let screen = Self.render(chart, width: 40, height: 10)
        let layout = Self.layout(chart, width: 40, height: 10)
        #expect(layout.slots.items(inCell: layout.slots.cell(of: 1_234)).count > 50)
        let top = (layout.plot.x..<layout.plot.maxX).filter { Self.isBraille(screen[$0, layout.plot.y].text) }
        #expect(top == [layout.plot.x + layout.slots.cell(of: 1_234)])
        #expect(screen.line(0).hasSuffix("⣿ 10,000"))
    }

    // MARK: - Degenerate inputs and areas

    @Test func tooSmallAnAreaSaysSoOnOneLine() {
        for (width, height) in [(19, 6), (20, 5), (12, 3), (60, 1)] {
            let screen = Self.render(ChartFixtures.trend(cursor: 5), width: width, height: height)
            #expect(screen.line(0) == TextLayout.truncate("Too small for the chart (20×6 at least).", to: width), "\(width)×\(height)")
            #expect((1..<height).allSatisfy { screen.line($0).isEmpty })
        }
        _ = Self.render(ChartFixtures.trend(cursor: 5), width: 0, height: 0)
        let empty = Self.render(TrendChart(firstDay: Self.april11, values: []), width: 40, height: 10)
        #expect(empty.line(0) == "No days to chart.")
    }

    @Test func itDrawsOnlyInsideItsArea() {
        var buffer = ScreenBuffer(width: 70, height: 20)
        buffer.fill(Rect(x: 0, y: 0, width: 70, height: 20), style: .plain, character: "x")
        let area = Rect(x: 7, y: 3, width: 50, height: 12)
        ChartFixtures.trend(cursor: 100).render(into: &buffer, area: area, theme: Self.colour)
        for y in 0..<20 {
            for x in 0..<70 where !area.contains(x: x, y: y) { #expect(buffer[x, y].text == "x", "(\(x), \(y))") }
        }
        #expect(buffer.line(3).dropFirst(7).hasPrefix("Thu 2013-01-10"))
    }

    @Test func oneDay() {
        let chart = TrendChart(firstDay: Self.april11 + 8, values: [250], name: "total", cursor: 0)
        let screen = Self.render(chart, width: 30, height: 8)
        let layout = Self.layout(chart, width: 30, height: 8)
        let column = layout.plot.x + layout.slots.cell(of: 0)
        #expect(column == layout.plot.x + layout.plot.width / 2)
        #expect(Self.isBraille(screen[column, layout.plot.y].text))
        #expect(screen.line(0) == "Tue 2016-04-19  ⣿ total 250")
        #expect(screen.line(7).dropFirst(column).hasPrefix("19"))
        var legend = chart
        legend.cursor = nil
        #expect(Self.render(legend, width: 30, height: 8).line(0) == "2016-04-19  ⣿ total")
    }

    @Test func allMissingDrawsAnEmptyFrameThatSaysSo() {
        let chart = TrendChart(firstDay: Self.april11, values: Array(repeating: .nan, count: 30), name: "total",
                               overlays: [ChartLine("7-day", Array(repeating: .nan, count: 30))], cursor: 2)
        let screen = Self.render(chart, width: 50, height: 10)
        #expect(!(1..<8).contains { y in (0..<50).contains { Self.isBraille(screen[$0, y].text) } })
        #expect(screen.text.contains("No values in this span"))
        #expect(screen.line(0) == "Wed 2016-04-13  ⣿ total — · ━ 7-day —")
        #expect(screen.line(9).contains("18"))  // the time axis is still there
    }

    @Test func allZeroIsAFlatLineOnTheBottomRow() {
        let chart = TrendChart(firstDay: Self.april11, values: Array(repeating: 0, count: 30), cursor: 0)
        let screen = Self.render(chart, width: 50, height: 10)
        let layout = Self.layout(chart, width: 50, height: 10)
        #expect(screen.line(1).hasPrefix("1┤") && screen.line(7).hasPrefix("0┤"))
        for y in layout.plot.y..<(layout.plot.maxY - 1) {
            #expect(!(layout.plot.x..<layout.plot.maxX).contains { Self.isBraille(screen[$0, y].text) })
        }
        for day in 0..<30 { #expect(Self.isBraille(screen[layout.plot.x + layout.slots.cell(of: day), layout.plot.maxY - 1].text)) }
    }

    @Test func hugeValuesGetShortLabelsAndNeverTrap() {
        let trillions = TrendChart(firstDay: Self.april11, values: [1e12, 3e12, 2e12, 2.5e12], cursor: 1)
        let screen = Self.render(trillions, width: 40, height: 10)
        #expect(screen.line(0) == "Tue 2016-04-12  ⣿ 3,000,000,000,000")
        #expect(Array((1...7).map { screen.line($0).prefix(3) }) == ["3T┤", "  │", "2T┤", "  │", "1T┤", "  │", " 0┤"])
        let beyond = TrendChart(firstDay: Self.april11, values: [1e20, 4e20, .infinity, -.infinity, 1.7e308], cursor: 1)
        let huge = Self.render(beyond, width: 40, height: 10)
        #expect(huge.line(0) == "Tue 2016-04-12  ⣿ 4e20")
        #expect(huge.text.contains("e308┤"))
    }

    @Test func withoutColourTheOverlaysAreGlyphsOfTheirOwn() {
        let plain = Self.render(ChartFixtures.trend(cursor: 1_295), width: 80, height: 24, theme: Theme(colors: .none))
        let plot = (1..<21).flatMap { y in (6..<80).map { plain[$0, y].text } }
        #expect(plot.contains("•") && plot.contains("━") && plot.contains(where: Self.isBraille))
        #expect(plain.line(0).hasPrefix("Tue 2016-04-19  ⣿ total 3,450 · • 7-day mean"))
        #expect(plain.line(0).contains(" · ━ 365-day mean "))
        let colour = Self.render(ChartFixtures.trend(cursor: 1_295), width: 80, height: 24)
        let colourPlot = (1..<21).flatMap { y in (6..<80).map { colour[$0, y].text } }
        #expect(!colourPlot.contains("•") && !colourPlot.contains("━"))
        // 8 colours: the raw days dim, the means in bold blue and red.
        let eight = Theme(colors: .ansi8)
        #expect(eight.chart(.muted) == Style(attributes: [.dim]))
        #expect(eight.chart(.blue) == Style(foreground: .blue, attributes: [.bold]))
        #expect(eight.chart(.red) == Style(foreground: .red, attributes: [.bold]))
    }

    // MARK: - Moving the cursor

    @Test func theCursorMovesByDaysAndToADay() {
        let chart = Self.small
        #expect(chart.cursor(movedByDays: 1) == 4)
        #expect(chart.cursor(movedByDays: 100) == 9)
        #expect(chart.cursor(movedByDays: -5) == 0)
        #expect(chart.cursor(atDayNumber: Self.april11 + 4) == 4)
        #expect(chart.cursor(atDayNumber: Self.april11 - 30) == 0)
        #expect(chart.cursor(atDayNumber: Self.april11 + 30) == 9)
        var none = chart
        none.cursor = nil
        #expect(none.cursor(movedByDays: -1) == 8)  // from the last day
        #expect(TrendChart(firstDay: 0, values: []).cursor(movedByDays: 1) == nil)
    }

    @Test func theCursorMovesByColumns() {
        let area = Rect(x: 0, y: 0, width: 120, height: 30)
        let history = ChartFixtures.trend(cursor: 1_295)
        let layout = Self.layout(history, width: 120, height: 30)
        let cell = layout.slots.cell(of: 1_295)
        #expect(history.cursor(movedByColumns: 1, in: area) == layout.slots.items(inCell: cell + 1).lowerBound)
        #expect(history.cursor(movedByColumns: -1, in: area) == layout.slots.items(inCell: cell - 1).lowerBound)
        #expect(history.cursor(movedByColumns: 1_000, in: area) == layout.slots.items(inCell: layout.plot.width - 1).lowerBound)
        // Days wider than a column: a column's move is a day's, never none.
        let small = Self.small, smallArea = Rect(x: 0, y: 0, width: 44, height: 10)
        #expect(small.cursor(movedByColumns: 1, in: smallArea) == 4)
        #expect(small.cursor(movedByColumns: -1, in: smallArea) == 2)
        // Too small to draw: by days.
        #expect(small.cursor(movedByColumns: 2, in: Rect(x: 0, y: 0, width: 10, height: 3)) == 5)
    }

    @Test func aClickReadsTheDayUnderIt() {
        let area = Rect(x: 0, y: 0, width: 44, height: 10)
        let small = Self.small
        let layout = Self.layout(small, width: 44, height: 10)
        for day in 0..<10 {
            #expect(small.cursor(atScreenX: layout.plot.x + layout.slots.cell(of: day), in: area) == day)
        }
        #expect(small.cursor(atScreenX: 1, in: area) == nil)  // on the labels
        #expect(small.cursor(atScreenX: 44, in: area) == nil)
        // Shifted areas count from the area.
        let shifted = Rect(x: 10, y: 5, width: 44, height: 10)
        #expect(small.cursor(atScreenX: 10 + layout.plot.x + layout.slots.cell(of: 6), in: shifted) == 6)
        // Crowded: the first day of the column.
        let history = ChartFixtures.trend(), historyArea = Rect(x: 0, y: 0, width: 120, height: 30)
        let historyLayout = Self.layout(history, width: 120, height: 30)
        #expect(history.cursor(atScreenX: 6 + 50, in: historyArea) == historyLayout.slots.items(inCell: 50).lowerBound)
    }
}
