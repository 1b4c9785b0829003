/// The table view at a granularity: for each period holding rows, every series' total and the
/// index of its first row, so that switching granularity keeps the selected time in view.
///
/// One pass, O(rows × series). Only periods with rows are listed (a row of the view is
/// something to select); the statistics list the empty ones.
public struct SeriesPeriodRows: Sendable {
    public let granularity: SeriesGranularity
    public let series: [Series]
    /// Each period's first hour: the row's own time for `.hour`, else midnight of the day, the
    /// week's Monday, the month's or the year's first day.
    public let starts: [LocalDateTime]
    /// The table row each period begins with (among the rows given).
    public let firstRows: [Int]
    /// How many of the rows given fall in each period.
    public let rowCounts: [Int]
    /// `totals[series][period]`: the sum of the values, NaN when the period has none.
    public let totals: [[Double]]

    /// - Parameter rows: the table rows to show, in time order (say `SeriesFilter.rows(in:)`);
    ///   nil for all.
    public init(_ table: SeriesTable, granularity: SeriesGranularity, rows: [Int]? = nil) {
        self.granularity = granularity
        series = table.series
        var starts: [LocalDateTime] = []
        var firstRows: [Int] = []
        var rowCounts: [Int] = []
        var totals = [[Double]](repeating: [], count: table.series.count)
        var currentKey = Int.min
        func visit(_ row: Int) {
            let time = table.times[row]
            let key: Int
            if let grouping = granularity.grouping {
                key = grouping.key(time, dayNumber: time.dayNumber)
            } else {
                key = time.hourNumber
            }
            if key != currentKey {
                currentKey = key
                if let grouping = granularity.grouping {
                    starts.append(SeriesGroup(grouping, key: key).start!)
                } else {
                    starts.append(time)
                }
                firstRows.append(row)
                rowCounts.append(0)
                for series in totals.indices { totals[series].append(.nan) }
            }
            rowCounts[rowCounts.count - 1] += 1
            for series in totals.indices {
                let value = table.values[series][row]
                guard !value.isNaN else { continue }
                let last = totals[series].count - 1
                totals[series][last] = totals[series][last].isNaN ? value : totals[series][last] + value
            }
        }
        if let rows {
            for row in rows { visit(row) }
        } else {
            for row in table.times.indices { visit(row) }
        }
        self.starts = starts
        self.firstRows = firstRows
        self.rowCounts = rowCounts
        self.totals = totals
    }

    public var count: Int { starts.count }

    /// The period holding table row `row`, or for a row not shown, the last period starting
    /// before it (the first period when none does); nil when there are no periods. O(log n).
    public func period(containingRow row: Int) -> Int? {
        guard !firstRows.isEmpty else { return nil }
        var low = 0, high = firstRows.count
        while low < high {
            let middle = (low + high) / 2
            if firstRows[middle] <= row { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// `2016-04-20T08:00:00` for an hour, else the statistics' label (`2016-04-20`, the week's
    /// Monday, `2016-04`, `2016`).
    public func label(_ period: Int) -> String {
        guard let grouping = granularity.grouping else { return starts[period].isoString }
        return SeriesGroup(grouping, containing: starts[period]).label
    }
}
