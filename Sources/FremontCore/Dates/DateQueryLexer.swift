/// Cuts a typed date query into its pieces: numbers, the compound forms people type whole
/// (`2016-04-20T23:00`, `04/20/2016`, `8:00`), and words (month and weekday names, AM/PM).
/// Spaces and commas separate pieces; a word glued to a number (`8am`, `20th`) is its own piece,
/// marked `attached`. Ranges are not checked here: `DateQueryParser` does that, naming the piece.
struct DateQueryLexer {
    enum Token: Equatable {
        case number(Int, digits: Int)
        /// `2016-04-20`, `2016-04`, `04/20/2016`, `04/20`: month always, year and day when written.
        case date(year: Int?, month: Int, day: Int?)
        case time(hour: Int, minute: Int)
        case month(Int)
        case weekday(Int)
        case meridiem(pm: Bool)
        case noon, midnight
        /// `st`, `nd`, `rd`, `th`: a day when glued to a number.
        case ordinalSuffix
        /// `at`, `on`, `of`, `in`, `the`: read past (`tuesday at 8am`).
        case filler
    }

    struct Lexeme: Equatable {
        let token: Token
        /// As typed, for messages.
        let text: String
        /// Glued to the piece before it, with no space between.
        let attached: Bool
    }

    private let bytes: [UInt8]
    private var position = 0

