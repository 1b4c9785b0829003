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
        var starts: [LocalDateTime] = []
        var firstRows: [Int] = []
        var rowCounts: [Int] = []
        var totals = [[Double]](repeating: [], count: table.series.count)
        var valueCounts = [[Int]](repeating: [], count: table.series.count)
        var blankRows: [Int] = []
        // Only a measure's values are counted (its mean divides by them): counts pay nothing.
        let isMeasure = table.series.map { $0.kind == .measure }
        let tracksMissing = granularity != .hour
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
                if tracksMissing { blankRows.append(0) }
                for series in totals.indices {
                    totals[series].append(.nan)
                    if isMeasure[series] { valueCounts[series].append(0) }
                }
            }
            rowCounts[rowCounts.count - 1] += 1
            var blank = false
            for series in totals.indices {
                let value = table.values[series][row]
                guard !value.isNaN else {
                    blank = true
                    continue
                }
                let last = totals[series].count - 1
                totals[series][last] = totals[series][last].isNaN ? value : totals[series][last] + value
                if isMeasure[series] { valueCounts[series][last] += 1 }
            }
            if blank, tracksMissing { blankRows[blankRows.count - 1] += 1 }
        }
        if let rows {
            for row in rows { visit(row) }
        } else {
            for row in table.times.indices { visit(row) }
        }
        for series in totals.indices where table.series[series].kind == .measure {
            for period in totals[series].indices where valueCounts[series][period] > 0 {
                totals[series][period] /= Double(valueCounts[series][period])
            }
        }
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
