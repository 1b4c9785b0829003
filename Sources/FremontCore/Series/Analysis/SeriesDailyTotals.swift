/// One total per calendar day and series, every day from the first kept to the last: the trend
/// chart's points, and what its rolling means run over.
///
/// A day without any value has a NaN total, not 0 (pandas' `resample('D').sum(min_count=1)`;
/// plain `sum()` would invent a zero). A day partly covered (a hole of 11 hours, the first day
/// starting at 13:00) has the sum of the hours present; `hours` says how many there were, so a
/// chart can mark it. Days a filter excludes (weekends under `.weekdays`) are NaN with 0 hours.
public struct SeriesDailyTotals: Sendable {
    public let series: [Series]
    /// The first day's midnight; nil when no day is kept.
    public let firstDay: LocalDateTime?
    public let dayCount: Int
    /// `totals[series][day]`: a count's sum, a measure's mean (pandas' `resample('D').mean()`:
    /// a day of temperatures is not their sum), NaN when the day has no value.
    public let totals: [[Double]]
    /// `hours[series][day]`: the hours with a value.
    public let hours: [[Int]]

    /// - Parameter step: the table's, when the caller found it already.
    public init(_ table: SeriesTable, filter: SeriesFilter = SeriesFilter(), step: SeriesStep? = nil) {
        series = table.series
        let bins = GroupAccumulator(table, grouping: .day, filter: filter, step: step)
        dayCount = bins.binCount
        firstDay = bins.binCount > 0 ? bins.group(0)?.start : nil
        var totals: [[Double]] = []
        var hours: [[Int]] = []
        for series in table.series.indices {
            var seriesTotals = [Double](repeating: .nan, count: bins.binCount)
            var seriesHours = [Int](repeating: 0, count: bins.binCount)
            for day in 0..<bins.binCount {
                let cell = day * bins.seriesCount + series
                seriesHours[day] = bins.cells[cell].count
                let count = bins.cells[cell].count
                if count > 0 {
                    seriesTotals[day] = table.series[series].kind == .measure ? bins.cells[cell].sum / Double(count) : bins.cells[cell].sum
                }
            }
            totals.append(seriesTotals)
            hours.append(seriesHours)
        }
        self.totals = totals
        self.hours = hours
    }

    /// The midnight of day `index`.
    public func day(_ index: Int) -> LocalDateTime? {
        firstDay?.addingHours(index * 24)
    }

    /// The trailing rolling mean of one series' daily totals (see `RollingMean.trailing`):
    /// `window: 7` for the week, `365` for the year.
    public func rollingMean(series: Int, window: Int, minimumCount: Int? = nil) -> [Double] {
        RollingMean.trailing(totals[series], window: window, minimumCount: minimumCount)
    }
}
