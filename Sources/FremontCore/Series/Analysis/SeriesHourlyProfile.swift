/// The mean value at each hour of the day, weekdays and weekends apart, per series: the commute
/// peaks against the weekend's afternoon hump. pandas:
/// `df[df.index.dayofweek < 5].groupby(df.index.hour).mean()` and `>= 5` for weekends.
public struct SeriesHourlyProfile: Sendable {
    public let series: [Series]
    /// `weekdays[series][hour]`, 24 means; NaN for an hour with no value.
    public let weekdays: [[Double]]
    /// `weekends[series][hour]`.
    public let weekends: [[Double]]

    /// `filter`'s range and minimum apply to both lines; its `days`, when not `.all`, leave the
    /// other line empty (all NaN).
    /// - Parameter step: the table's, when the caller found it already.
    public init(_ table: SeriesTable, filter: SeriesFilter = SeriesFilter(), step: SeriesStep? = nil) {
        series = table.series
        let step = step ?? SeriesStep(table.times)
        func line(_ days: SeriesFilter.Days) -> [[Double]] {
            let empty = [[Double]](repeating: [Double](repeating: .nan, count: 24), count: table.series.count)
            guard filter.days == .all || filter.days == days else { return empty }
            let stats = SeriesStats(table, by: .hour, filter: SeriesFilter(days: days, from: filter.from, to: filter.to, minimum: filter.minimum), step: step)
            return table.series.indices.map { series in
                (0..<24).map { hour in stats.aggregate(SeriesGroup(.hour, key: hour), series: series)?.mean ?? .nan }
            }
        }
        weekdays = line(.weekdays)
        weekends = line(.weekends)
    }
}
