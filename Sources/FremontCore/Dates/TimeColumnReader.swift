import Foundation

/// Reads a table's time column value by value, settling what one value cannot say from the whole
/// column: whether `04/05/2016` is April or May (a value with a day above 12 decides; two values
/// deciding differently are an error naming both; a column where none decides is an error too,
/// unless `--day-first` or `--month-first` says), epoch seconds or milliseconds, and zones
/// (`Z`, `-07:00`). Without `--tz` the data's local zone is the first zoned value's: a time an
/// hour off it is that zone's daylight saving (or standard) time and keeps the wall clock it
/// writes, and a time at any other offset is converted to it, so the column is in one zone.
/// With `--tz`, every zoned or epoch time is converted to that zone.
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
    /// `--day-first` (true) or `--month-first` (false): the order chosen before any value.
    public let chosenDayFirst: Bool?
    private var orderEvidence: String?
    /// A `A/B/YYYY` value with both numbers 12 or less and unequal, read in the assumed order.
    public private(set) var ambiguousValue: String?
    /// That value has AM/PM and slashes, the US form: read month first without asking.
    private var ambiguousInUSForm = false
    private var sawYearFirst = false
    /// Offsets met (seconds east of UTC), the first few distinct.
    public private(set) var offsets: [Int] = []
    /// Without `--tz`: the first zoned value's offset (the data's local zone), the one an hour
    /// from it met next (its daylight or standard time), and how many times were converted to
    /// the first because they carried another.
    private var localOffset: Int?
    private var partnerOffset: Int?
    public private(set) var rezoned = 0
    public private(set) var epochs: (seconds: Int, milliseconds: Int) = (0, 0)

    public init(column: String, zone: TimeZone? = nil, readsEpochs: Bool = false, dayFirst: Bool? = nil) {
        self.column = column
        self.zone = zone
        self.readsEpochs = readsEpochs
        self.chosenDayFirst = dayFirst
        self.dayFirst = dayFirst
    }

    /// Why the column cannot be read: no value says whether it is day or month first, and no
    /// option chose. Known only once every value is read.
    public var undecidedOrder: String? {
        guard dayFirst == nil, !ambiguousInUSForm, let ambiguousValue else { return nil }
        return "the column \(quoted(column, limit: 40)) never writes a day above 12, so its dates can be read day first or month first "
            + "(\(quoted(ambiguousValue, limit: 40)) is \(Self.readings(of: ambiguousValue))); say which with --day-first or --month-first"
    }

    /// "4 May 2016 or 5 April 2016" for 04/05/2016.
    private static func readings(of value: String) -> String {
        var value = value
        guard let fields = value.withUTF8({ LocalDateTimeParser.fields($0) }),
              let dayFirst = fields.wallClock(dayFirst: true), let monthFirst = fields.wallClock(dayFirst: false) else { return "either" }
        func said(_ time: LocalDateTime) -> String { "\(time.day) \(DateText.months[time.month - 1]) \(time.year)" }
        return "\(said(dayFirst)) day first, \(said(monthFirst)) month first"
    }

    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        if let time = LocalDateTimeParser.parseAPIForm(bytes) { return .time(time) }
        if readsEpochs, let time = epoch(bytes) { return .time(time) }
        guard let fields = LocalDateTimeParser.fields(bytes) else { return .unreadable }
        var reorders = false
        if case .yearLast = fields.order {
            if let forced = fields.forcedDayFirst {
                if let chosen = chosenDayFirst, chosen != forced {
                    return .conflict("the column \(quoted(column, limit: 40)) writes \(quoted(String(decoding: bytes.prefix(40), as: UTF8.self), limit: 40)), which can only be \(forced ? "day" : "month") first, against \(chosen ? "--day-first" : "--month-first")")
                }
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
                // `04/02/2016 01:00:00 AM` (a US portal's export: AM/PM and `/`) is month first
                // unless a later value says otherwise; a 24-hour or dotted date is left to the reader.
                ambiguousInUSForm = fields.twelveHourClock && !fields.dayFirstByDefault
            }
        } else {
            sawYearFirst = true
        }
        guard var time = fields.wallClock(dayFirst: dayFirst) else { return .unreadable }
        if let offset = fields.offsetSeconds {
            if offsets.count < 4, !offsets.contains(offset) { offsets.append(offset) }
            let instant = wallSeconds(time) - offset
            if let zone {
                time = wallClock(instant + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
            } else if let local = localOffset {
                if offset != local, partnerOffset == nil, abs(offset - local) == 3600 { partnerOffset = offset }
                if offset != local, offset != partnerOffset {
                    time = wallClock(instant + local)
                    rezoned += 1
                }
            } else {
                localOffset = offset
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
        // Nine digits or more: a date's separator at the third byte (`07/31/2025`, `31.07.2025`)
        // rules one out before any scan.
        guard bytes.count >= 9, bytes[2] &- 0x30 < 10 else { return nil }
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
            var told = "the column \(quoted(column, limit: 40)) gives zones (\(written)\(offsets.count >= 4 ? ", …" : "")); "
            if let zoneName {
                told += zoneName
            } else if rezoned > 0, let localOffset {
                told += "all are read in one zone, the first value's (\(Self.offsetText(localOffset))\(partnerOffset.map { " with \(Self.offsetText($0)) as its daylight saving or standard time" } ?? "")): "
                    + "\(NumberText.grouped(rezoned)) time\(rezoned == 1 ? " was" : "s were") converted to it (--tz ZONE converts every time to a zone named)"
            } else {
                told += "each time is read as the wall clock it writes, the data's local time (--tz ZONE converts them)"
            }
            parts.append(told)
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
