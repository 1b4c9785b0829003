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

    /// - Parameter step: the table's, when the caller found it already.
    public init(_ table: SeriesTable, filter: SeriesFilter = SeriesFilter(), step: SeriesStep? = nil) {
        self.filter = filter
        let whole = GroupAccumulator(table, grouping: nil, filter: filter, step: step)
        let rows = filter.rows(in: table)
        columns = table.series.indices.map { series in
            let column = table.values[series]
            var values: [Double] = []
            values.reserveCapacity(rows.count)
            for row in rows where !column[row].isNaN { values.append(column[row]) }
            Self.sortAscending(&values)
            let aggregate = whole.binCount > 0
                ? whole.aggregate(bin: 0, series: series)
                : SeriesAggregate(count: 0, sum: 0, minimum: nil, maximum: nil, missing: 0)
            return Column(series: table.series[series], aggregate: aggregate,
                          median: Quantile.median(values), percentile95: Quantile.linear(values, 0.95))
        }
    }

    /// Counts are whole numbers in a narrow range: counted into place in O(n + range), several
    /// times faster than a comparison sort on the whole history (the stats view opens within a
    /// frame). Anything else is sorted.
    static func sortAscending(_ values: inout [Double]) {
        guard var low = values.first else { return }
        var high = low
        for value in values {
            guard value == value.rounded(), abs(value) < 1e9 else {
                values.sort()
                return
            }
            low = min(low, value)
            high = max(high, value)
        }
        let span = Int(high - low) + 1
        guard span <= max(1024, values.count * 2) else {
            values.sort()
            return
        }
        var counts = [Int](repeating: 0, count: span)
        let base = Int(low)
        for value in values { counts[Int(value) - base] += 1 }
        var index = 0
        for (offset, count) in counts.enumerated() where count > 0 {
            let value = Double(base + offset)
            for position in index..<(index + count) { values[position] = value }
            index += count
        }
    }
}
