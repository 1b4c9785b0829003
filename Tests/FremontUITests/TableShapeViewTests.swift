import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// Issue 24 on screen: the table tab follows the data's step and kind, and the bugs review found.
@Suite struct TableShapeViewTests {
    static let shapes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/shapes").path + "/"

    private func browser(_ file: String, width: Int = 100, height: Int = 30) throws -> BrowserState {
        let table = try SeriesLoader.load(.file(Self.shapes + file))
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .indexed256))
        _ = state.tableLoaded(source: file, .success(table), at: "12:00:00")
        return state
    }

    @Test func aDailyTableHasNoDaySeparatorsNorHeatmap() throws {
        var state = try browser("daily.csv")
        let buffer = screen(state)
        #expect(!buffer.text.contains("── "))
        // The outages in days, first: 3 absent, 1 blank (pandas: reindex freq='D', 4 NaN).
        #expect(buffer.line(2).hasPrefix(" 4 days without a count; longest 2024-02-10 → 02-12, 3 days"))
        #expect(!buffer.text.contains("hours missing"))
        // A day is a day: no 12:00 AM after it.
        #expect(buffer.row(containing: "Monday, January 1, 2024") != nil)
        #expect(!buffer.text.contains("12:00 AM"))
        press(&state, .character("h"))
        #expect(state.table.mode == .table)
        press(&state, .character("p"))
        #expect(state.status.message == "the rows are days: there is no hour of the day to profile")
    }

    @Test func aMeasureIsAveragedAndItsNegativesDrawBars() throws {
        let state = try browser("temperatures.csv", width: 100)
        let buffer = screen(state)
        // pandas: temp_c mean -3.5, min -10, max 3.
        #expect(buffer.line(1).contains("temp_c mean -3.50 (-10…3)"))
        #expect(buffer.line(3).contains("temp_c: high") && buffer.line(3).contains("low"))
        // 2024-01-15 00:00 is -8.2, above the lowest (-10): a bar, however short, from the minimum.
        let midnight = try #require(buffer.row(containing: "January 15, 2024 12:00 AM"))
        #expect(buffer.line(midnight).contains("-8.2"))
        let three = try #require(buffer.row(containing: "January 15, 2024  3:00 AM"))
        #expect(buffer.line(three).contains("-10") && !buffer.line(three).contains("▏"))
        #expect(["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"].contains { buffer.line(midnight).contains($0) })
        // The day's separator gives the measure's mean (pandas: -4.0), not its sum (-96).
        #expect(buffer.text.contains("temp_c mean -4.0 ──"))
        #expect(!buffer.text.contains("-96"))
    }

    @Test func aMeasuresStatsAndProfileSayMeanNotTotal() throws {
        let table = try SeriesLoader.load(.file(Self.shapes + "temperatures.csv"))
        var stats = ScreenBuffer(width: 100, height: 40)
        ColumnStatsView(series: SeriesStore(table)).render(into: &stats, area: Rect(x: 0, y: 1, width: 100, height: 37), theme: Theme(colors: .indexed256))
        // temp_c is averaged: no total (pandas' sum, -252, means nothing); rain_mm, a count, sums to 36.
        let temperature = try #require(stats.row(containing: "▸temp_c"))
        #expect(stats.line(temperature).hasSuffix("—") && !stats.line(temperature).contains("-252"))
        #expect(stats.line(temperature + 1).hasSuffix("36"))
        // The frequency table: temp_c's hours give its mean (pandas: groupby(hour).mean(), -7.7 at
        // 00:00), rain_mm's its sum; the bar runs from the lowest mean (-9.5 at 03:00) to the highest.
        func words(_ line: Int) -> String { stats.line(line).split(separator: " ").joined(separator: " ") }
        #expect(words(try #require(stats.row(containing: "hours  mean"))).hasPrefix("hour hours mean hours sum mean, from the lowest"))
        #expect(words(try #require(stats.row(containing: "00:00"))).hasPrefix("00:00 3 -7.7 3 0 █"))
        #expect(words(try #require(stats.row(containing: "03:00"))) == "03:00 3 -9.5 3 0")
        var profile = ScreenBuffer(width: 100, height: 30)
        ProfileView(series: SeriesStore(table)).render(into: &profile, area: Rect(x: 0, y: 1, width: 100, height: 27), theme: Theme(colors: .indexed256))
        #expect(profile.line(1) == "Mean by hour of day, all days")
        // pandas: the three weekdays' mean at 08:00 is -5.1.
        #expect(profile.line(2).hasPrefix("temp_c  08:00  ━ weekdays -5.1"))
    }

    @Test func dateSearchInAWeekViewLandsOnTheWeekHoldingTheDate() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("v"), .character("v"))
        #expect(state.table.granularity == .week)
        type(&state, "/"); type(&state, "2016-04-20"); press(&state, .enter)
        // The week of Monday 18 April holds the 20th; the week after it does not.
        #expect(state.table.selectedTime?.isoDateString == "2016-04-18")
    }

    @Test func aFoundRowIsNearTheTopAndASortStartsThere() {
        var state = April.browser(width: 100, height: 30)
        type(&state, "/"); type(&state, "april 20 5:00 pm"); press(&state, .enter)
        let buffer = screen(state)
        let found = buffer.row(containing: "April 20, 2016  5:00 PM")!
        #expect(found <= buffer.row(containing: "Date")! + 2)
        press(&state, .down, .down)
        press(&state, .character("s"))
        #expect(state.table.rowList.selected == 0)
        #expect(screen(state).line(buffer.row(containing: "Date")! + 1).contains("455"))
    }

    @Test func monthKeysMoveWithinAFile() throws {
        var state = try browser("daily.csv")
        let effects = press(&state, .character(">"))
        #expect(state.table.selectedTime?.isoDateString == "2024-02-01")
        #expect(state.status.message == "February 2024")
        #expect(commands(effects).isEmpty)
        press(&state, .character(">"), .character(">"))
        #expect(state.status.message == "no rows in April 2024 in the table loaded")
        #expect(state.table.selectedTime?.isoDateString == "2024-03-01")
    }

    @Test func periodsWithReadingsMissingAreMarked() throws {
        var state = try browser("daily.csv")
        press(&state, .character("v"))
        #expect(state.table.granularity == .week)
        let buffer = screen(state)
        let partial = try #require(buffer.row(containing: "Week of Mon 2024-02-05"))
        #expect(Array(buffer.line(partial))[1] == "?")
        let whole = try #require(buffer.row(containing: "Week of Mon 2024-01-08"))
        #expect(Array(buffer.line(whole))[1] == " ")
        // v started past a row per day (the rows are days), and V comes back to them.
        press(&state, .character("V"))
        #expect(state.table.granularity == .hour)
        press(&state, .character("V"))
        #expect(state.status.message == "rows are days already")
    }

    @Test func theHeatmapDrawsAbsentHoursAsMissingNotEven() throws {
        var state = try browser("outage.csv", width: 100, height: 40)
        press(&state, .character("G"), .character("h"))
        #expect(state.table.mode == .heatmap)
        let buffer = screen(state)
        let day = try #require(buffer.row(containing: "Sun 2025-07-20"))
        // 03:00 to 05:00 have no row: missing, as a blank row is drawn, never the even hour's dot.
        let cells = Array(buffer.line(day)).dropFirst(16)
        let cellWidth = 3
        #expect((3...5).allSatisfy { cells[cells.startIndex + $0 * cellWidth] == "—" })
        #expect(!buffer.line(day).contains("·"))
    }

    @Test func theTrendOfAMeasureIsOfDailyMeans() throws {
        var state = try browser("temperatures.csv", width: 100, height: 30)
        press(&state, .character("t"))
        let buffer = screen(state)
        #expect(buffer.row(containing: "Daily means of temp_c") != nil)
        #expect(buffer.row(containing: "Daily totals") == nil)
        // pandas resample('D').mean(): -4.0, -3.5, -3.0.
        #expect(SeriesDailyTotals(try SeriesLoader.load(.file(Self.shapes + "temperatures.csv"))).totals[0] == [-4.0, -3.5, -3.0])
    }

    @Test(arguments: [ColorSupport.indexed256, .truecolor])
    func barsOnTintedRowsNeverTakeTheTextsBlack(colors: ColorSupport) {
        let buffer = screen(April.browser(width: 120, height: 40, colors: colors))
        let blocks: Set<String> = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
        let tinted = buffer.cells.filter { blocks.contains($0.text) && $0.style.background != .default }
        #expect(!tinted.isEmpty)
        #expect(tinted.allSatisfy { $0.style.foreground != .indexed(16) })
    }

    @Test func theHeatmapAfterAViewByDayIsFull() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("G"), .character("v"), .character("V"), .character("h"))
        #expect(state.table.mode == .heatmap)
        let buffer = screen(state)
        let days = (0..<buffer.height).filter { buffer.line($0).contains(" 2016-04-") }
        // The list holds 30 days; a screen of 30 lines shows the last 20 or more of them.
        #expect(days.count >= 20)
        #expect(buffer.row(containing: "Sat 2016-04-30") != nil)
    }

    @Test func decimalsAreAlignedOnThePoint() throws {
        let buffer = screen(try browser("temperatures.csv", width: 100))
        // -8.2 and -10.0 (written -10.0, not -10) end in the same column, points aligned.
        let midnight = try #require(buffer.row(containing: "January 15, 2024 12:00 AM"))
        let three = try #require(buffer.row(containing: "January 15, 2024  3:00 AM"))
        let point = { (line: String) in Array(line).firstIndex(of: ".") }
        #expect(buffer.line(three).contains("-10.0"))
        #expect(point(buffer.line(midnight)) == point(buffer.line(three)))
        #expect(TableTab.decimals([1, 2.5, .nan, -3.25]) == 2)
        #expect(TableTab.decimals([0.1 + 0.2]) == 1)
        #expect(TableTab.decimals([1, 2]) == 0)
    }

    /// The whole-number test the column's decimals use agrees with rounding, for values of every
    /// size and sign, near and far from whole numbers, written with up to 3 decimals or not.
    @Test func theWholeNumberTestAgreesWithRounding() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        let edges: [Double] = [0, -0.0, 0.5, -0.5, 1e-7, 0.9999999, 4.5e15, -4.5e15, 9.1e15, 1e300, .infinity, -.infinity,
                               0.1 + 0.2, 2.675, -10.000001]
        var values = edges
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(Int(next() % 36)) - 18)
            let raw = (Double(next() % 2_000_001) / 1_000_000 - 1) * magnitude
            values.append(raw)
            values.append((raw * 1000).rounded() / 1000)
        }
        for value in values {
            for scale in [1.0, 10, 100, 1000] {
                let scaled = value * scale
                let expected = scaled.isInfinite || abs(scaled - scaled.rounded()) <= 1e-6 * max(1, abs(scaled))
                #expect(TableTab.isWhole(scaled) == expected, "\(scaled)")
            }
        }
    }

    @Test func theAveragePerDayIsOverTheDaysWithACount() throws {
        let buffer = screen(try browser("outage.csv"))
        // pandas: resample('D').sum(min_count=1).mean() is 343.6 over the 5 days with a value.
        #expect(buffer.line(1).contains("Total 1,718  343.6/day over 5 days with a count"))
        #expect(buffer.line(2).hasPrefix(" 507 hours without a count; longest 2025-06-28 01:00 → 07-18 23:00, 503 h"))
    }

    @Test func aDaySeparatorGivesTheSourcesOwnTotal() throws {
        var text = "date,Ped South,Bike North,Trail Total\n"
        for hour in 0..<24 { text += "2024-05-01T\(hour < 10 ? "0" : "")\(hour):00:00,1,\(hour),\(hour + 1)\n" }
        let table = try SeriesLoader.load(.string(text, name: "trail.csv"))
        var state = BrowserState(width: 100, height: 30, theme: Theme(colors: .indexed256))
        _ = state.tableLoaded(source: "trail.csv", .success(table), at: "12:00:00")
        // The rows are shaded by the first series (Ped South, 24 that day); the day says the
        // trail's own total, 300.
        let buffer = screen(state)
        #expect(buffer.text.contains("Total 300 ──"))
        #expect(!buffer.text.contains("Ped South 24 ──"))
    }
}
