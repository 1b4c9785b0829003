import Testing
@testable import FremontCore

/// Every grouping against values worked out by hand on `SeriesFixture.springForward` (see its
/// comment: A is the hour of the day, B is 1, a blank spring-forward row, a blank B, a 3-hour
/// hole on the Monday).
@Suite struct SeriesStatsTests {
    let table = SeriesFixture.springForward

    @Test func byDayCountsTheSpringForwardRowAndTheHoleAsMissing() {
        let stats = SeriesStats(table, by: .day)
        #expect(stats.labels == ["2016-03-12", "2016-03-13", "2016-03-14"])
        #expect(stats.aggregates.map { $0[0] } == [
            aggregate(24, 276, min: 0, max: 23, missing: 0),
            aggregate(23, 274, min: 0, max: 23, missing: 1),  // 02:00 blank
            aggregate(21, 243, min: 0, max: 23, missing: 3),  // 10:00–12:00 absent
        ])
        #expect(stats.aggregates.map { $0[1] } == [
            aggregate(23, 23, min: 1, max: 1, missing: 1),
            aggregate(23, 23, min: 1, max: 1, missing: 1),
            aggregate(21, 21, min: 1, max: 1, missing: 3),
        ])
        #expect(stats["2016-03-13", series: 0]?.mean == 274.0 / 23)
        #expect(stats.groups[1].start == date("2016-03-13T00:00"))
    }

    @Test func byWeekRunsMondayToSundayNamedByTheMonday() {
        let stats = SeriesStats(table, by: .week)
        #expect(stats.labels == ["2016-03-07", "2016-03-14"])
        // The Saturday and Sunday of the week of March 7: the span covers 48 of its hours.
        #expect(stats["2016-03-07", series: 0] == aggregate(47, 550, min: 0, max: 23, missing: 1))
        #expect(stats["2016-03-07", series: 1] == aggregate(46, 46, min: 1, max: 1, missing: 2))
        #expect(stats["2016-03-14", series: 0] == aggregate(21, 243, min: 0, max: 23, missing: 3))
    }

    @Test func byMonthAndYear() {
        for grouping in [SeriesGrouping.month, .year] {
            let stats = SeriesStats(table, by: grouping)
            #expect(stats.labels == [grouping == .month ? "2016-03" : "2016"])
            #expect(stats.aggregates[0] == [aggregate(68, 793, min: 0, max: 23, missing: 4),
                                            aggregate(67, 67, min: 1, max: 1, missing: 5)])
        }
        #expect(SeriesStats(table, by: .monthOfYear).labels == ["March"])
    }

    @Test func byHourOfDayPoolsTheDays() {
        let stats = SeriesStats(table, by: .hour)
        #expect(stats.labels == (0..<24).map(String.init))
        #expect(stats["0", series: 0] == aggregate(3, 0, min: 0, max: 0, missing: 0))
        #expect(stats["0", series: 0]?.mean == 0)
        #expect(stats["2", series: 0] == aggregate(2, 4, min: 2, max: 2, missing: 1))
        #expect(stats["5", series: 0] == aggregate(3, 15, min: 5, max: 5, missing: 0))
        #expect(stats["5", series: 1] == aggregate(2, 2, min: 1, max: 1, missing: 1))
        #expect(stats["10", series: 0] == aggregate(2, 20, min: 10, max: 10, missing: 1))
        #expect(stats["23", series: 0] == aggregate(3, 69, min: 23, max: 23, missing: 0))
    }

    @Test func byWeekdayListsOnlyTheWeekdaysPresent() {
        let stats = SeriesStats(table, by: .weekday)
        #expect(stats.labels == ["Monday", "Saturday", "Sunday"])
        #expect(stats.aggregates.map { $0[0].count } == [21, 24, 23])
        #expect(stats.aggregates.map { $0[0].sum } == [243, 276, 274])
        #expect(stats.aggregate(SeriesGroup(.weekday, key: 5), series: 0)?.sum == 276)
        #expect(stats.aggregate(SeriesGroup(.weekday, key: 1), series: 0) == nil)
    }

    @Test func weekdaysAndWeekends() {
        let weekdays = SeriesFilter(days: .weekdays)
        #expect(SeriesStats(table, by: .day, filter: weekdays).labels == ["2016-03-14"])
        let hourly = SeriesStats(table, by: .hour, filter: weekdays)
        #expect(hourly["10", series: 0] == aggregate(0, 0, min: nil, max: nil, missing: 1))
        #expect(hourly["10", series: 0]?.mean == nil)
        #expect(hourly["9", series: 0] == aggregate(1, 9, min: 9, max: 9, missing: 0))

        let weekends = SeriesStats(table, by: .week, filter: SeriesFilter(days: .weekends))
        #expect(weekends.labels == ["2016-03-07"])
        #expect(weekends["2016-03-07", series: 0] == aggregate(47, 550, min: 0, max: 23, missing: 1))
        #expect(SeriesStats(table, by: .weekday, filter: SeriesFilter(days: .weekends)).labels == ["Saturday", "Sunday"])
    }

    @Test func dateRangesAreWholeDaysAndClipTheSpan() {
        let sunday = SeriesFilter(from: date("2016-03-13"), to: date("2016-03-13T17:00"))
        #expect(SeriesStats(table, by: .day, filter: sunday).labels == ["2016-03-13"])
        // The week of March 7 as far as the range reaches: Sunday's 24 hours.
        #expect(SeriesStats(table, by: .week, filter: sunday)["2016-03-07", series: 0] == aggregate(23, 274, min: 0, max: 23, missing: 1))
        let fromMonday = SeriesStats(table, by: .month, filter: SeriesFilter(from: date("2016-03-14")))
        #expect(fromMonday["2016-03", series: 0] == aggregate(21, 243, min: 0, max: 23, missing: 3))
        let untilSaturday = SeriesStats(table, by: .year, filter: SeriesFilter(to: date("2016-03-12")))
        #expect(untilSaturday["2016", series: 1] == aggregate(23, 23, min: 1, max: 1, missing: 1))
        #expect(SeriesStats(table, by: .day, filter: SeriesFilter(from: date("2016-03-20"))).groups.isEmpty)
        #expect(SeriesStats(table, by: .hour, filter: SeriesFilter(from: date("2016-03-14"), to: date("2016-03-12"))).groups.isEmpty)
    }

    @Test func aMinimumKeepsRowsAtOrAboveIt() {
        let evening = SeriesStats(table, by: .day, filter: SeriesFilter(minimum: .init(series: 0, value: 20)))
        #expect(evening.aggregates.map { $0[0] } == [
            aggregate(4, 86, min: 20, max: 23, missing: 0),
            aggregate(4, 86, min: 20, max: 23, missing: 0),  // the blank 02:00 is turned away, not missing
            aggregate(4, 86, min: 20, max: 23, missing: 3),  // hours with no row stay missing
        ])
        #expect(evening.aggregates.map { $0[1].sum } == [4, 4, 4])
        // A blank fails any minimum, so rows blank in B are turned away for A too.
        let withB = SeriesStats(table, by: .day, filter: SeriesFilter(minimum: .init(series: 1, value: 1)))
        #expect(withB.aggregates.map { $0[0] } == [
            aggregate(23, 271, min: 0, max: 23, missing: 0),
            aggregate(23, 274, min: 0, max: 23, missing: 0),
            aggregate(21, 243, min: 0, max: 23, missing: 3),
        ])
    }

    @Test func aFallBackDayHasTwentyFourHoursAndPartialDaysAreNotMissing() {
        // 2016-11-05 13:00 to 2016-11-07 05:00, a value every hour; clocks fell back on the 6th.
        let table = SeriesFixture.hourly(["A"], from: "2016-11-05T13:00", hours: 41) { _, _ in 1 }
        let days = SeriesStats(table, by: .day)
        #expect(days.labels == ["2016-11-05", "2016-11-06", "2016-11-07"])
        #expect(days.aggregates.map { $0[0].count } == [11, 24, 6])
        #expect(days.aggregates.map { $0[0].missing } == [0, 0, 0])
        let hours = SeriesStats(table, by: .hour)
        #expect(hours.aggregates.map { $0[0].count } == [2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
        #expect(hours.aggregates.allSatisfy { $0[0].missing == 0 })
        let weeks = SeriesStats(table, by: .week)
        #expect(weeks.labels == ["2016-10-31", "2016-11-07"])
        #expect(weeks.aggregates.map { $0[0].count } == [35, 6])
    }

    @Test func aDayWithNoRowsIsListedWithNothingButMissingHours() {
        let table = SeriesFixture.rows(["A"], [("2016-04-01T00:00", [5]), ("2016-04-03T00:00", [7])])
        let days = SeriesStats(table, by: .day)
        #expect(days.labels == ["2016-04-01", "2016-04-02", "2016-04-03"])
        #expect(days.aggregates.map { $0[0] } == [
            aggregate(1, 5, min: 5, max: 5, missing: 23),
            aggregate(0, 0, min: nil, max: nil, missing: 24),  // pandas: count 0, sum 0, mean/min/max NaN
            aggregate(1, 7, min: 7, max: 7, missing: 0),  // the span ends at 00:00
        ])
        #expect(days.aggregates[1][0].mean == nil)
        #expect(SeriesStats(table, by: .month)["2016-04", series: 0] == aggregate(2, 12, min: 5, max: 7, missing: 47))
    }

    @Test func blankRowsAreMissingNotZero() {
        let table = SeriesFixture.rows(["A", "B"], [("2016-04-01T08:00", [nil, 4]), ("2016-04-01T09:00", [nil, nil])])
        let day = SeriesStats(table, by: .day)
        #expect(day.aggregates[0] == [aggregate(0, 0, min: nil, max: nil, missing: 2), aggregate(1, 4, min: 4, max: 4, missing: 1)])
    }

    @Test func weeksAcrossTheNewYearAndLabels() {
        let table = SeriesFixture.rows(["A"], [("2015-12-31T12:00", [1]), ("2016-01-03T23:00", [2]), ("2016-01-04T00:00", [4])])
        #expect(SeriesStats(table, by: .week).labels == ["2015-12-28", "2016-01-04"])
        #expect(SeriesStats(table, by: .week).aggregates.map { $0[0].sum } == [3, 4])
        #expect(SeriesStats(table, by: .year).labels == ["2015", "2016"])
        #expect(SeriesStats(table, by: .month).labels == ["2015-12", "2016-01"])
        #expect(SeriesStats(table, by: .monthOfYear).labels == ["January", "December"])
        #expect(SeriesGroup(.week, containing: date("2016-04-24T23:00")).label == "2016-04-18")  // a Sunday
        #expect(SeriesGroup(.month, containing: date("2016-04-24T23:00")).start == date("2016-04-01"))
        #expect(SeriesGroup(.year, containing: date("2016-04-24")).start == date("2016-01-01"))
        #expect(SeriesGroup(.hour, containing: date("2016-04-24T07:00")).start == nil)
    }

    @Test func anEmptyTableHasNoGroups() {
        let empty = SeriesTable(series: [Series(name: "A")], times: [], values: [[]])
        for grouping in SeriesGrouping.allCases {
            #expect(SeriesStats(empty, by: grouping).groups.isEmpty)
        }
    }

    /// Two rows 8,000 years apart: a calendar grouping would build 2.9 million days of bins
    /// (3.5 GB once it was so); past `maximumPeriods` it builds none and says why, and the cycles
    /// and longer periods still count every missing hour.
    @Test func aSpanOfMillionsOfPeriodsIsRefusedNotBuilt() {
        let table = SeriesFixture.rows(["A"], [("0100-01-01T00:00", [3]), ("8100-01-01T00:00", [5])])
        let clock = ContinuousClock()
        var stats: SeriesStats?
        let elapsed = clock.measure { stats = SeriesStats(table, by: .day) }
        #expect(elapsed < .seconds(10))
        #expect(stats?.groups.isEmpty == true)
        #expect(stats?.refusal == "--by day would list 2,921,941 days (0100-01-01 to 8100-01-01); at most 100,000 periods are listed: narrow the span with --from and --to, or group by a longer period")
        #expect(SeriesStats(table, by: .week).refusal != nil)
        #expect(SeriesStats(table, by: .month).refusal == nil)  // 96,001 months
        let years = SeriesStats(table, by: .year)
        #expect(years.refusal == nil && years.groups.count == 8_001)
        #expect(years.aggregates.reduce(0) { $0 + $1[0].missing } == 2_921_940 * 24 + 1 - 2)
        let hours = SeriesStats(table, by: .hour)
        #expect(hours.aggregates[0][0] == aggregate(2, 8, min: 3, max: 5, missing: 2_921_939))
        // A span narrowed to what fits is listed as ever.
        let narrowed = SeriesStats(table, by: .day, filter: SeriesFilter(from: date("8099-12-01T00:00"), to: nil))
        #expect(narrowed.refusal == nil && narrowed.groups.count == 32)
        #expect(SeriesDailyTotals(table).dayCount == 0)
    }
}
