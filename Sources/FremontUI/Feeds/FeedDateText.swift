import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FremontCore

/// An item's date as a reader wants it: relative while recent ("just now", "12 min ago",
/// "3 h ago", "yesterday", "4 days ago"), the day itself otherwise ("4 Sep 2018"). "Now" and the
/// time zone are passed in, so the same item reads the same in every test.
public enum FeedDateText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func describe(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite else { return absolute(date, timeZone: timeZone) }
        // A date in the future (a wrong clock, a wrong zone) is shown as it is, never as "ago".
        if seconds < -60 { return absolute(date, timeZone: timeZone) }
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds) / 60) min ago" }
        let days = localDay(now, timeZone) - localDay(date, timeZone)
        // Within a few hours the hours say more than "yesterday" does, even across midnight.
        if days == 0 || seconds < 6 * 3600 { return "\(Int(seconds) / 3600) h ago" }
        if days == 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        return absolute(date, timeZone: timeZone)
    }

    /// `4 Sep 2018`, in `timeZone`.
    public static func absolute(_ date: Date, timeZone: TimeZone) -> String {
        let (year, month, day) = CivilCalendar.civil(dayNumber: localDay(date, timeZone))
        return "\(day) \(months[month - 1]) \(year)"
    }

    /// `26 Nov 10:12` this year, `26 Nov  2024` before it: twelve columns, for a list's date column.
    public static func column(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let (year, month, day) = CivilCalendar.civil(dayNumber: localDay(date, timeZone))
        let dayText = (day < 10 ? " " : "") + "\(day) \(months[month - 1])"
        guard year == CivilCalendar.civil(dayNumber: localDay(now, timeZone)).year else {
            return dayText + "  " + String(year).suffix(4)
        }
        return dayText + " " + clock(date, timeZone: timeZone)
    }

    /// `Wed 26 Nov 2026 10:12 +0100`: an article's header says the day, the time and the zone.
    public static func full(_ date: Date, timeZone: TimeZone) -> String {
        let dayNumber = localDay(date, timeZone)
        let (year, month, day) = CivilCalendar.civil(dayNumber: dayNumber)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((dayNumber % 7) + 7) % 7]
        let offset = timeZone.secondsFromGMT(for: date) / 60
        let zone = (offset < 0 ? "-" : "+") + pad(abs(offset) / 60) + pad(abs(offset) % 60)
        return "\(weekday) \(day) \(months[month - 1]) \(year) \(clock(date, timeZone: timeZone)) \(zone)"
    }

    /// `date` in `timeZone` by a strftime format (the config's `datetime-format`, newsboat's):
    /// the C library's strftime over the fields worked out here, so the zone is the one given,
    /// not the process's. At most 64 bytes.
    public static func strftime(_ date: Date, format: String, timeZone: TimeZone) -> String {
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? 0 : min(max(interval, -1e12), 1e12)
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(clamped.rounded(.down)) + offset
        let dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - dayNumber * 86_400
        let (year, month, day) = CivilCalendar.civil(dayNumber: dayNumber)
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(second / 3600)
        fields.tm_min = Int32(second % 3600 / 60)
        fields.tm_sec = Int32(second % 60)
        fields.tm_wday = Int32(((dayNumber % 7) + 11) % 7)
        fields.tm_yday = Int32(dayNumber - CivilCalendar.dayNumber(year: year, month: 1, day: 1))
        fields.tm_gmtoff = offset
        var buffer = [CChar](repeating: 0, count: 65)
        let count = Glibc.strftime(&buffer, 64, format, &fields)
        guard count > 0 else { return "" }
        return TerminalSafeText.singleLine(String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `09:05` in `timeZone`.
    static func clock(_ date: Date, timeZone: TimeZone) -> String {
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? 0 : min(max(interval, -1e15), 1e15)
        let local = Int(clamped.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        return pad(seconds / 3600) + ":" + pad(seconds % 3600 / 60)
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// Days since 1970-01-01 in `timeZone`.
    static func localDay(_ date: Date, _ timeZone: TimeZone) -> Int {
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? 0 : min(max(interval, -1e15), 1e15)
        let local = Int(clamped.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }
}
