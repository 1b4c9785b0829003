import Foundation

/// The parts of a date as read from text, before they become an instant.
struct DateFields {
    var year = 0
    var month = 0
    var day = 0
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    /// Seconds east of UTC; a date with no zone is read as UTC.
    var offsetSeconds = 0

    /// The instant, or nil when a field is out of range (31 February, 25 o'clock…).
    var date: Date? {
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              abs(offsetSeconds) < 24 * 3600
        else { return nil }
        let days = CivilCalendar.dayNumber(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanosecond) / 1e9)
    }
}
