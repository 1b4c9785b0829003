import Foundation
import FremontCore

/// The analysis of issue 13 over the whole Fremont history (112,440 rows × 3 series): every
/// `--by` of `fremont stats`, the column statistics, the trend, the profile, the table view's
/// period rows and a sort, each the best of several runs, against the 100 ms target.
enum AnalysisBenchmark {
    static func run(dataDirectory: String, repetitions: Int) throws {
        let path = dataDirectory + "/bikes/city-export-2012-10-02_to_2025-07-31.csv"
        let table = try SeriesLoader.load(.file(path))
        print("Analysis of \(NumberText.grouped(table.rowCount)) rows × \(table.series.count) series, best of \(max(repetitions, 10)) runs, release build")
        print("what                                   ms   target < 100 ms")
        func measure(_ label: String, _ body: () -> Int) {
            var best = Double.infinity
            var sink = 0
            for _ in 0..<max(repetitions, 10) {
                let start = DispatchTime.now().uptimeNanoseconds
                sink &+= body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            let verdict = best < 100 ? "met" : "MISSED"
            print("\(NumberText.padRight(label, 34)) \(String(format: "%7.2f", best))   \(verdict)\(sink == 0 ? " (nothing computed)" : "")")
        }
        for grouping in SeriesGrouping.allCases {
            measure("stats --by \(grouping.rawValue)") { SeriesStats(table, by: grouping).groups.count }
        }
        measure("stats --by day --weekdays") { SeriesStats(table, by: .day, filter: SeriesFilter(days: .weekdays)).groups.count }
        measure("stats --by day, as CSV text") {
            var bytes = 0
            SeriesStatsExport.csv(SeriesStats(table, by: .day)) { bytes += $0.utf8.count }
            return bytes
        }
        measure("stats --by day, as a table") {
            var bytes = 0
            SeriesStatsExport.table(SeriesStats(table, by: .day)) { bytes += $0.utf8.count }
            return bytes
        }
        measure("column stats (median, p95)") { SeriesColumnStats(table).columns.count }
        measure("daily totals, 7- and 365-day means") {
            let daily = SeriesDailyTotals(table)
            return daily.rollingMean(series: 0, window: 7).count + daily.rollingMean(series: 0, window: 365).count
        }
        measure("hourly profile") { SeriesHourlyProfile(table).weekdays.count }
        for granularity in SeriesGranularity.allCases {
            measure("period rows by \(granularity.rawValue)") { SeriesPeriodRows(table, granularity: granularity).count }
        }
        measure("sort all rows by a series") { SeriesSort.rows(table, bySeries: 0, descending: true).count }
    }
}
