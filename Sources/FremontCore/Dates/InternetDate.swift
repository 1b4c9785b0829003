import Foundation

/// Dates as feeds and web APIs write them. One hand-written parser over the UTF-8 bytes: no
/// `DateFormatter` (about 20 µs a call here, and one format per formatter), no allocation for
/// native strings.
public enum InternetDate {
    /// RFC 822/1123/2822 (with/without weekday and seconds, 2- or 4-digit years, named zones GMT UT Z
    /// EST/EDT CST/CDT MST/MDT PST/PDT, military letters, numeric offsets), RFC 3339/ISO 8601
    /// (fractional seconds, Z, offsets, date only, also space instead of T), asctime.
    /// A date without a zone is taken as UTC. nil when unreadable: never "now", never a crash.
    public static func parse(_ text: some StringProtocol) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) {
            return date
        }
        var copy = String(text)
        return copy.withUTF8 { parse(bytes: $0) }
    }

    /// ISO 8601 UTC with seconds, e.g. 2018-09-04T22:48:00Z (for JSON output); round-trips through
    /// `parse` for years 0001–9999. Fractions of a second are dropped (rounded down). Instants
    /// beyond ±10^15 s (some 30 million years; only a broken source sends them) are clamped there
    /// rather than trapping, and years past 9999 get a sign, as ISO 8601 expanded years do.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let total = interval.isNaN ? 0 : Int(min(max(interval, -1e15), 1e15).rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = CivilCalendar.civil(dayNumber: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        if year < 0 || year > 9999 { bytes.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")) }
        append(abs(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    /// Longer than any date form; anything past this is not a date (and keeps the work bounded).
    static let maximumLength = 96

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start >= 6, end - start <= maximumLength else { return nil }
        var scanner = DateScanner(bytes: bytes, position: start, end: end)
        let fields = startsLikeISO(bytes, start, end) ? scanner.iso() : scanner.rfc()
        return fields?.date
    }

    /// `2018-…` (extended) or `20180904` / `20180904T…` (basic): a year first means ISO 8601.
    private static func startsLikeISO(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 8 else { return false }
        for index in start..<(start + 4) where !isDigit(bytes[index]) { return false }
        if bytes[start + 4] == UInt8(ascii: "-") { return true }
        for index in (start + 4)..<(start + 8) where !isDigit(bytes[index]) { return false }
        return end - start == 8 || bytes[start + 8] | 0x20 == UInt8(ascii: "t")
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}
