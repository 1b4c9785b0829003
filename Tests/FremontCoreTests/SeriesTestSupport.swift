@testable import FremontCore

/// Tables built by hand for the analysis tests: hourly rows from a start, a value per series
/// (nil = blank), and hours left out to make holes.
enum SeriesFixture {
    /// Rows every hour from `start` for `hours` hours, except `skipping`; `value(series, time)`
    /// gives each series' value, nil for a blank.
    static func hourly(_ names: [String], from start: String, hours: Int, skipping: Set<String> = [],
                       value: (Int, LocalDateTime) -> Double?) -> SeriesTable {
        let first = date(start)
        let skipped = Set(skipping.map { date($0) })
        let times = (0..<hours).map { first.addingHours($0) }.filter { !skipped.contains($0) }
        let values = names.indices.map { series in times.map { value(series, $0) ?? .nan } }
        return SeriesTable(series: names.map { Series(name: $0) }, times: times, values: values)
    }

    /// Rows given one by one: a time and each series' value.
    static func rows(_ names: [String], _ rows: [(String, [Double?])]) -> SeriesTable {
        let times = rows.map { date($0.0) }
        let values = names.indices.map { series in rows.map { $0.1[series] ?? .nan } }
        return SeriesTable(series: names.map { Series(name: $0) }, times: times, values: values)
    }

    /// Saturday 2016-03-12 00:00 to Monday 2016-03-14 23:00, spring forward on the Sunday. `A` is
    /// the hour of the day (a day sums to 276), `B` is 1. The city's spring-forward row,
    /// 2016-03-13 02:00, is blank in both; B is blank at 2016-03-12 05:00; 10:00–12:00 on the
    /// Monday have no rows (a hole of 3 hours). 69 rows.
    static let springForward = hourly(["A", "B"], from: "2016-03-12T00:00", hours: 72,
                                      skipping: ["2016-03-14T10:00", "2016-03-14T11:00", "2016-03-14T12:00"]) { series, time in
        if time == date("2016-03-13T02:00") { return nil }
        if series == 1, time == date("2016-03-12T05:00") { return nil }
        return series == 0 ? Double(time.hour) : 1
    }
}

extension SeriesStats {
    /// The aggregate of the group labelled `label`, for reading tests.
    subscript(_ label: String, series series: Int) -> SeriesAggregate? {
        groups.firstIndex { $0.label == label }.map { aggregates[$0][series] }
    }

    var labels: [String] { groups.map(\.label) }
}

/// A shorthand for expected aggregates.
func aggregate(_ count: Int, _ sum: Double, min: Double?, max: Double?, missing: Int) -> SeriesAggregate {
    SeriesAggregate(count: count, sum: sum, minimum: min, maximum: max, missing: missing)
}

/// Arrays with NaN compared as equal where both are NaN.
func sameValues(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
