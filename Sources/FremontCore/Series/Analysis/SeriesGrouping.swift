/// How statistics put rows together: by a cycle, pooling every day of the span (the hour of the
/// day, the weekday, the month of the year), or by calendar period (day, ISO week, month, year).
///
/// The periods are pandas' on the same wall-clock index: `groupby(index.hour)`,
/// `groupby(index.dayofweek)`, `groupby(index.month)`, and `resample` with `'D'`,
/// `'W-MON'` (closed and labelled left, so a week runs Monday to Sunday and is named by its
/// Monday), `'MS'` and `'YS'`.
public enum SeriesGrouping: String, Sendable, Hashable, CaseIterable {
    /// The hour of the day, 0–23.
    case hour
    /// Monday … Sunday.
    case weekday
    /// January … December, every year pooled.
    case monthOfYear = "month-of-year"
    case day
    /// An ISO week, Monday to Sunday, named by its Monday.
    case week
    case month
    case year

    /// How many groups a cycle has; nil for calendar periods.
    var cycleLength: Int? {
        switch self {
        case .hour: return 24
        case .weekday: return 7
        case .monthOfYear: return 12
        case .day, .week, .month, .year: return nil
        }
    }

    /// The group of a time, as one integer: the hour (0–23), the weekday (0 = Monday), the month
    /// (0 = January), the day number, the Monday's day number, `year * 12 + month - 1`, the year.
    /// Integer arithmetic only: it runs once per row.
    @inline(__always)
    func key(_ time: LocalDateTime, dayNumber: Int) -> Int {
        switch self {
        case .hour: return time.hour
        case .weekday: return CivilCalendar.weekday(dayNumber: dayNumber) - 1
        case .monthOfYear: return time.month - 1
        case .day: return dayNumber
        case .week: return dayNumber - (CivilCalendar.weekday(dayNumber: dayNumber) - 1)
        case .month: return time.year * 12 + time.month - 1
        case .year: return time.year
        }
    }

    /// The key of a whole day (every grouping but `.hour` is constant over a day).
    func key(dayNumber: Int) -> Int {
        let (year, month, day) = CivilCalendar.civil(dayNumber: dayNumber)
        return key(LocalDateTime(uncheckedYear: year, month: month, day: day, hour: 0, minute: 0, second: 0), dayNumber: dayNumber)
    }

    /// Keys of consecutive calendar periods differ by this much (a week's Mondays by 7).
    var keyStep: Int { self == .week ? 7 : 1 }
}

/// One group of a `SeriesGrouping`: an hour of the day, a weekday, a month of the year, or a
/// calendar period.
public struct SeriesGroup: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let grouping: SeriesGrouping
    /// See `SeriesGrouping.key`: the hour, weekday (0 = Monday), month (0 = January), day number,
    /// the Monday's day number, `year * 12 + month - 1`, or the year.
    public let key: Int

    public init(_ grouping: SeriesGrouping, key: Int) {
        self.grouping = grouping
        self.key = key
    }

    /// The group of a time.
    public init(_ grouping: SeriesGrouping, containing time: LocalDateTime) {
        self.init(grouping, key: grouping.key(time, dayNumber: time.dayNumber))
    }

    public static func < (lhs: SeriesGroup, rhs: SeriesGroup) -> Bool { lhs.key < rhs.key }

    /// The first hour of a calendar period (a week's Monday at 00:00); nil for a cycle.
    public var start: LocalDateTime? {
        let dayNumber: Int
        switch grouping {
        case .hour, .weekday, .monthOfYear: return nil
        case .day, .week: dayNumber = key
        case .month: dayNumber = CivilCalendar.dayNumber(year: key / 12, month: key % 12 + 1, day: 1)
        case .year: dayNumber = CivilCalendar.dayNumber(year: key, month: 1, day: 1)
        }
        let (year, month, day) = CivilCalendar.civil(dayNumber: dayNumber)
        return LocalDateTime(uncheckedYear: year, month: month, day: day, hour: 0, minute: 0, second: 0)
    }

    /// The names: `0`–`23`, `Monday`, `January`, `2016-04-20`, the week's Monday
    /// `2016-04-18`, `2016-04`, `2016`.
    public var label: String {
        switch grouping {
        case .hour, .year: return String(key)
        case .weekday: return DateText.weekdays[key]
        case .monthOfYear: return DateText.months[key]
        case .day, .week: return start!.isoDateString
        case .month: return "\(pad(key / 12, 4))-\(pad(key % 12 + 1))"
        }
    }

    public var description: String { label }
}
