import Testing
@testable import FremontCore

@Suite struct SeriesPeriodRowsTests {
    let table = SeriesFixture.springForward

    @Test func dayRowsTotalEverySeriesAndPointAtTheirFirstRow() {
        let days = SeriesPeriodRows(table, granularity: .day)
        #expect(days.count == 3)
        #expect(days.starts == [date("2016-03-12"), date("2016-03-13"), date("2016-03-14")])
        #expect(days.firstRows == [0, 24, 48])
        #expect(days.rowCounts == [24, 24, 21])
        #expect(days.totals == [[276, 274, 243], [23, 23, 21]])
        #expect(days.label(2) == "2016-03-14")
        #expect(days.period(containingRow: 0) == 0)
        #expect(days.period(containingRow: 47) == 1)
        #expect(days.period(containingRow: 68) == 2)
    }

    @Test func otherGranularities() {
        let hours = SeriesPeriodRows(table, granularity: .hour)
        #expect(hours.count == 69 && hours.firstRows == Array(0..<69))
        #expect(hours.label(26) == "2016-03-13T02:00:00")
        #expect(hours.totals[0][26].isNaN)  // the blank spring-forward hour: no total, not 0
        let weeks = SeriesPeriodRows(table, granularity: .week)
        #expect(weeks.starts == [date("2016-03-07"), date("2016-03-14")])
        #expect(weeks.firstRows == [0, 48] && weeks.totals[0] == [550, 243])
        #expect(SeriesPeriodRows(table, granularity: .month).label(0) == "2016-03")
        #expect(SeriesPeriodRows(table, granularity: .year).totals == [[793], [67]])
    }

    @Test func overFilteredRows() {
        let rows = SeriesFilter(days: .weekends, minimum: .init(series: 0, value: 22)).rows(in: table)
        let days = SeriesPeriodRows(table, granularity: .day, rows: rows)
        #expect(days.firstRows == [22, 46])
        #expect(days.totals[0] == [45, 45])
        // A row not shown falls in the period starting before it.
        #expect(days.period(containingRow: 30) == 0)
        #expect(days.period(containingRow: 60) == 1)
        #expect(days.period(containingRow: 3) == 0)
        #expect(SeriesPeriodRows(table, granularity: .day, rows: []).period(containingRow: 0) == nil)
        #expect(SeriesSort.order(Array(0..<3), by: SeriesPeriodRows(table, granularity: .day).totals[0], descending: true) == [0, 1, 2])
    }
}
