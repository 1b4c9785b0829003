import Testing
@testable import FremontCore

@Suite struct SeriesSortTests {
    @Test func missingValuesGoLastAndTiesKeepTheirOrder() {
        let keys: [Double] = [3, .nan, 1, 3, 2, .nan]
        #expect(SeriesSort.order(Array(0..<6), by: keys) == [2, 4, 0, 3, 1, 5])
        #expect(SeriesSort.order(Array(0..<6), by: keys, descending: true) == [0, 3, 4, 2, 1, 5])
        // The order given decides ties: a second sort keeps the first within equal keys.
        #expect(SeriesSort.order([5, 3, 1, 0], by: keys) == [3, 0, 5, 1])
    }

    @Test func tableRowsBySeries() {
        let table = SeriesFixture.rows(["A", "B"], [
            ("2016-04-01T00:00", [5, 1]), ("2016-04-01T01:00", [nil, 2]), ("2016-04-01T02:00", [9, nil]), ("2016-04-01T03:00", [5, 0]),
        ])
        #expect(SeriesSort.rows(table, bySeries: 0) == [0, 3, 2, 1])
        #expect(SeriesSort.rows(table, bySeries: 0, descending: true) == [2, 0, 3, 1])
        #expect(SeriesSort.rows(table, bySeries: 1, among: [0, 2, 3]) == [3, 0, 2])
    }
}
