import Foundation

/// Reads a table's time column value by value, settling what one value cannot say from the whole
/// column: whether `04/05/2016` is April or May (a value with a day above 12 decides; two values
/// deciding differently are an error naming both), epoch seconds or milliseconds, and zones
/// (`Z`, `-07:00`): without `--tz` a zoned time keeps the wall clock it writes, the data's own
/// local time; with one, every zoned or epoch time is converted to that zone.
public struct TimeColumnReader: Sendable {
    public enum Outcome: Sendable, Equatable {
        case time(LocalDateTime)
        case unreadable
        /// The value settled the day/month order against the usual one assumed so far: the times
        /// read before it (every one of them ambiguous) swap their day and month.
        case reordered(LocalDateTime)
        /// The value needs the order opposite to one an earlier value settled.
        case conflict(String)
    }

    public let column: String
    /// `--tz`: the zone zoned and epoch times are converted to.
    public let zone: TimeZone?
    /// Epoch numbers are read only in a column named or chosen as the time.
    public let readsEpochs: Bool
    public private(set) var dayFirst: Bool?
    private var orderEvidence: String?
    /// A `A/B/YYYY` value with both numbers 12 or less and unequal, read in the assumed order.
    public private(set) var ambiguousValue: String?
    private var sawYearFirst = false
    /// Offsets met (seconds east of UTC), the first few distinct.
    public private(set) var offsets: [Int] = []
    public private(set) var epochs: (seconds: Int, milliseconds: Int) = (0, 0)

    public init(column: String, zone: TimeZone? = nil, readsEpochs: Bool = false) {
        self.column = column
        self.zone = zone
        self.readsEpochs = readsEpochs
    }

    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        if let time = LocalDateTimeParser.parseAPIForm(bytes) { return .time(time) }
        if readsEpochs, let time = epoch(bytes) { return .time(time) }
        guard let fields = LocalDateTimeParser.fields(bytes) else { return .unreadable }
        var reorders = false
        if case .yearLast = fields.order {
            if let forced = fields.forcedDayFirst {
                if let settled = dayFirst, settled != forced {
                    let other = String(decoding: bytes.prefix(40), as: UTF8.self)
                    return .conflict("the column \(quoted(column, limit: 40)) writes \(quoted(orderEvidence ?? "", limit: 40)) (\(settled ? "day" : "month") first) and \(quoted(other, limit: 40)) (\(forced ? "day" : "month") first): its dates have no one day/month order; fix the values")
                }
                if dayFirst == nil {
                    dayFirst = forced
                    orderEvidence = String(decoding: bytes.prefix(40), as: UTF8.self)
                    if forced != fields.dayFirstByDefault, ambiguousValue != nil, !sawYearFirst {
                        reorders = true
                    }
                }
            } else if dayFirst == nil, ambiguousValue == nil, fields.leading != fields.middle {
                ambiguousValue = String(decoding: bytes.prefix(40), as: UTF8.self)
            }
        } else {
            sawYearFirst = true
        }
        guard var time = fields.wallClock(dayFirst: dayFirst) else { return .unreadable }
        if let offset = fields.offsetSeconds {
            if offsets.count < 4, !offsets.contains(offset) { offsets.append(offset) }
            if let zone {
                let instant = wallSeconds(time) - offset
                time = wallClock(instant + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
            }
        }
        if reorders { return .reordered(time) }
        return .time(time)
    }

    public mutating func read(_ text: String) -> Outcome {
        var text = text
        return text.withUTF8 { read($0) }
    }

    /// Whole seconds since 1970 (9 or 10 digits: 1973 to 2286) or milliseconds (12 or 13),
    /// optionally with a fraction; UTC, or `zone`'s wall clock.
    private mutating func epoch(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        var index = 0, end = bytes.count
        while index < end, bytes[index] == 0x20 { index += 1 }
        while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0D { end -= 1 }
        var value = 0, digits = 0
        while index < end, bytes[index] &- 0x30 < 10 {
            value = value * 10 + Int(bytes[index] &- 0x30)
            digits += 1
            index += 1
            if digits > 13 { return nil }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, bytes[index] &- 0x30 < 10 { index += 1 }
        }
        guard index == end else { return nil }
        var seconds: Int
        switch digits {
        case 9, 10:
            seconds = value
            epochs.seconds += 1
        case 12, 13:
            seconds = value / 1000
            epochs.milliseconds += 1
        default: return nil
        }
        if let zone { seconds += zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        return wallClock(seconds)
    }

    /// What was assumed or converted, said once for the whole column; nil when nothing was.
    public var note: String? {
        var parts: [String] = []
        // Linux names UTC "GMT"; people asked for UTC.
        let zoneName = zone.map { "converted to \($0.identifier == "GMT" ? "UTC" : $0.identifier)" }
        if epochs.seconds + epochs.milliseconds > 0 {
            let unit = epochs.milliseconds > epochs.seconds ? "epoch milliseconds" : "epoch seconds"
            parts.append("the column \(quoted(column, limit: 40)) holds \(unit), UTC; \(zoneName ?? "shown in UTC (--tz ZONE converts them)")")
        }
        if !offsets.isEmpty {
            let written = offsets.map(Self.offsetText).joined(separator: ", ")
            parts.append("the column \(quoted(column, limit: 40)) gives zones (\(written)); "
                         + (zoneName ?? "each time is read as the wall clock it writes, the data's local time (--tz ZONE converts them)"))
        }
        if dayFirst == nil, let ambiguousValue {
            let dayFirst = ambiguousValue.contains("/") ? false : true
            parts.append("the column \(quoted(column, limit: 40)) never writes a day above 12, so \(quoted(ambiguousValue, limit: 40)) is read \(dayFirst ? "day" : "month") first")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func offsetText(_ seconds: Int) -> String {
        if seconds == 0 { return "UTC" }
        let magnitude = abs(seconds)
        return "\(seconds < 0 ? "-" : "+")\(pad(magnitude / 3600)):\(pad(magnitude % 3600 / 60))"
    }

    private func wallSeconds(_ time: LocalDateTime) -> Int {
        time.dayNumber * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
    }

    private func wallClock(_ seconds: Int) -> LocalDateTime {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(dayNumber: days)
        return LocalDateTime(uncheckedYear: year, month: month, day: day, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }
}
