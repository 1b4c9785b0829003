/// A date or time a person asked for, as any subset of its fields: `april 20` is a month and a
/// day of any year, `tue 8am` a weekday and an hour, `2016-04-20 23:00` one hour. Read from text
/// by `DateQuery(parsing:)`; `find(in:from:forward:)` finds the rows it names.
///
/// Every field is checked when read: the month has the day (`april 31` is refused), a weekday
/// given with a whole date agrees with it, and `minute` is given only with `hour`.
public struct DateQuery: Sendable, Hashable, CustomStringConvertible {
    /// 1000 … 9999.
    public let year: Int?
    /// 1 … 12.
    public let month: Int?
    /// 1 … 31, and within the month when the month is given.
    public let day: Int?
    /// 1 = Monday … 7 = Sunday (ISO 8601, as `LocalDateTime.weekday`).
    public let weekday: Int?
    /// 0 … 23.
    public let hour: Int?
    /// 0 … 59; nil for a whole hour (`8am`), which lands on the hour's first row.
    public let minute: Int?

    /// Reads what a person types: see `DateQueryParser` for the forms.
    public init(parsing text: String) throws(DateQueryError) {
        self = try DateQueryParser.parse(text)
    }

    /// Unchecked: the parser has checked every field.
    init(year: Int? = nil, month: Int? = nil, day: Int? = nil, weekday: Int? = nil, hour: Int? = nil, minute: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
    }

    /// The finest field given: the query lands on the first row of each unit of this size that
    /// matches (each April 20 for `april 20`, each year for `2016`).
    enum Unit: Int, Comparable {
        case year, month, day, hour, minute

        static func < (lhs: Unit, rhs: Unit) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var unit: Unit {
        if minute != nil { return .minute }
        if hour != nil { return .hour }
        if day != nil || weekday != nil { return .day }
        if month != nil { return .month }
        return .year
    }

    /// True when the query names one stretch of time (`2016`, `2016-04`, `2016-04-20 23:00`):
    /// every field from the year down to its unit is given. Such a query that falls in a hole of
    /// the data lands on the row after the hole; a query of many stretches skips to the next one.
    var isSingleStretch: Bool {
        guard year != nil else { return false }
        switch unit {
        case .year: return true
        case .month: return month != nil
        case .day, .hour, .minute: return month != nil && day != nil
        }
    }

    /// `2016-04-20 23:00`, `2016-04-20`, `2016-04`, `2016`: a single stretch as the data shows it,
    /// for messages (nil for a query of many).
    var isoText: String? {
        guard isSingleStretch, let year else { return nil }
        var text = pad(year, 4)
        guard let month else { return text }
        text += "-" + pad(month)
        guard let day else { return text }
        text += "-" + pad(day)
        guard let hour else { return text }
        return text + " " + pad(hour) + ":" + pad(minute ?? 0)
    }

    /// For messages: `April 20, any year`, `Tuesdays at 8:00 AM`, `Wednesday, April 20, 2016 at
    /// 11:00 PM`, `the 20th of any month`, `8:00 AM, any day`.
    public var description: String {
        let time = hour.map { " at " + Self.clock(hour: $0, minute: minute ?? 0) } ?? ""
        if let year, let month, let day,
           let date = LocalDateTime(year: year, month: month, day: day) {
            return DateText.day(date) + time
        }
        let weekdayName = weekday.map { DateText.weekdays[$0 - 1] }
        let monthName = month.map { DateText.months[$0 - 1] }
        switch (day, monthName, weekdayName) {
        case let (day?, month?, weekday):
            // The year is missing, else the case above would have taken it.
            return (weekday.map { $0 + ", " } ?? "") + "\(month) \(day)" + time + ", any year"
        case let (day?, nil, weekday):
            let scope = year.map { " of each month in \($0)" } ?? " of any month"
            return (weekday.map { $0 + " " } ?? "") + "the " + Self.ordinal(day) + scope + time
        case let (nil, month?, weekday):
            let days = weekday.map { $0 + "s in " } ?? ""
            return days + month + (year.map { " \($0)" + time } ?? time + ", any year")
        case let (nil, nil, weekday?):
            return weekday + "s" + (year.map { " in \($0)" } ?? "") + time
        case (nil, nil, nil):
            if let year { return hour == nil ? "\(year)" : "every day of \(year)" + time }
            return Self.clock(hour: hour ?? 0, minute: minute ?? 0) + ", any day"
        }
    }

    /// `8:00 AM`, `12:30 PM`.
    static func clock(hour: Int, minute: Int) -> String {
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(hour12):\(pad(minute)) \(hour < 12 ? "AM" : "PM")"
    }

    /// `1st`, `2nd`, `11th`, `22nd`.
    static func ordinal(_ value: Int) -> String {
        let suffix: String
        switch (value % 10, value % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(value)\(suffix)"
    }
}
