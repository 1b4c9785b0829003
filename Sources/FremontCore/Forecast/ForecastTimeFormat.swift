import Foundation

/// Clock and calendar text in the forecast's own time zone (not the machine's), in fixed English
/// forms so output is the same everywhere. The text report and the browser share it.
public struct ForecastTimeFormat: Sendable {
    private let calendar: Calendar

    public init(zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    }

    /// `Thu 14 Mar`.
    public func day(_ date: Date) -> String { day(parts(date)) }

    private func day(_ parts: DateComponents) -> String {
        "\(Self.weekdays[(parts.weekday ?? 1) - 1]) \(parts.day ?? 0) \(Self.months[(parts.month ?? 1) - 1])"
    }

    /// `Thu`.
    public func weekday(_ date: Date) -> String { Self.weekdays[(parts(date).weekday ?? 1) - 1] }

    /// `18:50`.
    public func clock(_ date: Date) -> String { clock(parts(date)) }

    private func clock(_ parts: DateComponents) -> String { "\(pad(parts.hour ?? 0)):\(pad(parts.minute ?? 0))" }

    /// The hour of the day, 0...23.
    public func hour(_ date: Date) -> Int { calendar.component(.hour, from: date) }

    /// `Thu 14 Mar 18:50`.
    public func dayAndClock(_ date: Date) -> String {
        let parts = parts(date)
        return "\(day(parts)) \(clock(parts))"
    }

    /// `2019-03-14T18:50:06-07:00`: ISO 8601 local time with the zone's offset at that instant.
    public func iso(_ date: Date) -> String {
        let parts = parts(date)
        return "\(pad(parts.year ?? 0, 4))-\(pad(parts.month ?? 0))-\(pad(parts.day ?? 0))T\(pad(parts.hour ?? 0)):"
            + "\(pad(parts.minute ?? 0)):\(pad(parts.second ?? 0))\(offset(at: date, separator: ":"))"
    }

    /// `UTC−07:00` for headings.
    public func utcOffset(at date: Date) -> String {
        "UTC" + offset(at: date, separator: ":").replacingOccurrences(of: "-", with: "−")
    }

    private func offset(at date: Date, separator: String) -> String {
        let seconds = calendar.timeZone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(pad(minutes / 60))\(separator)\(pad(minutes % 60))"
    }
}
