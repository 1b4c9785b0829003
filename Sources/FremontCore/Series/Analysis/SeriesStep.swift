/// How far apart a table's readings are, found from the data: a minute, 5 or 15 minutes, an
/// hour, a day, a week, a month. Gaps, "missing" and the words a person reads follow it, so a
/// daily table is not 23 missing hours a day.
public enum SeriesStep: Sendable, Hashable, CustomStringConvertible {
    /// A fixed number of wall-clock seconds (60, 300, 900, 3600, 86,400, 604,800, …).
    case seconds(Int)
    /// Calendar months (1, 3 a quarter, 12 a year).
    case months(Int)

    public static let hour = SeriesStep.seconds(3600)
    public static let day = SeriesStep.seconds(86_400)

    /// Differences looked at: enough to outvote holes and duplicates (a month of hours, 83
    /// days of 15 minutes), bounded for any table, and cheap beside a pass over every row.
    static let sampledDifferences = 2_000

    /// The most common difference between consecutive times (the first 2,000), a calendar
    /// month when that difference is 28 to 31 days, a year when 365 or 366; an hour when no
    /// difference comes twice, or when readings a day apart come at different times of day.
    public init(_ times: [LocalDateTime]) {
        let sampled = times.prefix(Self.sampledDifferences + 1)
        // Nearly always one difference is most of them (the city's hour): found in two passes
        // without hashing (Boyer–Moore's majority vote, then a count); else a count of each.
        var candidate = 0, votes = 0
        for index in sampled.indices.dropFirst() {
            let difference = Self.difference(sampled[index - 1], sampled[index])
            if votes == 0 { candidate = difference; votes = 1 } else if difference == candidate { votes += 1 } else { votes -= 1 }
        }
        func isCalendarLength(_ difference: Int) -> Bool {
            difference % 86_400 == 0 && ((28...31).contains(difference / 86_400) || (365...366).contains(difference / 86_400))
        }
        let tally = candidate > 0 && !isCalendarLength(candidate)
        var counts: [Int: Int] = [:]
        var monthly = 0, yearly = 0, own = 0
        for index in sampled.indices.dropFirst() {
            let difference = Self.difference(sampled[index - 1], sampled[index])
            if tally, difference == candidate { own += 1; continue }
            guard difference > 0 else { continue }
            let days = difference / 86_400
            if difference % 86_400 == 0, (28...31).contains(days) { monthly += 1; continue }
            if difference % 86_400 == 0, (365...366).contains(days) { yearly += 1; continue }
            counts[difference, default: 0] += 1
        }
        if tally { counts[candidate] = own }
        let best = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        // One difference says nothing (two rows 8,000 years apart are not a step), and readings
        // a day or more apart come at one time of day: else the city's hour, as ever.
        guard max(best?.value ?? 0, monthly, yearly) >= 2 else {
            self = .hour
            return
        }
        if (best?.key ?? 0) >= 86_400 || monthly >= (best?.value ?? 0) || yearly >= (best?.value ?? 0) {
            let first = sampled.first!
            guard sampled.allSatisfy({ $0.hour == first.hour && $0.minute == first.minute && $0.second == first.second }) else {
                self = .hour
                return
            }
        }
        if yearly > monthly, yearly > (best?.value ?? 0) {
            self = .months(12)
        } else if monthly > 0, monthly >= (best?.value ?? 0) {
            self = .months(1)
        } else {
            self = .seconds(best?.key ?? 3600)
        }
    }

    /// Wall-clock seconds from one time to the next; within a day without calendar arithmetic.
    @inline(__always)
    static func difference(_ earlier: LocalDateTime, _ later: LocalDateTime) -> Int {
        let clock = (later.hour - earlier.hour) * 3600 + (later.minute - earlier.minute) * 60 + (later.second - earlier.second)
        if earlier.day == later.day, earlier.month == later.month, earlier.year == later.year { return clock }
        return (later.dayNumber - earlier.dayNumber) * 86_400 + clock
    }

    static func wallSeconds(_ time: LocalDateTime) -> Int {
        time.dayNumber * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
    }

    /// Shorter than an hour: the busiest hour is an hour's readings added.
    public var isSubHourly: Bool { if case .seconds(let seconds) = self { return seconds < 3600 } else { return false } }
    /// A day or longer: no hours of the day, no day separators, no heatmap.
    public var isDailyOrLonger: Bool { if case .seconds(let seconds) = self { return seconds >= 86_400 } else { return true } }

    /// Steps from `earlier` to `later`, rounded down; for months, calendar months.
    public func steps(from earlier: LocalDateTime, to later: LocalDateTime) -> Int {
        switch self {
        case .seconds(let seconds):
            // Neighbouring rows mostly share a day: no calendar arithmetic for them.
            let sameDay = later.day == earlier.day && later.month == earlier.month && later.year == earlier.year
            let days = sameDay ? 0 : later.dayNumber - earlier.dayNumber
            let difference = days * 86_400 + (later.hour - earlier.hour) * 3600 + (later.minute - earlier.minute) * 60 + (later.second - earlier.second)
            return difference / max(1, seconds)
        case .months(let months):
            return ((later.year * 12 + later.month) - (earlier.year * 12 + earlier.month)) / max(1, months)
        }
    }

    /// The time `count` steps after `time`.
    public func advance(_ time: LocalDateTime, by count: Int) -> LocalDateTime {
        switch self {
        case .seconds(let seconds):
            let total = Self.wallSeconds(time) + seconds * count
            let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
            let rest = total - days * 86_400
            let (year, month, day) = CivilCalendar.civil(dayNumber: days)
            return LocalDateTime(uncheckedYear: year, month: month, day: day, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
        case .months(let months):
            let index = time.year * 12 + time.month - 1 + months * count
            let year = index / 12, month = index % 12 + 1
            let day = min(time.day, CivilCalendar.daysInMonth(year: year, month: month))
            return LocalDateTime(uncheckedYear: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        }
    }

    /// The reading's name, singular: "minute", "5 minutes", "hour", "day", "week", "month".
    public var description: String {
        switch self {
        case .seconds(let seconds):
            switch seconds {
            case 604_800: return "week"
            case 86_400: return "day"
            case 3600: return "hour"
            case 60: return "minute"
            case _ where seconds % 86_400 == 0: return "\(seconds / 86_400) days"
            case _ where seconds % 3600 == 0: return "\(seconds / 3600) hours"
            case _ where seconds % 60 == 0: return "\(seconds / 60) minutes"
            default: return "\(seconds) seconds"
            }
        case .months(let months):
            return months == 1 ? "month" : months == 12 ? "year" : months == 3 ? "quarter" : "\(months) months"
        }
    }

    /// What a person counts the table in: "hour", "day", "week", "month", "year" where the step
    /// is one, else "reading".
    public var unit: String {
        switch description {
        case "hour", "day", "week", "month", "year": return description
        default: return "reading"
        }
    }
}
