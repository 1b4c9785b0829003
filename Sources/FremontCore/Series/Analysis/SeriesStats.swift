/// Per group and series: the hours with a value, their sum, mean, minimum and maximum, and the
/// missing hours (see `SeriesAggregate`): what `fremont stats --by` prints, and the frequency
/// tables (by hour of the day, weekday, month of the year or year) of the column view.
///
/// The numbers are pandas' on the same rows: `df.groupby(df.index.hour).agg([...])` for the
/// cycles, `df.resample('D' | 'W-MON' closed/labelled left | 'MS' | 'YS').agg([...])` for the
/// periods. Groups are listed when the loaded span and the filter's days reach them, including
/// periods with no row at all between the first and last (as `resample` lists them); a filter's
/// excluded days are not listed (pandas' `resample` on a filtered frame would list every
/// weekend of `--weekdays` with a count of 0).
///
/// One pass over the rows, O(rows × series + groups), no text or dates formed per row.
public struct SeriesStats: Sendable {
    public let grouping: SeriesGrouping
    public let filter: SeriesFilter
    public let series: [Series]
    /// How far apart the readings are: `missing` counts readings of this step.
    public let step: SeriesStep
    /// In order: hours 0–23, Monday to Sunday, January to December, or time.
    public let groups: [SeriesGroup]
    /// `aggregates[group][series]`, in the order of `groups` and `series`.
    public let aggregates: [[SeriesAggregate]]
    /// Calendar periods are listed for spans of at most this many (273 years by day); a longer
    /// span lists none, and `refusal` says why.
    public static let maximumPeriods = GroupAccumulator.maximumPeriods
    /// Why no group is listed although there are rows: the span holds more periods than
    /// `maximumPeriods` (two rows thousands of years apart would otherwise build millions).
    public let refusal: String?

    /// - Parameter step: the table's, when the caller found it already (a scan of every time).
    public init(_ table: SeriesTable, by grouping: SeriesGrouping, filter: SeriesFilter = SeriesFilter(), step: SeriesStep? = nil) {
        self.grouping = grouping
        self.filter = filter
        series = table.series
        self.step = step ?? SeriesStep(table.times)
        let bins = GroupAccumulator(table, grouping: grouping, filter: filter, step: self.step)
        var groups: [SeriesGroup] = []
        var aggregates: [[SeriesAggregate]] = []
        for bin in 0..<bins.binCount where bins.isListed(bin) {
            groups.append(bins.group(bin)!)
            aggregates.append((0..<bins.seriesCount).map { bins.aggregate(bin: bin, series: $0) })
        }
        self.groups = groups
        self.aggregates = aggregates
        refusal = bins.refusedPeriods.map { periods in
            "--by \(grouping.rawValue) would list \(NumberText.grouped(periods)) \(grouping.rawValue)s (\(table.times.first!.isoDateString) to \(table.times.last!.isoDateString)); "
                + "at most \(NumberText.grouped(Self.maximumPeriods)) periods are listed: narrow the span with --from and --to, or group by a longer period"
        }
    }

    /// The aggregate of `series` in `group`, nil when the group is not listed. O(log groups).
    public func aggregate(_ group: SeriesGroup, series: Int) -> SeriesAggregate? {
        var low = 0, high = groups.count
        while low < high {
            let middle = (low + high) / 2
            if groups[middle] < group { low = middle + 1 } else { high = middle }
        }
        return low < groups.count && groups[low] == group ? aggregates[low][series] : nil
    }
}
