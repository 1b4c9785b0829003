/// The stretches of the calendar a query names, found by jumping field by field (as cron finds
/// its next run) rather than by walking hours: `april 20` goes from any time to the next
/// April 20 in one or two jumps, `feb 29` skips the years without one.
///
/// A stretch is one unit of the query (`DateQuery.unit`: a year, a month, a day, an hour or a
/// minute) and is named by its start, a `LocalDateTime` with the finer fields at their first value.
struct DateQueryCalendar {
    let query: DateQuery
    let unit: DateQuery.Unit

    init(_ query: DateQuery) {
        self.query = query
        self.unit = query.unit
    }

    /// The start of the unit holding `time`.
    func startOfUnit(holding time: LocalDateTime) -> LocalDateTime {
        switch unit {
        case .year: return Self.at(time.year, 1, 1)
        case .month: return Self.at(time.year, time.month, 1)
        case .day: return Self.at(time.year, time.month, time.day)
        case .hour: return Self.at(time.year, time.month, time.day, time.hour)
        case .minute: return Self.at(time.year, time.month, time.day, time.hour, time.minute)
        }
    }

    /// The start of the unit after the one that starts at `start`.
    func startOfUnit(after start: LocalDateTime) -> LocalDateTime {
        switch unit {
        case .year: return Self.at(start.year + 1, 1, 1)
        case .month: return Self.firstOfMonth(after: start)
        case .day: return Self.dayAfter(start)
        case .hour: return Self.hourAfter(start)
        case .minute: return start.minute == 59 ? Self.hourAfter(start) : Self.at(start.year, start.month, start.day, start.hour, start.minute + 1)
        }
    }

    /// The first matching unit starting at or after `from` (a unit start) and at or before
    /// `limit`; nil when there is none. Each step moves forward, to the first time the first
    /// field that disagrees could agree.
    func next(atOrAfter from: LocalDateTime, through limit: LocalDateTime) -> LocalDateTime? {
        var c = from
        while c <= limit {
            if let year = query.year, c.year != year {
                guard c.year < year else { return nil }
                c = Self.at(year, 1, 1)
            } else if let month = query.month, c.month != month {
                c = Self.at(c.month < month ? c.year : c.year + 1, month, 1)
            } else if let day = query.day, c.day != day {
                c = c.day < day && day <= CivilCalendar.daysInMonth(year: c.year, month: c.month)
                    ? Self.at(c.year, c.month, day) : Self.firstOfMonth(after: c)
            } else if let weekday = query.weekday, c.weekday != weekday {
                c = Self.day(c.dayNumber + (weekday - c.weekday + 7) % 7)
            } else if let hour = query.hour, c.hour != hour {
                c = c.hour < hour ? Self.at(c.year, c.month, c.day, hour) : Self.dayAfter(c)
            } else if let minute = query.minute, c.minute != minute {
                c = c.minute < minute ? Self.at(c.year, c.month, c.day, c.hour, minute) : Self.hourAfter(c)
            } else {
                return c
            }
        }
        return nil
    }

    /// The last matching unit starting at or before `from` (a unit start) and at or after
    /// `limit`; nil when there is none. The mirror of `next`: each step moves back to the last
    /// unit of the nearest earlier stretch where the disagreeing field could agree.
    func previous(atOrBefore from: LocalDateTime, through limit: LocalDateTime) -> LocalDateTime? {
        var c = from
        while c >= limit {
            if let year = query.year, c.year != year {
                guard c.year > year else { return nil }
                c = lastUnit(year, 12, 31)
            } else if let month = query.month, c.month != month {
                let year = c.month > month ? c.year : c.year - 1
                c = lastUnit(year, month, CivilCalendar.daysInMonth(year: year, month: month))
            } else if let day = query.day, c.day != day {
                // Past the day: back to it in this month. Before it: the month before's last
                // day, which the next step takes back to the day, or further when it is shorter.
                c = c.day > day ? lastUnit(c.year, c.month, day) : lastUnit(Self.lastOfMonth(before: c))
            } else if let weekday = query.weekday, c.weekday != weekday {
                c = lastUnit(dayNumber: c.dayNumber - (c.weekday - weekday + 7) % 7)
            } else if let hour = query.hour, c.hour != hour {
                c = c.hour > hour ? lastUnit(c.year, c.month, c.day, hour: hour) : lastUnit(Self.dayBefore(c))
            } else if let minute = query.minute, c.minute != minute {
                c = c.minute > minute ? Self.at(c.year, c.month, c.day, c.hour, minute)
                    : c.hour > 0 ? Self.at(c.year, c.month, c.day, c.hour - 1, 59) : lastUnit(Self.dayBefore(c))
            } else {
                return c
            }
        }
        return nil
    }

    /// The start of the last unit of the given day (or of its hour).
    private func lastUnit(_ year: Int, _ month: Int, _ day: Int, hour: Int = 23) -> LocalDateTime {
        startOfUnit(holding: Self.at(year, month, day, hour, 59))
    }

    private func lastUnit(dayNumber: Int) -> LocalDateTime {
        lastUnit(Self.day(dayNumber))
    }

    private func lastUnit(_ day: LocalDateTime) -> LocalDateTime {
        lastUnit(day.year, day.month, day.day)
    }

    private static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> LocalDateTime {
        LocalDateTime(uncheckedYear: year, month: month, day: day, hour: hour, minute: minute, second: 0)
    }

    private static func day(_ dayNumber: Int) -> LocalDateTime { LocalDateTime(dayNumber: dayNumber) }

    private static func firstOfMonth(after time: LocalDateTime) -> LocalDateTime {
        time.month == 12 ? at(time.year + 1, 1, 1) : at(time.year, time.month + 1, 1)
    }

    private static func lastOfMonth(before time: LocalDateTime) -> LocalDateTime {
        time.month == 1 ? at(time.year - 1, 12, 31) : at(time.year, time.month - 1, CivilCalendar.daysInMonth(year: time.year, month: time.month - 1))
    }

    // Neighbouring days and hours by the fields, not through day numbers: a search for a time
    // of day that the data never holds takes one such step per day of the data.
    private static func dayAfter(_ time: LocalDateTime) -> LocalDateTime {
        time.day < CivilCalendar.daysInMonth(year: time.year, month: time.month)
            ? at(time.year, time.month, time.day + 1) : firstOfMonth(after: time)
    }

    private static func dayBefore(_ time: LocalDateTime) -> LocalDateTime {
        time.day > 1 ? at(time.year, time.month, time.day - 1) : lastOfMonth(before: time)
    }

    private static func hourAfter(_ time: LocalDateTime) -> LocalDateTime {
        time.hour < 23 ? at(time.year, time.month, time.day, time.hour + 1) : dayAfter(time)
    }
}
