/// Several tables as one, joined on time: each source's series named by the source, the steps
/// aligned (a finer table is aggregated to the coarsest one's periods, counts summed and measures
/// averaged as the table view's periods are), and a time that some source has no reading for kept
/// with blanks there, never dropped.
///
/// pandas' equivalent: each frame `resample(period).agg(sum(min_count=1) | mean)`, then
/// `concat(axis=1)` (an outer join on the index).
public struct SeriesJoin: Sendable {
    /// One table to join and the name its series go by.
    public struct Part: Sendable {
        public var name: String
        public var table: SeriesTable

        public init(name: String, table: SeriesTable) {
            self.name = name
            self.table = table
        }
    }

    /// The joined rows.
    public let table: SeriesTable
    /// The periods the rows are, when the steps differed or were a period's; nil when every part
    /// had the same step finer than an hour and rows were matched time for time.
    public let granularity: SeriesGranularity?
    /// The names of the parts whose rows were added up (or averaged) into coarser periods.
    public let aggregated: [String]

    /// More parts than this is a mistake, not an analysis: each is a column group a person reads.
    public static let maximumParts = 16

    /// - Parameter atLeast: periods no finer than these (days for a model of daily totals).
    /// - Precondition: at most `maximumParts` parts.
    public init(_ parts: [Part], atLeast: SeriesGranularity? = nil) {
        precondition(parts.count <= Self.maximumParts, "at most \(Self.maximumParts) tables are joined")
        // A source that computes its total (the Fremont API's two directions) carries it, so the
        // joined table has the total a person asks about.
        let tables = parts.map { $0.table.addingComputedTotal() }
        let steps = tables.map { SeriesStep($0.times) }
        var granularity = Self.granularity(steps)
        if let atLeast, granularity.map({ Self.order($0) < Self.order(atLeast) }) ?? true { granularity = atLeast }
        var aligned: [(times: [LocalDateTime], values: [[Double]])] = []
        var aggregated: [String] = []
        for (index, table) in tables.enumerated() {
            guard let granularity else {
                aligned.append((table.times, table.values))
                continue
            }
            let periods = SeriesPeriodRows(table, granularity: granularity, step: steps[index])
            // The hour's periods start at the row's own time: its first reading (00:15, say).
            let starts = granularity == .hour ? periods.starts.map { Self.hourStart($0) } : periods.starts
            if periods.count != table.rowCount || starts != table.times { aggregated.append(parts[index].name) }
            aligned.append((starts, periods.totals))
        }
        // The union of every part's times, in order: a k-way merge of sorted lists.
        var times: [LocalDateTime] = []
        var cursors = [Int](repeating: 0, count: aligned.count)
        while true {
            var next: LocalDateTime?
            for part in aligned.indices where cursors[part] < aligned[part].times.count {
                let time = aligned[part].times[cursors[part]]
                if next == nil || time < next! { next = time }
            }
            guard let next else { break }
            times.append(next)
            for part in aligned.indices where cursors[part] < aligned[part].times.count && aligned[part].times[cursors[part]] == next {
                cursors[part] += 1
            }
        }
        var series: [Series] = []
        var values: [[Double]] = []
        for (index, part) in aligned.enumerated() {
            let table = tables[index]
            // Each part's times are a sorted subset of `times`: one walk places them.
            var rowOf = [Int](repeating: -1, count: times.count)
            var row = 0
            for (position, time) in times.enumerated() where row < part.times.count && part.times[row] == time {
                rowOf[position] = row
                row += 1
            }
            // In the order a person reads the source alone: its directions, then its total.
            for column in table.displayOrder {
                let source = table.series[column]
                let name = table.series.count == 1 ? parts[index].name : "\(parts[index].name): \(source.label)"
                series.append(Series(name: name, role: .other, kind: source.kind))
                let own = part.values[column]
                values.append(rowOf.map { $0 < 0 ? .nan : own[$0] })
            }
        }
        table = SeriesTable(series: series, times: times, values: values, warnings: tables.flatMap(\.warnings),
                            recordCount: tables.reduce(0) { $0 + $1.recordCount })
        self.granularity = granularity
        self.aggregated = aggregated
    }

    /// The periods to join on: the coarsest part's (an hour at least when the parts differ);
    /// nil when every part reads at one step finer than an hour.
    static func granularity(_ steps: [SeriesStep]) -> SeriesGranularity? {
        guard let coarsest = steps.max(by: { approximateSeconds($0) < approximateSeconds($1) }) else { return nil }
        let seconds = approximateSeconds(coarsest)
        if seconds < 3600, steps.allSatisfy({ $0 == coarsest }) { return nil }
        switch seconds {
        case ...3600: return .hour
        case ...86_400: return .day
        case ...604_800: return .week
        case ...(31 * 86_400): return .month
        default: return .year
        }
    }

    private static func order(_ granularity: SeriesGranularity) -> Int {
        SeriesGranularity.allCases.firstIndex(of: granularity)!
    }

    private static func approximateSeconds(_ step: SeriesStep) -> Int {
        switch step {
        case .seconds(let seconds): return seconds
        case .months(let months): return months * 30 * 86_400
        }
    }

    private static func hourStart(_ time: LocalDateTime) -> LocalDateTime {
        LocalDateTime(year: time.year, month: time.month, day: time.day, hour: time.hour) ?? time
    }
}
