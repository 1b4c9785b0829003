/// Reads the fields of a date from UTF-8 bytes, in two grammars: ISO 8601 / RFC 3339, and a
/// tolerant token reading that covers RFC 822/1123/2822, asctime and their real-world variants.
struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int, end: Int) {
        self.bytes = bytes
        self.position = position
        self.end = end
    }

    // MARK: ISO 8601 / RFC 3339

    /// `YYYY-MM-DD[(T| )hh:mm[:ss[.fff]]][ ][Z|±hh[:mm]|zone name]`, or the basic form without
    /// separators (`20180904T224800Z`). A date alone is midnight UTC.
    mutating func iso() -> DateFields? {
        var fields = DateFields()
        guard let year = digits(4) else { return nil }
        fields.year = year
        let extended = skip(UInt8(ascii: "-"))
        guard let month = digits(2) else { return nil }
        fields.month = month
        if extended, !skip(UInt8(ascii: "-")) { return nil }
        guard let day = digits(2) else { return nil }
        fields.day = day
        if position == end { return fields }

        let separator = bytes[position]
        if separator | 0x20 == UInt8(ascii: "t") {
            position += 1
        } else if InternetDate.isSpace(separator) {
            skipSpaces()
        } else {
            return nil
        }
        guard let hour = digits(2) else { return nil }
        fields.hour = hour
        let colons = skip(UInt8(ascii: ":"))
        guard let minute = digits(2) else { return nil }
        fields.minute = minute
        if colons ? skip(UInt8(ascii: ":")) : (position < end && InternetDate.isDigit(bytes[position])) {
            guard let second = digits(2) else { return nil }
            fields.second = second
            if position < end, bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ",") {
                position += 1
                guard let nanosecond = fraction() else { return nil }
                fields.nanosecond = nanosecond
            }
        }
        skipSpaces()
        if position == end { return fields }
        let zoneStart = bytes[position]
        if zoneStart == UInt8(ascii: "+") || zoneStart == UInt8(ascii: "-") {
            guard let offset = numericOffset() else { return nil }
            fields.offsetSeconds = offset
        } else if InternetDate.isLetter(zoneStart) {
            guard case .zone(let offset)? = word() else { return nil }
            fields.offsetSeconds = offset
        } else {
            return nil
        }
        skipSpaces()
        return position == end ? fields : nil
    }

    // MARK: RFC 822 family and asctime

    /// Tokens in any sensible order: an optional weekday, day and month name (either order), a
    /// year, a time `hh:mm[:ss[.fff]]`, an optional AM/PM, and a zone (name, military letter,
    /// `±hhmm`, `±hh:mm`, or a name followed by an offset, `GMT+0200`). Commas, dots, dashes
    /// between date parts and `(comments)` are skipped. A word that is none of these makes the
    /// whole text unreadable: guessing would give a wrong instant.
    mutating func rfc() -> DateFields? {
        var fields = DateFields()
        var month = 0
        var hasTime = false
        var meridiem: DateWords.Word?
        var hasZone = false
        var numbers = (0, 0)
        var numberDigits = (0, 0)
        var numberCount = 0

        while position < end {
            let byte = bytes[position]
            if InternetDate.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                position += 1
            } else if byte == UInt8(ascii: "(") {
                // An RFC 822 comment, as in `+0000 (UTC)`.
                while position < end, bytes[position] != UInt8(ascii: ")") { position += 1 }
                position += 1
            } else if InternetDate.isLetter(byte) {
                switch word() {
                case .month(let value)? where month == 0: month = value
                case .weekday?: break
                case .zone(let offset)?:
                    // A name after a numeric offset (`+0000 GMT`) only repeats it: the number counts.
                    if !hasZone { fields.offsetSeconds = offset }
                    hasZone = true
                case .am?:
                    guard hasTime, meridiem == nil else { return nil }
                    meridiem = .am
                case .pm?:
                    guard hasTime, meridiem == nil else { return nil }
                    meridiem = .pm
                default: return nil
                }
            } else if InternetDate.isDigit(byte) {
                let start = position
                guard let value = number() else { return nil }
                if position < end, bytes[position] == UInt8(ascii: ":") {
                    guard !hasTime, position - start <= 2 else { return nil }
                    position += 1
                    guard let minute = digits(2) else { return nil }
                    fields.hour = value
                    fields.minute = minute
                    if skip(UInt8(ascii: ":")) {
                        guard let second = digits(2) else { return nil }
                        fields.second = second
                        if position < end, bytes[position] == UInt8(ascii: ".") {
                            position += 1
                            guard let nanosecond = fraction() else { return nil }
                            fields.nanosecond = nanosecond
                        }
                    }
                    hasTime = true
                } else {
                    switch numberCount {
                    case 0: numbers.0 = value; numberDigits.0 = position - start
                    case 1: numbers.1 = value; numberDigits.1 = position - start
                    default: return nil
                    }
                    numberCount += 1
                }
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                let next = position + 1
                let isOffset = byte == UInt8(ascii: "+") || hasTime || numberCount == 2
                if isOffset, next < end, InternetDate.isDigit(bytes[next]) {
                    // After a name (`GMT+0200`) the number is the offset that counts.
                    guard let offset = numericOffset() else { return nil }
                    fields.offsetSeconds = offset
                    hasZone = true
                } else if byte == UInt8(ascii: "-") {
                    position += 1 // `04-Sep-2018`
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }

        guard month != 0, numberCount == 2 else { return nil }
        fields.month = month
        // Day first (`04 Sep 2018`, `Nov  6 … 1994`), unless the first number is clearly a year.
        let (day, year, yearDigits) = numberDigits.0 >= 3
            ? (numbers.1, numbers.0, numberDigits.0)
            : (numbers.0, numbers.1, numberDigits.1)
        guard numberDigits.0 <= 4, numberDigits.1 <= 4 else { return nil }
        fields.day = day
        switch yearDigits {
        case 1, 2: fields.year = year < 50 ? 2000 + year : 1900 + year // RFC 2822 §4.3
        case 3: fields.year = 1900 + year
        default: fields.year = year
        }
        if let meridiem {
            guard (1...12).contains(fields.hour) else { return nil }
            fields.hour = fields.hour % 12 + (meridiem == .pm ? 12 : 0)
        }
        return fields
    }

    // MARK: Pieces

    /// Exactly `count` digits.
    @inline(__always)
    private mutating func digits(_ count: Int) -> Int? {
        guard end - position >= count else { return nil }
        var value = 0
        for _ in 0..<count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            position += 1
        }
        return value
    }

    /// A run of up to 9 digits (more is not a date part).
    @inline(__always)
    private mutating func number() -> Int? {
        var value = 0
        var count = 0
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            count += 1
            guard count <= 9 else { return nil }
            value = value * 10 + Int(digit)
            position += 1
        }
        return value
    }

    /// Digits after the decimal point as nanoseconds; digits past the ninth are read and dropped.
    private mutating func fraction() -> Int? {
        var value = 0
        var count = 0
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if count < 9 { value = value * 10 + Int(digit) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 9) { value *= 10 }
        return value
    }

    /// `±hh`, `±hhmm` or `±hh:mm`, in seconds east of UTC.
    private mutating func numericOffset() -> Int? {
        let negative = bytes[position] == UInt8(ascii: "-")
        position += 1
        guard let hours = digits(2) else { return nil }
        var minutes = 0
        if skip(UInt8(ascii: ":")) {
            guard let value = digits(2) else { return nil }
            minutes = value
        } else if position < end, InternetDate.isDigit(bytes[position]) {
            guard let value = digits(2) else { return nil }
            minutes = value
        }
        guard hours <= 23, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return negative ? -seconds : seconds
    }

    /// The word of letters at the current position, classified; moves past it.
    private mutating func word() -> DateWords.Word? {
        let start = position
        while position < end, InternetDate.isLetter(bytes[position]) { position += 1 }
        return DateWords.classify(bytes, start, position)
    }

    @inline(__always)
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpaces() {
        while position < end, InternetDate.isSpace(bytes[position]) { position += 1 }
    }
}
