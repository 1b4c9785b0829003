import Testing
@testable import FremontCore

/// Daily totals, rolling means and the hourly profile; expected values from pandas where noted.
@Suite struct SeriesTrendTests {
    @Test func dailyTotalsAreOnePerDayWithNaNForDaysWithoutAValue() {
        // Day 1: A 5 and 6, B blank; day 2: no rows; day 3: A 7 at 00:00.
        let table = SeriesFixture.rows(["A", "B"], [("2016-04-01T08:00", [5, nil]), ("2016-04-01T09:00", [6, nil]), ("2016-04-03T00:00", [7, 1])])
        let daily = SeriesDailyTotals(table)
        #expect(daily.dayCount == 3)
        #expect(daily.firstDay == date("2016-04-01"))
        #expect(daily.day(2) == date("2016-04-03"))
        #expect(sameValues(daily.totals[0], [11, .nan, 7]))
        #expect(sameValues(daily.totals[1], [.nan, .nan, 1]))
        #expect(daily.hours == [[2, 0, 1], [0, 0, 1]])
    }

    @Test func dailyTotalsUnderAFilterBlankTheDaysItExcludes() {
        let daily = SeriesDailyTotals(SeriesFixture.springForward, filter: SeriesFilter(days: .weekdays))
        #expect(daily.firstDay == date("2016-03-12"))
        #expect(sameValues(daily.totals[0], [.nan, .nan, 243]))
        let empty = SeriesDailyTotals(SeriesTable(series: [Series(name: "A")], times: [], values: [[]]))
        #expect(empty.dayCount == 0 && empty.firstDay == nil && empty.totals == [[]])
    }

    @Test func rollingMeansAreTrailingWithPandasMinimumPeriods() {
        let values: [Double] = [1, 2, 3, 4, .nan, 6, 7, 8]
        // pd.Series(values).rolling(3).mean() and with min_periods=1, 2.
        #expect(sameValues(RollingMean.trailing(values, window: 3), [.nan, .nan, 2, 3, .nan, .nan, .nan, 7]))
        #expect(sameValues(RollingMean.trailing(values, window: 3, minimumCount: 1), [1, 1.5, 2, 3, 3.5, 5, 6.5, 7]))
        #expect(sameValues(RollingMean.trailing(values, window: 3, minimumCount: 2), [.nan, 1.5, 2, 3, 3.5, 5, 6.5, 7]))
        #expect(sameValues(RollingMean.trailing(values, window: 1), values))
        #expect(RollingMean.trailing([], window: 7).isEmpty)
    }

    @Test func rollingMeansMatchPandasToTheLastBit() {
        // 0.1 + 0.1 + 0.1 is not 0.3; pandas gives 0.1 for a run of equal values, and so do we.
        #expect(RollingMean.trailing([0.1, 0.1, 0.1, 0.1, 0.1], window: 3).dropFirst(2).allSatisfy { $0 == 0.1 })
        #expect(sameValues(RollingMean.trailing([0.1, 0.2, 0.3, 0.4], window: 2), [.nan, 0.15000000000000002, 0.25, 0.35]))
    }

    @Test func sevenDayMeanOfDailyTotals() {
        // Ten days of one count an hour, every hour, but April 5 blank: each other day totals 24.
        let table = SeriesFixture.hourly(["A"], from: "2016-04-01T00:00", hours: 240) { _, time in time.day == 5 ? nil : 1 }
        let daily = SeriesDailyTotals(table)
        #expect(sameValues(daily.totals[0], [24, 24, 24, 24, .nan, 24, 24, 24, 24, 24]))
        #expect(daily.rollingMean(series: 0, window: 7).allSatisfy { $0.isNaN })  // April 5 is in every full window
        #expect(sameValues(daily.rollingMean(series: 0, window: 7, minimumCount: 4), [.nan, .nan, .nan, 24, 24, 24, 24, 24, 24, 24]))
    }

    @Test func hourlyProfileSeparatesWeekdaysFromWeekends() {
        let profile = SeriesHourlyProfile(SeriesFixture.springForward)
        #expect(profile.weekdays[0].count == 24 && profile.weekends[1].count == 24)
        #expect(profile.weekdays[0][9] == 9)
        #expect(profile.weekdays[0][10].isNaN)  // the Monday's hole
        #expect(profile.weekends[0][2] == 2)  // the Saturday's alone: Sunday's 02:00 is blank
        #expect(profile.weekends[1][5] == 1)
        #expect(profile.weekends[0][23] == 23)
        let weekendsOnly = SeriesHourlyProfile(SeriesFixture.springForward, filter: SeriesFilter(days: .weekends))
        #expect(weekendsOnly.weekdays[0].allSatisfy { $0.isNaN })
        #expect(weekendsOnly.weekends[0][23] == 23)
    }
}
