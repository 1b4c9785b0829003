/// The US federal holidays of a year, computed as pandas' `USFederalHolidayCalendar` lists them
/// (the Handbook's): fixed dates observed on the nearest weekday (Saturday's on the Friday
/// before, so New Year's Day of a year can be observed on 31 December of the year before),
/// Monday holidays by their rule, Martin Luther King Jr. Day from 1986, Juneteenth from 2021.
public enum USFederalHolidays {
    /// Day numbers (`LocalDateTime.dayNumber`) of the holidays observed in `year`, in order.
    public static func observed(in year: Int) -> [Int] {
        var days: [Int] = []
        // New Year's Day of the next year, when observed on this year's 31 December.
        for (holidayYear, month, day) in [(year, 1, 1), (year + 1, 1, 1)] {
            let observed = nearestWeekday(CivilCalendar.dayNumber(year: holidayYear, month: month, day: day))
            if CivilCalendar.civil(dayNumber: observed).year == year { days.append(observed) }
        }
        if year >= 1986 { days.append(nthWeekday(3, weekday: 1, year: year, month: 1)) }
        days.append(nthWeekday(3, weekday: 1, year: year, month: 2))
        days.append(lastWeekday(1, year: year, month: 5))
        if year >= 2021 { days.append(nearestWeekday(CivilCalendar.dayNumber(year: year, month: 6, day: 19))) }
        days.append(nearestWeekday(CivilCalendar.dayNumber(year: year, month: 7, day: 4)))
        days.append(nthWeekday(1, weekday: 1, year: year, month: 9))
        days.append(nthWeekday(2, weekday: 1, year: year, month: 10))
        days.append(nearestWeekday(CivilCalendar.dayNumber(year: year, month: 11, day: 11)))
        days.append(nthWeekday(4, weekday: 4, year: year, month: 11))
        days.append(nearestWeekday(CivilCalendar.dayNumber(year: year, month: 12, day: 25)))
        return days.sorted()
    }

    /// Monday = 1 … Sunday = 7 (ISO), as `CivilCalendar.weekday`.
    private static func isoWeekday(_ dayNumber: Int) -> Int { CivilCalendar.weekday(dayNumber: dayNumber) }

    private static func nearestWeekday(_ dayNumber: Int) -> Int {
        switch isoWeekday(dayNumber) {
        case 6: return dayNumber - 1
        case 7: return dayNumber + 1
        default: return dayNumber
        }
    }

    private static func nthWeekday(_ n: Int, weekday: Int, year: Int, month: Int) -> Int {
        let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
        return first + (weekday - isoWeekday(first) + 7) % 7 + 7 * (n - 1)
    }

    private static func lastWeekday(_ weekday: Int, year: Int, month: Int) -> Int {
        let last = CivilCalendar.dayNumber(year: year, month: month, day: CivilCalendar.daysInMonth(year: year, month: month))
        return last - (isoWeekday(last) - weekday + 7) % 7
    }
}