    static func lexemes(_ text: String) throws(DateQueryError) -> [Lexeme] {
        var lexer = DateQueryLexer(bytes: Array(text.utf8))
        return try lexer.all()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func all() throws(DateQueryError) -> [Lexeme] {
        var lexemes: [Lexeme] = []
        var attached = false
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSeparator(byte) {
                position += 1
                attached = false
                continue
            }
            let start = position
            let tokens: [Token]
            if Self.isDigit(byte) {
                tokens = try numeric()
            } else if Self.isLetter(byte) {
                tokens = [try word()]
            } else {
                throw DateQueryError(reason: "'\(chunk(around: start))' is not a date or a time")
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            for token in tokens {
                lexemes.append(Lexeme(token: token, text: text, attached: attached))
            }
            attached = true
        }
        return lexemes
    }

    // MARK: Numbers

    /// A number, or the compound form that starts with it.
    private mutating func numeric() throws(DateQueryError) -> [Token] {
        let start = position
        let first = try digitRun(from: start)
        if followedByDigit(after: UInt8(ascii: "-")) {
            // ISO: `2016-04-20`, `2016-04`, then `T23:00` may follow the day.
            guard first.digits == 4 else { throw notUnderstood(start, hint: "write a date as 2016-04-20") }
            position += 1
            let month = try digitRun(from: start)
            guard month.digits <= 2 else { throw notUnderstood(start, hint: "write a date as 2016-04-20") }
            var day: Int?
            if followedByDigit(after: UInt8(ascii: "-")) {
                position += 1
                let value = try digitRun(from: start)
                guard value.digits <= 2 else { throw notUnderstood(start, hint: "write a date as 2016-04-20") }
                day = value.value
            }
            var tokens: [Token] = [.date(year: first.value, month: month.value, day: day)]
            if day != nil, followedByDigit(after: UInt8(ascii: "t")) {
                position += 1
                let hour = try digitRun(from: start)
                guard hour.digits <= 2, followedByDigit(after: UInt8(ascii: ":")) else {
                    throw notUnderstood(start, hint: "write a time as 23:00")
                }
                tokens.append(try time(hour: hour.value, from: start))
            }
            return tokens
        }
        if followedByDigit(after: UInt8(ascii: "/")) {
            // US: `04/20/2016`, `4/20`.
            guard first.digits <= 2 else { throw notUnderstood(start, hint: "write a date as 04/20/2016") }
            position += 1
            let day = try digitRun(from: start)
            var year: Int?
            if followedByDigit(after: UInt8(ascii: "/")) {
                position += 1
                let value = try digitRun(from: start)
                guard value.digits == 4 else { throw notUnderstood(start, hint: "write the year with four digits") }
                year = value.value
            }
            guard day.digits <= 2 else { throw notUnderstood(start, hint: "write a date as 04/20/2016") }
            return [.date(year: year, month: first.value, day: day.value)]
        }
        if followedByDigit(after: UInt8(ascii: ":")) {
            guard first.digits <= 2 else { throw notUnderstood(start, hint: "write a time as 23:00") }
            return [try time(hour: first.value, from: start)]
        }
        return [.number(first.value, digits: first.digits)]
    }

    /// After the hour, at `:`: `mm`, then optionally `:00` and a zero fraction, as copied from
    /// `2016-04-01T06:00:00.000`. Seconds other than zero are refused: rows are found to the minute.
    private mutating func time(hour: Int, from start: Int) throws(DateQueryError) -> Token {
        position += 1
        let minute = try digitRun(from: start)
        guard minute.digits == 2 else { throw notUnderstood(start, hint: "write a time as 23:00") }
        if followedByDigit(after: UInt8(ascii: ":")) {
            position += 1
            let second = try digitRun(from: start)
            var fractionIsZero = true
            if followedByDigit(after: UInt8(ascii: ".")) {
                position += 1
                while position < bytes.count, Self.isDigit(bytes[position]) {
                    fractionIsZero = fractionIsZero && bytes[position] == UInt8(ascii: "0")
                    position += 1
                }
            }
            guard second.digits == 2 else { throw notUnderstood(start, hint: "write a time as 23:00") }
            guard second.value == 0, fractionIsZero else {
                throw DateQueryError(reason: "'\(chunk(around: start))': times are found to the minute, without seconds")
            }
        }
        return .time(hour: hour, minute: minute.value)
    }

    /// Up to 9 digits: more is not a date part, and would overflow nothing useful.
    private mutating func digitRun(from start: Int) throws(DateQueryError) -> (value: Int, digits: Int) {
        var value = 0
        var digits = 0
        while position < bytes.count, Self.isDigit(bytes[position]) {
            digits += 1
            guard digits <= 9 else { throw DateQueryError(reason: "'\(chunk(around: start))' is not a date or a time") }
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        return (value, digits)
    }

    /// True when `separator` (a lowercase letter matches either case) is next, with a digit after it.
    private func followedByDigit(after separator: UInt8) -> Bool {
        guard position + 1 < bytes.count, Self.isDigit(bytes[position + 1]) else { return false }
        let byte = bytes[position]
        return byte == separator || (Self.isLetter(byte) && byte | 0x20 == separator)
    }

    // MARK: Words

    /// Letters, and the dots of `a.m.` or `Sept.`, which are dropped.
    private mutating func word() throws(DateQueryError) -> Token {
        let start = position
        var key = ""
        while position < bytes.count, Self.isLetter(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            if bytes[position] != UInt8(ascii: ".") { key.unicodeScalars.append(Unicode.Scalar(bytes[position] | 0x20)) }
            position += 1
        }
        // A word glued to something that is not a letter (`apr?`, `maí`) is not a word we know.
        if position < bytes.count, !Self.isSeparator(bytes[position]), !Self.isDigit(bytes[position]) {
            throw DateQueryError(reason: "'\(chunk(around: start))' is not a date or a time")
        }
        if let token = Self.token(for: key) { return token }
        let typed = String(decoding: bytes[start..<position], as: UTF8.self)
        throw DateQueryError(reason: "'\(typed)' is not understood: not a month, a weekday or a time")
    }

    private static func token(for key: String) -> Token? {
        switch key {
        case "am": return .meridiem(pm: false)
        case "pm": return .meridiem(pm: true)
        case "noon": return .noon
        case "midnight": return .midnight
        case "st", "nd", "rd", "th": return .ordinalSuffix
        case "at", "on", "of", "in", "the": return .filler
        default: break
        }
        // Names are read from three letters on (`apr`, `sept`, `thurs`); `tuesdays` as well.
        guard key.count >= 3 else { return nil }
        if let month = DateText.months.firstIndex(where: { $0.lowercased().hasPrefix(key) }) {
            return .month(month + 1)
        }
        if let weekday = DateText.weekdays.firstIndex(where: {
            let name = $0.lowercased()
            return name.hasPrefix(key) || name + "s" == key
        }) {
            return .weekday(weekday + 1)
        }
        return nil
    }

    // MARK: Bytes

    private func notUnderstood(_ start: Int, hint: String) -> DateQueryError {
        DateQueryError(reason: "'\(chunk(around: start))' is not understood: \(hint)")
    }

    /// The run of text between separators around `index`, as typed, for messages.
    private func chunk(around index: Int) -> String {
        var start = index
        while start > 0, !Self.isSeparator(bytes[start - 1]) { start -= 1 }
        var end = index
        while end < bytes.count, !Self.isSeparator(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ",")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
}
