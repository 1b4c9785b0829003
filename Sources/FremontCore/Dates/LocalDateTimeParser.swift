/// Reads the date forms open-data portals publish, straight from bytes:
/// `2016-04-01T00:00:00.000`, `2016-04-01T00:00:00`, `2016-04-01 00:00`, `2016-04-01`,
/// `2016/04/01`, ISO 8601 with `Z` or an offset (`2016-04-01T07:00:00Z`,
/// `2016-04-01T00:00:00-07:00`), the portal download's `04/01/2016 12:00:00 AM` (also without
/// seconds, or 24-hour) and `01.04.2016 00:00`.
/// A `DateFormatter` costs about 20 µs a call here, more than parsing the rest of the row.
///
/// `parse` gives the wall clock as written (an offset is dropped; `a/b/yyyy` is month first,
/// `a.b.yyyy` and `a-b-yyyy` day first). A table's time column reads through `TimeColumnReader`,
/// which settles the day/month order from the whole column and converts zones.
public enum LocalDateTimeParser {
    public static func parse(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        if let date = parseAPIForm(bytes) { return date }
        return fields(bytes)?.wallClock(dayFirst: nil)
    }

    /// The fields of any form read, the day/month order and the offset left to the caller.
    public static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTextFields? {
        if let fields = portalForm(bytes) { return fields }
        return scannedFields(bytes)
    }

