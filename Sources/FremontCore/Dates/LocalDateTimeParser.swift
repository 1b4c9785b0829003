/// Reads the date forms open-data portals publish, straight from bytes:
/// `2016-04-01T00:00:00.000`, `2016-04-01T00:00:00`, `2016-04-01 00:00`, `2016-04-01`,
/// and the portal download's `04/01/2016 12:00:00 AM` (also without seconds, or 24-hour).
/// A `DateFormatter` costs about 20 µs a call here, more than parsing the rest of the row.
public enum LocalDateTimeParser {
    public static func parse(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        if let date = parseAPIForm(bytes) { return date }
        var scanner = DigitScanner(bytes: bytes)
        scanner.skipSpaces()
        guard let first = scanner.number(maxDigits: 4) else { return nil }
        let result: LocalDateTime?
        if first.digits == 4, scanner.take(UInt8(ascii: "-")) {
            result = parseISO(year: first.value, &scanner)
        } else if first.digits <= 2, scanner.take(UInt8(ascii: "/")) {
            result = parseUS(month: first.value, &scanner)
        } else {
            return nil
        }
        scanner.skipSpaces()
        return scanner.atEnd ? result : nil
    }

    /// The API's own `YYYY-MM-DDThh:mm:ss` (optionally `.fff`), by fixed positions: nearly every
    /// row of a large file takes this path.
    @inline(__always)
    private static func parseAPIForm(_ b: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard b.count == 19 || (b.count == 23 && b[19] == UInt8(ascii: ".")),
              b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
        var digits: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
        var valid = true
        @inline(__always) func number(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in start..<(start + count) {
                let digit = b[index] &- 0x30
                valid = valid && digit < 10
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        digits = (number(0, 4), number(5, 2), number(8, 2), number(11, 2), number(14, 2), number(17, 2))
        if b.count == 23 { _ = number(20, 3) }
        guard valid else { return nil }
        return LocalDateTime(year: digits.0, month: digits.1, day: digits.2, hour: digits.3, minute: digits.4, second: digits.5)
    }

    /// After `YYYY-`: `MM-DD`, then optionally `T` or a space and a time.
    private static func parseISO(year: Int, _ scanner: inout DigitScanner) -> LocalDateTime? {
        guard let month = scanner.number(exactly: 2), scanner.take(UInt8(ascii: "-")),
              let day = scanner.number(exactly: 2) else { return nil }
        if scanner.atEnd || scanner.peekIsSpaceRunToEnd {
            return LocalDateTime(year: year, month: month, day: day)
        }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")),
              let time = parseTime(&scanner) else { return nil }
        guard time.hour < 24 else { return nil }
        return LocalDateTime(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
    }

    /// After `M/`: `D/YYYY`, then a time, 12-hour with AM/PM or 24-hour.
    private static func parseUS(month: Int, _ scanner: inout DigitScanner) -> LocalDateTime? {
        guard let day = scanner.number(maxDigits: 2), scanner.take(UInt8(ascii: "/")),
              let year = scanner.number(maxDigits: 4), year.digits == 4 else { return nil }
        scanner.skipSpaces()
        if scanner.atEnd { return LocalDateTime(year: year.value, month: month, day: day.value) }
        guard var time = parseTime(&scanner) else { return nil }
        scanner.skipSpaces()
        if let pm = scanner.meridiem() {
            guard (1...12).contains(time.hour) else { return nil }
            time.hour = time.hour % 12 + (pm ? 12 : 0)
        }
        return LocalDateTime(year: year.value, month: month, day: day.value, hour: time.hour, minute: time.minute, second: time.second)
    }

    /// `hh:mm`, `hh:mm:ss`, `hh:mm:ss.fff` (the fraction is dropped: rows are hourly).
    private static func parseTime(_ scanner: inout DigitScanner) -> (hour: Int, minute: Int, second: Int)? {
        guard let hour = scanner.number(maxDigits: 2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.number(exactly: 2) else { return nil }
        var second = 0
        if scanner.take(UInt8(ascii: ":")) {
            guard let value = scanner.number(exactly: 2) else { return nil }
            second = value
            if scanner.take(UInt8(ascii: ".")) {
                guard scanner.number(maxDigits: 9) != nil else { return nil }
            }
        }
        return (hour.value, minute, second)
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
