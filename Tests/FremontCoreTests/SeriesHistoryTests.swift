import Testing
@testable import FremontCore

/// The closing figures on the whole history (the portal's download, 112,440 rows), as pandas
/// gives them on the same file: `resample('YS')`, `resample('D')`, `groupby(index.hour)`,
/// `quantile(0.95)`, `rolling(7).mean()`; missing hours from `reindex` to every hour of the span.
@Suite(.needsSharedData) struct SeriesHistoryTests {
    // Total, West Sidewalk (northbound), East Sidewalk (southbound).
    let total = 0, west = 1, east = 2

    @Test func theHistoryAsLoaded() throws {
        let table = try CityExport.table()
        #expect(table.rowCount == 112_440)
        #expect(table.times.first == date("2012-10-02T13:00") && table.times.last == date("2025-07-31T23:00"))
    }

    @Test func byYear() throws {
        let table = try CityExport.table()
        let years = SeriesStats(table, by: .year)
        #expect(years.labels == (2012...2025).map(String.init))
        #expect(years.aggregates.map { $0[total].count } == [2171, 8757, 8759, 8756, 8783, 8759, 8759, 8759, 8783, 8759, 8759, 8748, 8772, 4584])
        #expect(years.aggregates.map { $0[total].sum } == [
            154_649, 928_279, 1_006_196, 986_502, 982_470, 963_135, 1_051_880, 1_187_146, 772_593, 715_630, 797_537, 902_926, 931_637, 543_446,
        ])
        #expect(years.aggregates.map { $0[total].maximum } == [604, 831, 946, 808, 957, 913, 924, 1097, 730, 536, 717, 768, 779, 856])
        // A spring-forward hour a year (blank); 2023 and 2024 lose more, 2024 the 11-hour hole;
        // 2025 ends with weeks of blanks. 2012 starts at 13:00 on October 2: nothing before is missing.
        #expect(years.aggregates.map { $0[total].missing } == [0, 3, 1, 4, 1, 1, 1, 1, 1, 1, 1, 12, 12, 504])
    }

    @Test func wholeHistoryColumns() throws {
        let table = try CityExport.table()
        let columns = SeriesColumnStats(table).columns
        #expect(columns.map(\.total) == [11_924_026, 5_083_175, 6_840_851])
        #expect(columns.map(\.aggregate.count) == [111_908, 111_908, 111_908])
        #expect(columns.map(\.aggregate.missing) == [543, 543, 543])  // 532 blank rows, 11 absent hours
        #expect(columns[total].aggregate.mean == 106.5520427494013)
        #expect(columns.map(\.median) == [60, 26, 33])
        #expect(columns.map(\.percentile95) == [382, 154, 224])
    }

    @Test func theTutorialsApril() throws {
        let table = try CityExport.table()
        let april = SeriesStats(table, by: .month, filter: SeriesFilter(from: date("2016-04-01"), to: date("2016-04-30")))
        #expect(april.labels == ["2016-04"])
        #expect(april.aggregates[0].map(\.sum) == [93_639, 46_905, 46_734])
        #expect(april.aggregates[0].map(\.count) == [720, 720, 720])
        #expect(april.aggregates[0][west].maximum == 455 && april.aggregates[0][east].maximum == 593)
    }

    @Test func daysWithTheClockChangeAndTheHole() throws {
        let table = try CityExport.table()
        let days = SeriesStats(table, by: .day, filter: SeriesFilter(from: date("2016-03-13"), to: date("2024-09-30")))
        #expect(days["2016-03-13", series: total] == aggregate(23, 334, min: 0, max: 36, missing: 1))
        #expect(days["2016-03-13", series: total]?.mean == 14.521739130434783)
        #expect(days["2016-11-06", series: total].map { [Double($0.count), $0.sum, Double($0.missing)] } == [24, 1509, 0])
        #expect(days["2024-09-30", series: total].map { [Double($0.count), $0.sum, Double($0.missing)] } == [13, 1382, 11])
        let weeks = SeriesStats(table, by: .week)
        #expect(weeks["2016-03-07", series: total].map { [Double($0.count), $0.sum, Double($0.missing)] } == [167, 12_245, 1])
        #expect(weeks["2024-09-30", series: total].map { [Double($0.count), $0.sum, Double($0.missing)] } == [157, 19_156, 11])
    }

    @Test func commutePeaksAndTheTrend() throws {
        let table = try CityExport.table()
        let profile = SeriesHourlyProfile(table)
        #expect(profile.weekdays[total][8] == 360.59771840288204)
        #expect(profile.weekdays[total][17] == 439.781512605042)
        #expect(profile.weekends[total][14] == 161.262012012012)
        let daily = SeriesDailyTotals(table)
        #expect(daily.dayCount == 4686)
        let april30 = date("2016-04-30").dayNumber - daily.firstDay!.dayNumber
        #expect(daily.rollingMean(series: total, window: 7)[april30] == 2908.4285714285716)
        let lastOf2024 = date("2024-12-31").dayNumber - daily.firstDay!.dayNumber
        #expect(daily.rollingMean(series: total, window: 365)[lastOf2024] == 2549.6027397260273)
    }
}
