import Testing
@testable import FremontCore

/// Issue 29: the calendar's days and quartile levels, each figure pandas' on the same days
/// (`Tests/Tools/pandas_calendar_check.py` prints them for the city export).
@Suite(.needsSharedData) struct SeriesCalendarTests {
    @Test func theCityExportsLevelsArePandasQuartilesOfTheWholeDays() throws {
        let table = try CityExport.table()
        let calendar = SeriesCalendar(table, series: 0)
        #expect(calendar.readingsPerDay == 24)
        #expect(calendar.dayCount == 4686)
        #expect(calendar.firstDay == CivilCalendar.dayNumber(year: 2012, month: 10, day: 2))
        #expect(calendar.thresholds == [1594.5, 2453.0, 3405.5])
        let census = calendar.census
        #expect(census.levels == [1162, 1162, 1161, 1162])
        #expect(census.partial == 19 && census.missing == 20)
        func day(_ year: Int, _ month: Int, _ day: Int) -> Int { calendar.index(ofDay: CivilCalendar.dayNumber(year: year, month: month, day: day))! }
        // The busiest quarter; Christmas the quietest; the first day from 13:00 and the outage
        // of 2024-09-30 are partial, not quiet.
        #expect(calendar.values[day(2016, 4, 19)] == 4877 && calendar.day(day(2016, 4, 19)) == .whole(level: 3))
        #expect(calendar.values[day(2016, 12, 25)] == 260 && calendar.day(day(2016, 12, 25)) == .whole(level: 0))
        #expect(calendar.readings[day(2012, 10, 2)] == 11 && calendar.day(day(2012, 10, 2)) == .partial)
        #expect(calendar.readings[day(2024, 9, 30)] == 13 && calendar.day(day(2024, 9, 30)) == .partial)
    }

    /// A value on a threshold falls in the level below it (qcut's right-closed bins); a record
    /// day moves no threshold past the quartiles.
    @Test func levelsAreRightClosedAndARecordDayWashesNothingOut() {
        var times: [LocalDateTime] = [], values: [Double] = []
        for day in 0..<8 {
            times.append(LocalDateTime(year: 2024, month: 1, day: 1 + day)!)
            values.append(day == 7 ? 1_000_000 : Double(day + 1))
        }
        let calendar = SeriesCalendar(SeriesTable(series: [Series(name: "riders")], times: times, values: [values]), series: 0)
        #expect(calendar.readingsPerDay == 1)
        // pandas: Series([1..7, 1e6]).quantile([.25, .5, .75]) = 2.75, 4.5, 6.25.
        #expect(calendar.thresholds == [2.75, 4.5, 6.25])
        #expect((0..<8).map { calendar.day($0) } == [0, 0, 1, 1, 2, 2, 3, 3].map { .whole(level: $0) })
        #expect(calendar.level(4.5) == 1 && calendar.level(4.6) == 2)
    }

    @Test func missingExcludedAndMeasuresDays() {
        // Hourly temperatures over three days: the middle one blank, a weekend filter.
        var times: [LocalDateTime] = [], values: [Double] = []
        var time = LocalDateTime(year: 2024, month: 3, day: 8)!  // a Friday
        for _ in 0..<(4 * 24) {
            times.append(time)
            values.append(time.day == 9 ? .nan : Double(time.hour) + 0.5)
            time = time.addingHours(1)
        }
        let table = SeriesTable(series: [Series(name: "temperature", kind: .measure)], times: times, values: [values])
        #expect(table.series[0].kind == .measure)
        let calendar = SeriesCalendar(table, series: 0, filter: SeriesFilter(days: .weekends))
        // Friday and Monday are not weekend days; Saturday has no reading; Sunday's is its mean.
        #expect(calendar.day(0) == .excluded && calendar.day(1) == .missing && calendar.day(3) == .excluded)
        #expect(calendar.values[2] == 12 && calendar.day(2) == .whole(level: 0))
        #expect(calendar.census.missing == 1 && calendar.census.levels == [1, 0, 0, 0])
        #expect(SeriesCalendar.refusal(step: .seconds(7 * 86_400)) != nil && SeriesCalendar.refusal(step: .months(1)) != nil)
        #expect(SeriesCalendar.refusal(step: .hour) == nil && SeriesCalendar.refusal(step: .day) == nil)
    }
}
