import FremontCore

/// What the table view shows of a loaded table: the rows a filter keeps, at a granularity (every
/// hour, or a row per day, week, month or year with each series' total), in time order or
/// sorted by a column. Pure and worked out once per change, so keys and frames only index it.
struct TableLens: Sendable {
    /// A column the rows can be sorted by: a series, or the two directions' total.
    enum Column: Sendable, Hashable {
        case series(Int)
        case total
    }

    let source: SeriesTable
    /// How far apart the source's readings are, found once.
    let step: SeriesStep
    private(set) var filter = SeriesFilter()
    private(set) var granularity = SeriesGranularity.hour
    private(set) var sort: (column: Column, descending: Bool)?

    /// The hourly rows the filter keeps (the summary's and the heatmap's rows).
    private(set) var filtered: SeriesTable
    /// The rows shown, in time order: hours, or periods with each series' total.
    private(set) var shown: SeriesTable
    /// Per row of `shown` at a granularity, its readings without a value (nil by the hour, and
    /// under a filter, whose left-out days are not missing).
    private(set) var periodMissing: [Int]?
    /// Display position → row of `shown`, when sorted.
    private(set) var order: [Int]?
    /// Row of `shown` → display position, when sorted.
    private var positions: [Int]?

    init(_ source: SeriesTable) {
        self.source = source
        step = SeriesStep(source.times)
        filtered = source
        shown = source
    }

    var count: Int { shown.rowCount }
    /// Day separators go between hours (or shorter readings) in time order; a daily table's
    /// rows are days themselves.
    var separatesDays: Bool { granularity == .hour && sort == nil && !step.isDailyOrLonger }

    func row(atPosition position: Int) -> Int { order?[position] ?? position }
    func position(ofRow row: Int) -> Int { positions?[row] ?? row }

    /// The columns in the order they are shown, which `s` steps through.
    var columns: [Column] {
        shown.displayOrder.map(Column.series) + (shown.computesTotal ? [.total] : [])
    }

    func label(_ column: Column) -> String {
        switch column {
        case .series(let index): return shown.series[index].label
        case .total: return "Total"
        }
    }

    mutating func setFilter(_ filter: SeriesFilter) {
        self.filter = filter
        refilter()
    }

    mutating func setGranularity(_ granularity: SeriesGranularity) {
        self.granularity = granularity
        regroup()
    }

    mutating func setSort(_ sort: (column: Column, descending: Bool)?) {
        self.sort = sort
        reorder()
    }

    /// The rows the filter keeps, then the view of them.
    private mutating func refilter() {
        filtered = filter.keepsEverything ? source : source.rows(filter.rows(in: source))
        regroup()
    }

    /// The kept rows at the granularity (the rows themselves by the hour), then their order:
    /// a new granularity does not filter again.
    private mutating func regroup() {
        if granularity.grouping != nil {
            // The source's step: a filter's left-out days would make the kept rows' look longer.
            let periods = SeriesPeriodRows(filtered, granularity: granularity, step: step)
            shown = SeriesTable(series: filtered.series, times: periods.starts, values: periods.totals)
            periodMissing = filter.keepsEverything ? periods.missing : nil
        } else {
            shown = filtered
            periodMissing = nil
        }
        reorder()
    }

    private mutating func reorder() {
        guard let sort else {
            order = nil
            positions = nil
            return
        }
        let keys: [Double]
        switch sort.column {
        case .series(let index): keys = shown.values[index]
        case .total: keys = shown.times.indices.map { shown.total($0) ?? .nan }
        }
        let sorted = SeriesSort.order(Array(shown.times.indices), by: keys, descending: sort.descending)
        var inverse = [Int](repeating: 0, count: sorted.count)
        for (position, row) in sorted.enumerated() { inverse[row] = position }
        order = sorted
        positions = inverse
    }

    /// The shown row holding `time` (the period it falls in), else the nearest after it.
    func row(containing time: LocalDateTime) -> Int? {
        guard !shown.isEmpty else { return nil }
        let start: LocalDateTime
        if let grouping = granularity.grouping {
            start = SeriesGroup(grouping, containing: time).start ?? time
        } else {
            start = time
        }
        return shown.firstRow(atOrAfter: start)
    }

    /// The row's time as the granularity names it: the hour, the day, the week's Monday, the
    /// month, the year.
    func periodText(_ row: Int, full: Bool) -> String {
        let time = shown.times[row]
        switch granularity {
        // Readings a day or more apart are days: no time of day to write.
        case .hour where step.isDailyOrLonger: return full ? DateText.day(time) : String(DateText.compact(time).prefix(14))
        case .hour: return full ? DateText.full(time) : DateText.compact(time)
        case .day: return full ? DateText.day(time) : String(DateText.compact(time).prefix(14))
        case .week: return "Week of " + String(DateText.compact(time).prefix(14))
        case .month: return "\(DateText.months[time.month - 1]) \(time.year)"
        case .year: return String(time.year)
        }
    }

    /// What the filter and the sort are, for the header ("weekdays · 2016-04-01 to … · by Total ↓").
    var description: String {
        var parts = filterParts
        if let sort { parts.append("by \(label(sort.column)) \(sort.descending ? "↓" : "↑")") }
        return parts.joined(separator: " · ")
    }

    /// The filter alone, in words.
    var filterDescription: String { filterParts.joined(separator: " · ") }

    private var filterParts: [String] {
        var parts: [String] = []
        if filter.days != .all { parts.append(filter.days.rawValue) }
        if filter.from != nil || filter.to != nil {
            parts.append("\(filter.from?.isoDateString ?? "start") to \(filter.to?.isoDateString ?? "end")")
        }
        if let minimum = filter.minimum {
            parts.append("\(source.series[minimum.series].label) ≥ \(SeriesExport.grouped(minimum.value))")
        }
        return parts
    }
}
