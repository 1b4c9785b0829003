import Testing
import FremontCore
import FremontTestSupport
@testable import FremontUI

/// The table's rows by day, week, month or year, sorted by a column, filtered, and exported: the
/// keys `v` `V` `s` `S` `f` `e` on April 2016.
@Suite struct TableLensTests {
    @Test func granularityKeepsTheSelectedTimeAndTotalsEachSeries() {
        var state = April.browser(width: 100, height: 30)
        type(&state, "/"); type(&state, "2016-04-19 08:00"); press(&state, .enter)
        press(&state, .character("v"))
        #expect(state.table.granularity == .day)
        var buffer = screen(state)
        let tuesday = buffer.row(containing: "Tuesday, April 19, 2016")!
        #expect(buffer.rows(styledWith: .reverse) == [tuesday])
        // The day's totals: each series summed over its 24 hours.
        let april19 = April.counts.rows.filter { $0.date.day == 19 }
        let north = april19.compactMap(\.northbound).reduce(0, +), south = april19.compactMap(\.southbound).reduce(0, +)
        #expect(buffer.line(tuesday).contains(NumberText.grouped(north)) && buffer.line(tuesday).contains(NumberText.grouped(south)))
        #expect(buffer.line(tuesday).contains(NumberText.grouped(north + south)))
        press(&state, .character("v"))  // weeks
        buffer = screen(state)
        #expect(buffer.rows(styledWith: .reverse) == [buffer.row(containing: "Week of Mon 2016-04-18")!])
        press(&state, .character("v"), .character("v"))  // month, year
        buffer = screen(state)
        #expect(buffer.row(containing: "2016  ") != nil)
        #expect(buffer.text.contains("46,905") && buffer.text.contains("46,734") && buffer.text.contains("93,639"))
        press(&state, .character("v"))
        #expect(state.status.message?.contains("years already") == true)
        press(&state, .character("V"), .character("V"), .character("V"), .character("V"))
        #expect(state.table.granularity == .hour)
        // Back at the hour chosen before going coarser.
        #expect(DateText.compact(state.table.times[state.table.selectedRow]) == "Tue 2016-04-19 08:00")
    }

    @Test func sortByAColumnThenBackToTimeOrder() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("s"))
        #expect(state.status.message == "sorted by Northbound, largest first; missing values last")
        press(&state, .character("g"))
        var buffer = screen(state)
        // The busiest northbound hour first, and no day separators between sorted rows.
        let first = buffer.row(containing: "Date")! + 1
        #expect(buffer.line(first).contains("Tuesday, April 19, 2016  8:00 AM") && buffer.line(first).contains("455"))
        #expect(!buffer.text.contains("── "))
        press(&state, .character("S"))
        press(&state, .character("g"))
        buffer = screen(state)
        #expect(buffer.line(buffer.row(containing: "Date")! + 1).contains("     0 "))
        press(&state, .character("s"), .character("s"), .character("s"))  // south, total, then time
        #expect(state.status.message == "rows in time order")
        // Time order keeps the selected hour (the busiest total, which the sort put first), between days.
        #expect(DateText.compact(state.table.selectedTime!) == "Tue 2016-04-19 17:00")
        #expect(screen(state).text.contains("── Tuesday, April 19, 2016"))
    }

    @Test func filterAtThePromptAndBadWordsSaySo() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("f"))
        type(&state, "weekends 2016-04-01..2016-04-10")
        press(&state, .enter)
        // Weekends among April 1–10: the 2nd, 3rd, 9th and 10th, 96 hours.
        #expect(state.status.message == "96 hours kept: weekends · 2016-04-01 to 2016-04-10")
        #expect(state.table.table?.rowCount == 96)
        #expect(state.table.table?.times.allSatisfy { $0.weekday >= 6 } == true)
        press(&state, .character("f")); type(&state, ">=400"); press(&state, .enter)
        // A bare minimum is of the shaded series (northbound here): every kept hour has ≥ 400.
        let table = state.table.table!
        #expect(table.rowCount > 0 && (0..<table.rowCount).allSatisfy { (table.value(0, $0) ?? 0) >= 400 })
        press(&state, .character("f")); type(&state, "fortnightly"); press(&state, .enter)
        #expect(state.status.message?.hasPrefix("not a filter: 'fortnightly'") == true)
        press(&state, .character("f")); type(&state, "all"); press(&state, .enter)
        #expect(state.table.table?.rowCount == 720)
    }

    @Test func exportAsksForANameAndHandsTheRowsShownToTheHost() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("v"), .character("v"))  // weeks
        press(&state, .character("e"))
        #expect(state.screenFooterText.contains("fremont-2016-04-week.csv"))
        let effects = press(&state, .enter)
        guard case .export(let path, let text, let rows)? = outputs(effects).first else {
            Issue.record("no export: \(effects)")
            return
        }
        #expect(path == "fremont-2016-04-week.csv")
        #expect(rows == 5)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "date,fremont_bridge_nb,fremont_bridge_sb")
        #expect(lines.count == 6)
        #expect(lines[1].hasPrefix("2016-03-28T00:00:00,"))
    }

    /// Column names are the file's: the browser shows them without their escapes, and `e` writes
    /// a file for spreadsheets, where a name that would run as a formula starts with `'` while
    /// the values, negative ones too, stay numbers.
    @Test func hostileColumnNamesAreShownSafelyAndExportedGuarded() throws {
        let names = ["\u{1B}]0;PWNED\u{07}north", "=HYPERLINK(\"http://x.example\",\"click\")", "-2+3"]
        let times = (0..<3).map { LocalDateTime(year: 2016, month: 4, day: 1, hour: $0)! }
        let table = SeriesTable(series: names.map { Series(name: $0) }, times: times, values: names.map { _ in [-3.5, 2, 1] })
        var state = BrowserState(width: 120, height: 20, theme: Theme(colors: .indexed256))
        _ = state.tableLoaded(source: "hostile.csv", .success(table), at: "12:00:00")
        let buffer = screen(state)
        #expect(!buffer.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(buffer.text.contains("]0;PWNEDnorth") || buffer.text.contains("]0;PWNEDno"))
        press(&state, .character("e"))
        guard case .export(_, let text, let rows)? = outputs(press(&state, .enter)).first else {
            Issue.record("no export")
            return
        }
        #expect(rows == 3)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "date,]0;PWNEDnorth,\"'=HYPERLINK(\"\"http://x.example\"\",\"\"click\"\")\",'-2+3")
        #expect(lines[1] == "2016-04-01T00:00:00,-3.5,-3.5,-3.5")
    }
}

extension BrowserState {
    /// The last two lines of the screen, where the prompt is.
    var screenFooterText: String {
        let buffer = screen(self)
        return buffer.line(height - 2) + buffer.line(height - 1)
    }
}
