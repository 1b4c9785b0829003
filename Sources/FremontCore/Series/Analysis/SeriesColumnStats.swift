/// Each series described, as VisiData's describe sheet or pandas' `describe()`: the hours with a
/// value, the missing hours (as `SeriesAggregate` defines them), minimum, maximum, mean, median,
/// the 95th percentile and the total, over the rows a filter keeps.
///
/// Percentiles are pandas' default (`quantile(0.95)`, linear interpolation; see `Quantile`).
/// Sorting each series' values makes this O(n log n), unlike the one-pass statistics.
public struct SeriesColumnStats: Sendable {
    public struct Column: Sendable, Hashable {
        public var series: Series
        /// Count, missing hours, minimum, maximum, mean, and the total as `sum`.
        public var aggregate: SeriesAggregate
        public var median: Double?
        public var percentile95: Double?

        public var total: Double { aggregate.sum }
    }

    public let filter: SeriesFilter
    /// In the order of the table's series.
    public let columns: [Column]

    public init(_ table: SeriesTable, filter: SeriesFilter = SeriesFilter()) {
        self.filter = filter
        let whole = GroupAccumulator(table, grouping: nil, filter: filter)
        let rows = filter.rows(in: table)
        columns = table.series.indices.map { series in
            let column = table.values[series]
            var values: [Double] = []
            values.reserveCapacity(rows.count)
            for row in rows where !column[row].isNaN { values.append(column[row]) }
            values.sort()
            let aggregate = whole.binCount > 0
                ? whole.aggregate(bin: 0, series: series)
                : SeriesAggregate(count: 0, sum: 0, minimum: nil, maximum: nil, missing: 0)
            return Column(series: table.series[series], aggregate: aggregate,
                          median: Quantile.median(values), percentile95: Quantile.linear(values, 0.95))
        }
    }
}
