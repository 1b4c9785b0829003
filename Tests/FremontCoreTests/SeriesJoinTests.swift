import Testing
@testable import FremontCore

/// Tables joined on time: the steps aligned (hours added up, or averaged, into days), each
/// series named by its source, and rows some source lacks kept with blanks there.
@Suite struct SeriesJoinTests {
    /// Days at midnight: a temperature (a measure) and the day's rain (summed, a count).
    static let dailyWeather = SeriesTable(
        series: [Series(name: "temp", kind: .measure), Series(name: "rain", kind: .count)],
        times: [date("2016-03-11"), date("2016-03-12"), date("2016-03-13")],
        values: [[5, 7, .nan], [0, 2.5, 1]])

    private func same(_ actual: [Double], _ expected: [Double]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { $0.isNaN && $1.isNaN || $0 == $1 }
    }

    @Test func hourlyCountsJoinDailyWeatherByDayWithBlanksWhereEitherHasNone() {
        let join = SeriesJoin([SeriesJoin.Part(name: "bikes", table: SeriesFixture.springForward),
                               SeriesJoin.Part(name: "weather", table: Self.dailyWeather)])
        #expect(join.granularity == .day)
        #expect(join.aggregated == ["bikes"])
        let table = join.table
        #expect(table.series.map(\.name) == ["bikes: A", "bikes: B", "weather: temp", "weather: rain"])
        #expect(table.series.map(\.kind) == [.count, .count, .measure, .count])
        #expect(table.times == [date("2016-03-11"), date("2016-03-12"), date("2016-03-13"), date("2016-03-14")])
        // A day's counts are its hours added (blank hours left out, as the table view's days).
        #expect(same(table.values[0], [.nan, 276, 274, 243]))
        #expect(same(table.values[1], [.nan, 23, 23, 21]))
        #expect(same(table.values[2], [5, 7, .nan, .nan]))
        #expect(same(table.values[3], [0, 2.5, 1, .nan]))
    }

    @Test func hourlyMeasuresAreAveragedIntoDays() {
        var temperature = SeriesFixture.hourly(["t"], from: "2016-03-12T00:00", hours: 48) { _, time in Double(time.hour) }
        temperature = SeriesTable(series: [Series(name: "t", kind: .measure)], times: temperature.times, values: temperature.values)
        let counts = SeriesTable(series: [Series(name: "n")], times: [date("2016-03-12"), date("2016-03-13"), date("2016-03-14")],
                                 values: [[10, 20, 30]])
        let join = SeriesJoin([SeriesJoin.Part(name: "counts", table: counts), SeriesJoin.Part(name: "air", table: temperature)])
        #expect(join.granularity == .day)
        #expect(join.table.series.map(\.name) == ["counts", "air"])
        #expect(join.table.values[0] == [10, 20, 30])
        #expect(same(join.table.values[1], [11.5, 11.5, .nan]))
    }

    @Test func twoCountersWithDifferentSpansAndGapsKeepEveryHourEitherHas() {
        // X: 12 and 13 March; Y: 13 and 14 March, blank at 13 March 10:00, no row at 14 March 05:00.
        let x = SeriesFixture.hourly(["X"], from: "2016-03-12T00:00", hours: 48) { _, _ in 1 }
        let y = SeriesFixture.hourly(["Y"], from: "2016-03-13T00:00", hours: 48, skipping: ["2016-03-14T05:00"]) { _, time in
            time == date("2016-03-13T10:00") ? nil : 2
        }
        let join = SeriesJoin([SeriesJoin.Part(name: "x", table: x), SeriesJoin.Part(name: "y", table: y)])
        #expect(join.granularity == .hour)
        #expect(join.aggregated.isEmpty)
        let table = join.table
        #expect(table.rowCount == 71)
        #expect(table.times.first == date("2016-03-12T00:00"))
        #expect(table.times.last == date("2016-03-14T23:00"))
        #expect(!table.times.contains(date("2016-03-14T05:00")))
        let xFirstTwoDays = table.values[0].prefix(48).allSatisfy { $0 == 1 }
        let xBlankAfter = table.values[0].dropFirst(48).allSatisfy { $0.isNaN }
        let yBlankBefore = table.values[1].prefix(24).allSatisfy { $0.isNaN }
        #expect(xFirstTwoDays && xBlankAfter && yBlankBefore)
        #expect(table.value(1, 34) == nil)  // 13 March 10:00, blank in Y
        #expect(table.value(1, 35) == 2)
        let yValues = table.values[1].dropFirst(24).filter { !$0.isNaN }.count
        #expect(yValues == 46)
    }

    @Test func quarterHoursAgainstHoursAreSummedIntoHoursStartingOnTheHour() {
        let quarters = SeriesTable(series: [Series(name: "q")],
                                   times: ["2016-03-12T00:15", "2016-03-12T00:30", "2016-03-12T00:45", "2016-03-12T01:00", "2016-03-12T01:15"].map(date),
                                   values: [[1, 2, 3, 4, 5]])
        let hours = SeriesTable(series: [Series(name: "h")], times: [date("2016-03-12T00:00"), date("2016-03-12T01:00")], values: [[7, 8]])
        let join = SeriesJoin([SeriesJoin.Part(name: "quarters", table: quarters), SeriesJoin.Part(name: "hours", table: hours)])
        #expect(join.granularity == .hour)
        #expect(join.table.times == [date("2016-03-12T00:00"), date("2016-03-12T01:00")])
        #expect(join.table.values == [[6, 9], [7, 8]])
    }

    @Test func theDirectionsBringTheirTotalAndADayFloorMakesHoursDays() {
        let bridge = SeriesTable(series: [Series(name: "north", role: .northbound), Series(name: "south", role: .southbound)],
                                 times: [date("2016-03-12T00:00"), date("2016-03-12T01:00")], values: [[1, 2], [3, .nan]])
        let join = SeriesJoin([SeriesJoin.Part(name: "fremont", table: bridge), SeriesJoin.Part(name: "w", table: Self.dailyWeather)],
                              atLeast: .day)
        #expect(join.table.series.map(\.name) == ["fremont: Northbound", "fremont: Southbound", "fremont: Total", "w: temp", "w: rain"])
        let allOther = join.table.series.allSatisfy { $0.role == .other }
        #expect(allOther)
        let row = join.table.times.firstIndex(of: date("2016-03-12"))!
        #expect(join.table.values.map { $0[row] } == [3, 3, 4, 7, 2.5])
    }
}
