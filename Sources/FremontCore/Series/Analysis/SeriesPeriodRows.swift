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
    /// `totals[series][period]`: a count's sum, a measure's mean (a day of temperatures is not
    /// their sum), NaN when the period has no value.
    public let totals: [[Double]]
    /// Readings of each period without a value: rows with a blank, and readings due in the
    /// table's step (inside the rows' span) with no row. Empty for `.hour`, whose rows are the
    /// readings themselves.
    public let missing: [Int]

    /// - Parameter rows: the table rows to show, in time order (say `SeriesFilter.rows(in:)`);
    ///   nil for all.
    /// - Parameter step: the table's, when the caller found it already.
    public init(_ table: SeriesTable, granularity: SeriesGranularity, rows: [Int]? = nil, step: SeriesStep? = nil) {
        self.granularity = granularity
        series = table.series
        // The periods first, from the times alone; then each series summed over its periods'
        // runs of rows, one column at a time (a row at a time through nested arrays paid a
        // uniqueness check on every value).
        let count = rows?.count ?? table.times.count
        var starts: [LocalDateTime] = []
        var firstRows: [Int] = []
        var bounds: [Int] = []
        var currentKey = Int.min
        table.times.withUnsafeBufferPointer { times in
            for position in 0..<count {
                let row = rows?[position] ?? position
                let time = times[row]
                let key = granularity.grouping.map { $0.key(time, dayNumber: time.dayNumber) } ?? time.hourNumber
                guard key != currentKey else { continue }
                currentKey = key
                starts.append(granularity.grouping.flatMap { SeriesGroup($0, key: key).start } ?? time)
                firstRows.append(row)
                bounds.append(position)
            }
        }
        bounds.append(count)
        let periods = starts.count
        let rowCounts = (0..<periods).map { bounds[$0 + 1] - bounds[$0] }
        let tracksMissing = granularity != .hour
        var blankRow = [Bool](repeating: false, count: tracksMissing ? count : 0)
        var totals: [[Double]] = []
        totals.reserveCapacity(table.series.count)
        for (index, series) in table.series.enumerated() {
            var column = [Double](repeating: .nan, count: periods)
            table.values[index].withUnsafeBufferPointer { values in
                for period in 0..<periods {
                    var sum = 0.0, readings = 0
                    for position in bounds[period]..<bounds[period + 1] {
                        let value = values[rows?[position] ?? position]
                        if value.isNaN {
                            if tracksMissing { blankRow[position] = true }
                        } else {
                            sum += value
                            readings += 1
                        }
                    }
                    // A count's sum, a measure's mean: a day of temperatures is not their sum.
                    if readings > 0 { column[period] = series.kind == .measure ? sum / Double(readings) : sum }
                }
            }
            totals.append(column)
        }
        let blankRows = tracksMissing
            ? (0..<periods).map { period in blankRow[bounds[period]..<bounds[period + 1]].reduce(0) { $0 + ($1 ? 1 : 0) } }
            : []
        var missing = blankRows
        // Readings due and absent: first + k × step inside [period start, next start) and the span.
        if granularity != .hour, case .seconds(let seconds) = step ?? SeriesStep(table.times), seconds > 0,
           let first = table.times.first, let last = table.times.last {
            let origin = SeriesStep.wallSeconds(first), end = SeriesStep.wallSeconds(last)
            for period in starts.indices {
                let low = max(origin, SeriesStep.wallSeconds(starts[period]))
                let next = period + 1 < starts.count ? SeriesStep.wallSeconds(Self.nextStart(starts[period], granularity)) : Int.max
                let high = min(end, next - 1)
                guard high >= low else { continue }
                let due = (high - origin) / seconds - (low - origin + seconds - 1) / seconds + 1
                missing[period] += max(0, due - rowCounts[period])
            }
        }
        self.starts = starts
        self.firstRows = firstRows
        self.rowCounts = rowCounts
        self.totals = totals
        self.missing = missing
    }

    /// Where the period after the one starting at `start` starts.
    private static func nextStart(_ start: LocalDateTime, _ granularity: SeriesGranularity) -> LocalDateTime {
        switch granularity {
        case .hour: return start.addingHours(1)
        case .day: return start.addingHours(24)
        case .week: return start.addingHours(24 * 7)
        case .month: return SeriesStep.months(1).advance(start, by: 1)
        case .year: return SeriesStep.months(12).advance(start, by: 1)
        }
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
