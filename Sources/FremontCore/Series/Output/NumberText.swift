/// Number formatting for people, without a `NumberFormatter` per value.
public enum NumberText {
    /// `1 day`, `30 days`, `1,234 hours`: a count and its noun, singular for one.
    public static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// `46905` → `46,905`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// Fixed decimals, grouped: `3121.3` → `3,121.3`.
    public static func grouped(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Past what an integer holds (a value beyond 2^63, read as a decimal): Swift's own
        // shortest form, `1.2345678901234567e+19`, rather than a trap.
        guard value.isFinite, abs(value).rounded(.towardZero) < 9.2e18 else { return String(value) }
        // The whole part and the fraction apart: scaling the whole value past 2^53 would invent
        // digits (10000000000000002 shown as `…002.56`).
        var whole = Int(abs(value).rounded(.towardZero))
        var fraction = Int(((abs(value) - Double(whole)) * scale).rounded())
        if fraction >= Int(scale) {
            whole += 1
            fraction = 0
        }
        var text = (value < 0 && (whole != 0 || fraction != 0) ? "-" : "") + grouped(whole)
        if decimals > 0 {
            text += "." + pad(fraction, decimals)
        }
        return text
    }

    public static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String.spaces(width - text.count) + text
    }

    public static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String.spaces(width - text.count)
    }
}

public enum DateText {
    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    public static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `Friday, April 1, 2016  6:00 AM`, the tutorial's full style.
    public static func full(_ date: LocalDateTime) -> String {
        "\(day(date)) \(clock(date))"
    }

    /// `Fri 2016-04-01 06:00`, compact and sortable for tables.
    public static func compact(_ date: LocalDateTime) -> String {
        "\(weekdays[date.weekday - 1].prefix(3)) \(date.isoDateString) \(pad(date.hour)):\(pad(date.minute))"
    }

    /// `Tue 2016-04-19`: a day from its number (days since 1970-01-01), as charts read it out.
    public static func shortDay(dayNumber: Int) -> String {
        let (year, month, day) = CivilCalendar.civil(dayNumber: dayNumber)
        let weekday = CivilCalendar.weekday(dayNumber: dayNumber)
        return "\(weekdays[weekday - 1].prefix(3)) \(pad(year, 4))-\(pad(month))-\(pad(day))"
    }

    /// `Apr` for 4: a month on a chart's axis.
    public static func shortMonth(_ month: Int) -> String {
        String(months[min(12, max(1, month)) - 1].prefix(3))
    }

    /// `Friday, April 1, 2016`.
    public static func day(_ date: LocalDateTime) -> String {
        "\(weekdays[date.weekday - 1]), \(months[date.month - 1]) \(date.day), \(date.year)"
    }

    /// ` 6:00 AM`, 12-hour, padded so columns line up.
    public static func clock(_ date: LocalDateTime) -> String {
        let hour12 = date.hour % 12 == 0 ? 12 : date.hour % 12
        return NumberText.padLeft(String(hour12), 2) + ":" + pad(date.minute) + (date.hour < 12 ? " AM" : " PM")
    }
}