    /// Every form, through the scanner.
    static func scannedFields(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTextFields? {
        var scanner = DigitScanner(bytes: bytes)
        scanner.skipSpaces()
        guard let first = scanner.number(maxDigits: 4) else { return nil }
        var result: DateTextFields?
        if first.digits == 4, let separator = scanner.takeDateSeparator() {
            result = parseYearFirst(year: first.value, separator: separator, &scanner)
        } else if first.digits <= 2, let separator = scanner.takeDateSeparator() {
            result = parseYearLast(first: first.value, separator: separator, &scanner)
        } else {
            return nil
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return result
    }

    /// The API's own `YYYY-MM-DDThh:mm:ss` (optionally `.fff`), by fixed positions: nearly every
    /// row of a large file takes this path.
    @inline(__always)
    static func parseAPIForm(_ b: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard b.count == 19 || (b.count == 23 && b[19] == UInt8(ascii: ".")),
              b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
        var valid = true
        let digits = (fixedNumber(b, 0, 4, &valid), fixedNumber(b, 5, 2, &valid), fixedNumber(b, 8, 2, &valid),
                      fixedNumber(b, 11, 2, &valid), fixedNumber(b, 14, 2, &valid), fixedNumber(b, 17, 2, &valid))
        if b.count == 23 { _ = fixedNumber(b, 20, 3, &valid) }
        guard valid else { return nil }
        return LocalDateTime(year: digits.0, month: digits.1, day: digits.2, hour: digits.3, minute: digits.4, second: digits.5)
    }

    /// The portal download's `MM/DD/YYYY hh:mm:ss AM`, by fixed positions: every row of a
    /// Socrata CSV export takes this path, and the scanner costs it half again.
    @inline(__always)
    static func portalForm(_ b: UnsafeBufferPointer<UInt8>) -> DateTextFields? {
        guard b.count == 22, b[2] == UInt8(ascii: "/"), b[5] == UInt8(ascii: "/"), b[10] == 0x20,
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == 0x20,
              b[21] | 0x20 == UInt8(ascii: "m") else { return nil }
        let meridiem = b[20] | 0x20
        guard meridiem == UInt8(ascii: "a") || meridiem == UInt8(ascii: "p") else { return nil }
        var valid = true
        let hour = fixedNumber(b, 11, 2, &valid)
        var fields = DateTextFields(year: fixedNumber(b, 6, 4, &valid), leading: fixedNumber(b, 0, 2, &valid),
                                    middle: fixedNumber(b, 3, 2, &valid), order: .yearLast(UInt8(ascii: "/")))
        (fields.minute, fields.second) = (fixedNumber(b, 14, 2, &valid), fixedNumber(b, 17, 2, &valid))
        guard valid, (1...12).contains(hour) else { return nil }
        fields.hour = hour % 12 + (meridiem == UInt8(ascii: "p") ? 12 : 0)
        fields.twelveHourClock = true
        return fields
    }

    /// The number written in `count` digits from `start`, for the fixed-position forms; `valid`
    /// turns false at a byte that is not a digit.
    @inline(__always)
    private static func fixedNumber(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ valid: inout Bool) -> Int {
        var value = 0
        for index in start..<(start + count) {
            let digit = b[index] &- 0x30
            valid = valid && digit < 10
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// After `YYYY-` (or `/`, `.`): `MM-DD`, then optionally `T` or a space, a time and a zone.
    private static func parseYearFirst(year: Int, separator: UInt8, _ scanner: inout DigitScanner) -> DateTextFields? {
        guard let month = scanner.number(maxDigits: 2) else { return nil }
        // `2016-04`: a month, read as its first day.
        if separator == UInt8(ascii: "-"), scanner.atEnd || scanner.peekIsSpaceRunToEnd {
            return DateTextFields(year: year, leading: month.value, middle: 1, order: .yearFirst)
        }
        guard scanner.take(separator), let day = scanner.number(maxDigits: 2) else { return nil }
        var fields = DateTextFields(year: year, leading: month.value, middle: day.value, order: .yearFirst)
        if scanner.atEnd || scanner.peekIsSpaceRunToEnd { return fields }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")) else { return nil }
        scanner.skipSpaces()
        guard let time = parseTime(&scanner), time.hour < 24 else { return nil }
        (fields.hour, fields.minute, fields.second) = (time.hour, time.minute, time.second)
        scanner.skipSpaces()
        guard let offset = scanner.zoneOffset() else { return nil }
        fields.offsetSeconds = offset
        return fields
    }

    /// After `A/` (or `.`, `-`): `B/YYYY`, then a time, 12-hour with AM/PM or 24-hour. Which of
    /// A and B is the month is the caller's to say.
    private static func parseYearLast(first: Int, separator: UInt8, _ scanner: inout DigitScanner) -> DateTextFields? {
        guard let second = scanner.number(maxDigits: 2), scanner.take(separator),
              let year = scanner.number(maxDigits: 4), year.digits == 4 else { return nil }
        var fields = DateTextFields(year: year.value, leading: first, middle: second.value, order: .yearLast(separator))
        scanner.skipSpaces()
        if scanner.atEnd { return fields }
        guard var time = parseTime(&scanner) else { return nil }
        scanner.skipSpaces()
        if let pm = scanner.meridiem() {
            guard (1...12).contains(time.hour) else { return nil }
            time.hour = time.hour % 12 + (pm ? 12 : 0)
            fields.twelveHourClock = true
        }
        guard time.hour < 24 else { return nil }
        (fields.hour, fields.minute, fields.second) = (time.hour, time.minute, time.second)
        scanner.skipSpaces()
        guard let offset = scanner.zoneOffset() else { return nil }
        fields.offsetSeconds = offset
        return fields
    }

    /// `hh:mm`, `hh:mm:ss`, `hh:mm:ss.fff` (the fraction is dropped: rows are a second apart at
    /// the finest).
    private static func parseTime(_ scanner: inout DigitScanner) -> (hour: Int, minute: Int, second: Int)? {
        guard let hour = scanner.number(maxDigits: 2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.number(exactly: 2) else { return nil }
        var second = 0
        if scanner.take(UInt8(ascii: ":")) {
            guard let value = scanner.number(exactly: 2) else { return nil }
            second = value
            if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                guard scanner.number(maxDigits: 9) != nil else { return nil }
                while scanner.number(maxDigits: 9) != nil {}
            }
        }
        return (hour.value, minute, second)
    }
}

/// A date as written, before the day/month order of `A/B/YYYY` and the zone are settled.
public struct DateTextFields: Sendable, Hashable {
    public enum Order: Sendable, Hashable {
        /// `YYYY-MM-DD`, `YYYY/MM/DD`: never ambiguous.
        case yearFirst
        /// `A/B/YYYY`, `A.B.YYYY`, `A-B-YYYY`, with that separator.
        case yearLast(UInt8)
    }

    public var year: Int
    /// The number before the first separator (the month of `YYYY-MM-DD`).
    public var leading: Int
    /// The number after it (the day of `YYYY-MM-DD`).
    public var middle: Int
    public var order: Order
    public var hour = 0
    public var minute = 0
    public var second = 0
    /// Seconds east of UTC when the text gives a zone (`Z` is 0); nil for a wall-clock time.
    public var offsetSeconds: Int?
    /// The time was written with AM/PM: the US form, whose dates are month first.
    public var twelveHourClock = false

    init(year: Int, leading: Int, middle: Int, order: Order) {
        self.year = year
        self.leading = leading
        self.middle = middle
        self.order = order
    }

    /// The usual order of a separator when nothing in the column settles it: `/` month first
    /// (the US portals' form), `.` and `-` day first (Europe's).
    public var dayFirstByDefault: Bool {
        if case .yearLast(let separator) = order { return separator != UInt8(ascii: "/") }
        return false
    }

    /// Whether the fields can only be day first (true), only month first (false), or either (nil).
    public var forcedDayFirst: Bool? {
        guard case .yearLast = order else { return nil }
        if leading > 12, middle <= 12 { return true }
        if middle > 12, leading <= 12 { return false }
        return nil
    }

    /// The wall clock written; `dayFirst` nil takes the separator's usual order.
    public func wallClock(dayFirst: Bool?) -> LocalDateTime? {
        var month = leading, day = middle
        if case .yearLast = order, dayFirst ?? dayFirstByDefault { (month, day) = (middle, leading) }
        return LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

/// A cursor over ASCII bytes for the date parser.
struct DigitScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    var peekIsSpaceRunToEnd: Bool {
        var i = index
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        return i == bytes.count
    }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0
        var digits = 0
        while index < bytes.count, digits < maxDigits, bytes[index] &- 0x30 < 10 {
            value = value * 10 + Int(bytes[index] &- 0x30)
            digits += 1
            index += 1
        }
        return digits == 0 ? nil : (value, digits)
    }

    mutating func number(exactly count: Int) -> Int? {
        guard let result = number(maxDigits: count), result.digits == count else { return nil }
        return result.value
    }

    /// `-`, `/` or `.` between a date's numbers.
    mutating func takeDateSeparator() -> UInt8? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") else { return nil }
        index += 1
        return byte
    }

    /// What follows a time: nothing (a wall clock: 0 seconds is not said, so `Int??`), `Z`,
    /// `UTC`, `GMT`, or `±hh`, `±hhmm`, `±hh:mm`. nil when something else follows.
    mutating func zoneOffset() -> Int?? {
        guard index < bytes.count else { return .some(nil) }
        let byte = bytes[index]
        if byte | 0x20 == UInt8(ascii: "z") {
            index += 1
            return .some(0)
        }
        for name in ["UTC", "GMT"] where bytes.count - index >= 3 {
            let letters = Array(name.utf8)
            if (0..<3).allSatisfy({ bytes[index + $0] | 0x20 == letters[$0] | 0x20 }) {
                index += 3
                if index == bytes.count || bytes[index] == 0x20 { return .some(0) }
                return zoneOffset()
            }
        }
        guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return nil }
        index += 1
        guard let hours = number(exactly: 2) else { return nil }
        var minutes = 0
        _ = take(UInt8(ascii: ":"))
        if let value = number(exactly: 2) { minutes = value }
        guard hours <= 18, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return .some(byte == UInt8(ascii: "-") ? -seconds : seconds)
    }

    /// `AM`/`PM` in any case, with or without dots; true for PM.
    mutating func meridiem() -> Bool? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index] | 0x20
        guard letter == UInt8(ascii: "a") || letter == UInt8(ascii: "p") else { return nil }
        var i = index + 1
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1 }
        guard i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "m") else { return nil }
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1 }
        index = i
        return letter == UInt8(ascii: "p")
    }
}
