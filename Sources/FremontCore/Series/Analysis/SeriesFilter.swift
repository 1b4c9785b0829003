/// Which rows an analysis reads: weekdays or weekends, a range of days (inclusive, whole days),
/// and a minimum value of one series. A value, not a copy of the table: ask it about a row
/// (`admits`) or for the rows it keeps (`rows(in:)`).
public struct SeriesFilter: Sendable, Hashable {
    public enum Days: String, Sendable, Hashable, CaseIterable {
        case all
        /// Monday to Friday.
        case weekdays
        /// Saturday and Sunday.
        case weekends
    }

    /// Keeps a row when this series has a value of at least `value`: a missing value fails, as
    /// `df[df[name] >= value]` drops it in pandas.
    public struct Minimum: Sendable, Hashable {
        public var series: Int
        public var value: Double

        public init(series: Int, value: Double) {
            self.series = series
            self.value = value
        }
    }

    public let days: Days
    /// The first day kept, from its midnight; only the date counts.
    public let from: LocalDateTime?
    /// The last day kept, through its 23:00 hour; only the date counts.
    public let to: LocalDateTime?
    public let minimum: Minimum?

    // Day numbers, so a row is judged with integers only.
    let firstDay: Int
    let lastDay: Int

    public init(days: Days = .all, from: LocalDateTime? = nil, to: LocalDateTime? = nil, minimum: Minimum? = nil) {
        self.days = days
        self.from = from?.startOfDay
        self.to = to?.startOfDay
        self.minimum = minimum
        firstDay = from?.dayNumber ?? .min
        lastDay = to?.dayNumber ?? .max
    }

    /// No filter: every row.
    public var keepsEverything: Bool { days == .all && from == nil && to == nil && minimum == nil }

    /// True when the filter's days (weekdays or weekends, the range) include this day, whatever
    /// its values.
    @inline(__always)
    public func admitsDay(_ dayNumber: Int) -> Bool {
        guard dayNumber >= firstDay, dayNumber <= lastDay else { return false }
        switch days {
        case .all: return true
        case .weekdays: return CivilCalendar.weekday(dayNumber: dayNumber) <= 5
        case .weekends: return CivilCalendar.weekday(dayNumber: dayNumber) >= 6
        }
    }

    /// True when the row's values pass the minimum (always, without one).
    @inline(__always)
    public func admitsValues(_ table: SeriesTable, row: Int) -> Bool {
        guard let minimum else { return true }
        return table.values[minimum.series][row] >= minimum.value  // false for NaN
    }

    public func admits(_ table: SeriesTable, row: Int) -> Bool {
        admitsDay(table.times[row].dayNumber) && admitsValues(table, row: row)
    }

    /// The rows inside the range of days (the rows are sorted); the weekday and minimum tests
    /// are left to the caller, row by row.
    public func rowRange(in table: SeriesTable) -> Range<Int> {
        table.rows(from: from, through: to)
    }

    /// The indices of the rows kept, in time order.
    public func rows(in table: SeriesTable) -> [Int] {
        let range = rowRange(in: table)
        if days == .all && minimum == nil { return Array(range) }
        return range.filter { admits(table, row: $0) }
    }
}
