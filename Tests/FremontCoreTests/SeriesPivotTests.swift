import Testing
@testable import FremontCore

/// Issue 29: `fremont stats --pivot`, each figure pandas' on the same rows
/// (`Tests/Tools/pandas_stats_check.py --pivot` checks a whole file the same way).
@Suite struct SeriesPivotTests {
    /// Hourly from 2023-11-20 to 2024-01-10, each reading its hour plus its day of the month;
    /// 24 and 25 December have none.
    static let table: SeriesTable = {
        var times: [LocalDateTime] = [], values: [Double] = []
        var time = LocalDateTime(year: 2023, month: 11, day: 20)!
        while time < LocalDateTime(year: 2024, month: 1, day: 11)! {
            times.append(time)
            let holiday = time.year == 2023 && time.month == 12 && (24...25).contains(time.day)
            values.append(holiday ? .nan : Double(time.hour + time.day))
            time = time.addingHours(1)
        }
        return SeriesTable(series: [Series(name: "riders")], times: times, values: [values])
    }()

    @Test func yearByMonthTotalsWithMarginsAndPartialPeriods() throws {
        // pandas: pivot_table(index='year', columns='month', aggfunc='sum', margins=True).
        let pivot = try SeriesPivot(Self.table, series: 0, rows: .year, columns: .month)
        #expect(pivot.rowKeys == [2023, 2024] && pivot.columnKeys == Array(1...12))
        #expect(pivot.cells[0][10].value == 9636 && pivot.cells[0][11].value == 18732 && pivot.cells[1][0].value == 4080)
        #expect(pivot.cells[0][0].value == nil)
        #expect(pivot.rowTotals.map(\.value) == [28368, 4080] && pivot.total.value == 32448)
        #expect(pivot.columnTotals[11].value == 18732)
        // November from the 20th, December without two days, January to the 10th: all partial.
        #expect(pivot.cells[0][10].isPartial && pivot.cells[0][11].isPartial && pivot.cells[1][0].isPartial)
        #expect(pivot.cells[0][11].days == 29)
    }

    @Test func perDayMeansCompareThePartialPeriods() throws {
        // pandas: groupby(['year', 'month', date]).sum().groupby(['year', 'month']).mean().
        let pivot = try SeriesPivot(Self.table, series: 0, rows: .year, columns: .month, perDay: true)
        #expect(pivot.measure == .perDay)
        #expect(pivot.cells[0][10].value == 876 && pivot.cells[1][0].value == 408)
        #expect(abs(pivot.cells[0][11].value! - 645.931034) < 1e-5)
        #expect(pivot.rowTotals.map(\.value) == [709.2, 408])
    }

    @Test func changeAgainstTheYearBefore() throws {
        // pandas: pivot_table(index='year', columns=dayofweek + 1, aggfunc='sum').pct_change() * 100.
        let pivot = try SeriesPivot(Self.table, series: 0, rows: .year, columns: .weekday)
        #expect(pivot.cells[0][0].value == 3300 && pivot.cells[1][0].value == 768)
        #expect(pivot.change(row: 0, column: 0) == nil)
        #expect(abs(pivot.change(row: 1, column: 0)! * 100 - -76.727273) < 1e-5)
        var csv = ""
        SeriesPivotExport.csv(pivot, change: true) { csv += $0 }
        let lines = csv.split(separator: "\n")
        #expect(lines[0] == "year,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,Total")
        #expect(lines[1] == "2023,,,,,,,,")
        #expect(lines[2].hasPrefix("2024,-76.7272727272727"))
    }

    @Test func theTableMarksPartialPeriodsAndSaysWhy() throws {
        var text = ""
        SeriesPivotExport.table(try SeriesPivot(Self.table, series: 0, rows: .year, columns: .month), change: false) { text += $0 }
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines[0] == "riders: total by year and month")
        #expect(lines[1] == "Year January February March April May June July August September October November December Total")
        #expect(lines[2] == "2023 — — — — — — — — — — 9,636* 18,732* 28,368*")
        #expect(lines[4] == "Total 4,080 — — — — — — — — — 9,636 18,732 32,448")
        #expect(lines[5].hasPrefix("* partial: some of the period's days have no reading"))
    }

    @Test func theAxesMustDiffer() {
        #expect(throws: LoadError.self) { try SeriesPivot(Self.table, series: 0, rows: .hour, columns: .hour) }
    }
}
