import Testing
@testable import FremontCore

@Suite struct SeriesFilterTests {
    let table = SeriesFixture.springForward

    @Test func rowsKeptAreIndicesIntoTheTable() {
        #expect(SeriesFilter().rows(in: table) == Array(0..<69))
        #expect(SeriesFilter().keepsEverything)
        // The Monday starts at row 48 (no row is absent before it).
        #expect(SeriesFilter(days: .weekdays).rows(in: table) == Array(48..<69))
        #expect(SeriesFilter(days: .weekends).rows(in: table) == Array(0..<48))
        #expect(SeriesFilter(from: date("2016-03-13"), to: date("2016-03-13")).rowRange(in: table) == 24..<48)
        #expect(SeriesFilter(from: date("2016-03-15")).rowRange(in: table).isEmpty)
        #expect(SeriesFilter(to: date("2016-03-11")).rows(in: table).isEmpty)
        let evening = SeriesFilter(minimum: .init(series: 0, value: 22)).rows(in: table)
        #expect(evening.map { table.times[$0].isoString } == [
            "2016-03-12T22:00:00", "2016-03-12T23:00:00", "2016-03-13T22:00:00", "2016-03-13T23:00:00",
            "2016-03-14T22:00:00", "2016-03-14T23:00:00",
        ])
    }

    @Test func aRowIsJudgedByItsDayAndItsValues() {
        let filter = SeriesFilter(days: .weekends, from: date("2016-03-13T15:00"), minimum: .init(series: 1, value: 1))
        #expect(filter.from == date("2016-03-13"))
        #expect(!filter.admits(table, row: 0))  // Saturday, before the range
        #expect(filter.admits(table, row: 24))  // Sunday 00:00
        #expect(!filter.admits(table, row: 26))  // Sunday 02:00, blank
        #expect(!filter.admits(table, row: 48))  // a Monday
        #expect(filter.rows(in: table).count == 23)
    }
}
