import FremontCore

/// Calendar ticks for a time axis of days: years over a long span, months (or quarters) over a
/// year or two, weeks or days over a few weeks. The finest step whose labels keep two columns
/// apart is chosen, so the axis never crowds; ticks fall on calendar boundaries (1 January, the
/// 1st, Mondays). Work is proportional to the ticks' candidates, at most one per day.
struct DayTicks {
    struct Tick: Hashable {
        /// The day's index from the chart's first day.
        var index: Int
        var label: String
    }

    enum Step: Hashable {
        case days
        case weeks
        case months(Int)
        case years(Int)

        /// Its length in days, roughly, and the width of its widest label.
        var size: (days: Double, label: Int) {
            switch self {
            case .days: return (1, 2)  // "19" ("Apr" on the 1st may touch the day before)
            case .weeks: return (7, 6)  // "Apr 19"
            case .months(let count): return (30.44 * Double(count), 4)  // "Apr", the year in January
            case .years(let count): return (365.25 * Double(count), 4)
            }
        }
    }

    /// The step for `count` days over `columns` columns.
    static func step(count: Int, columns: Int) -> Step {
        let perDay = Double(max(1, columns)) / Double(max(1, count))
        var candidates: [Step] = [.days, .weeks, .months(1), .months(3)]
        var years = 1
        while years <= 1_000_000 {
            for multiple in [1, 2, 5] { candidates.append(.years(years * multiple)) }
            years *= 10
        }
        for candidate in candidates where candidate.size.days * perDay >= Double(candidate.size.label + 2) {
            return candidate
        }
        return candidates[candidates.count - 1]
    }

    /// The ticks within `count` days from `firstDay` (a day number), for `columns` columns.
    static func ticks(firstDay: Int, count: Int, columns: Int) -> [Tick] {
        guard count > 0 else { return [] }
        let lastDay = firstDay + count - 1
        var ticks: [Tick] = []
        func add(_ day: Int, _ label: String) {
            if day >= firstDay, day <= lastDay { ticks.append(Tick(index: day - firstDay, label: label)) }
        }
        let first = CivilCalendar.civil(dayNumber: firstDay), last = CivilCalendar.civil(dayNumber: lastDay)
        switch step(count: count, columns: columns) {
        case .days:
            for day in firstDay...lastDay {
                let date = CivilCalendar.civil(dayNumber: day)
                add(day, date.day == 1 ? DateText.shortMonth(date.month) : String(date.day))
            }
        case .weeks:
            // Mondays: weekday 1.
            var day = firstDay + (8 - CivilCalendar.weekday(dayNumber: firstDay)) % 7
            while day <= lastDay {
                let date = CivilCalendar.civil(dayNumber: day)
                add(day, "\(DateText.shortMonth(date.month)) \(date.day)")
                day += 7
            }
        case .months(let every):
            var (year, month) = (first.year, first.month)
            while (year, month) <= (last.year, last.month) {
                if (month - 1) % every == 0 {
                    add(CivilCalendar.dayNumber(year: year, month: month, day: 1), month == 1 ? String(year) : DateText.shortMonth(month))
                }
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
        case .years(let every):
            var year = first.year + 1  // 1 January of the first year is in the span only if it starts the span
            if CivilCalendar.dayNumber(year: first.year, month: 1, day: 1) == firstDay { year = first.year }
            year = (year + every - 1) / every * every
            while year <= last.year {
                add(CivilCalendar.dayNumber(year: year, month: 1, day: 1), String(year))
                year += every
            }
        }
        return ticks
    }
}
