import Testing
@testable import FremontCore

@Suite struct SeriesColumnStatsTests {
    @Test func quantilesAreNumPysLinearInterpolation() {
        // pd.Series(values).quantile(0.95) and .median(), printed with repr.
        #expect(Quantile.linear([1, 2, 3, 4], 0.95) == 3.8499999999999996)
        #expect(Quantile.linear(Array(1...20).map(Double.init), 0.95) == 19.05)
        #expect(Quantile.linear([0.1, 0.2, 0.7, 1.25, 3.3, 5.5], 0.95) == 4.95)
        #expect(Quantile.linear([1, 2, 3], 0.95) == 2.9)
        #expect(Quantile.linear([7], 0.95) == 7)
        #expect(Quantile.linear([], 0.95) == nil)
        #expect(Quantile.linear([1, 2, 3], 0) == 1 && Quantile.linear([1, 2, 3], 1) == 3)
        #expect(Quantile.median([1, 2, 3, 4]) == 2.5)
        #expect(Quantile.median([0.1, 0.2, 0.7, 1.25, 3.3, 5.5]) == 0.975)
        #expect(Quantile.median([1, 2, 3]) == 2)
        #expect(Quantile.median([]) == nil)
    }

    @Test func eachSeriesDescribed() {
        let stats = SeriesColumnStats(SeriesFixture.springForward)
        let a = stats.columns[0], b = stats.columns[1]
        #expect(a.series.name == "A")
        #expect(a.aggregate == aggregate(68, 793, min: 0, max: 23, missing: 4))
        #expect(a.total == 793)
        #expect(a.aggregate.mean == 793.0 / 68)
        // 0–23 three times, less one 2 and one each of 10, 11, 12: the 34th and 35th are 12s;
        // the 95th percentile's index 63.65 falls among the three 22s.
        #expect(a.median == 12)
        #expect(a.percentile95 == 22)
        #expect(b.aggregate == aggregate(67, 67, min: 1, max: 1, missing: 5))
        #expect(b.median == 1 && b.percentile95 == 1)
    }

    @Test func describedUnderAFilter() {
        let stats = SeriesColumnStats(SeriesFixture.springForward, filter: SeriesFilter(days: .weekdays, minimum: .init(series: 0, value: 20)))
        #expect(stats.columns[0].aggregate == aggregate(4, 86, min: 20, max: 23, missing: 3))
        #expect(stats.columns[0].median == 21.5)
        let none = SeriesColumnStats(SeriesFixture.springForward, filter: SeriesFilter(from: date("2017-01-01")))
        #expect(none.columns[0].aggregate == aggregate(0, 0, min: nil, max: nil, missing: 0))
        #expect(none.columns[0].median == nil && none.columns[0].percentile95 == nil)
    }
}
