/// Why a typed date was not understood, worded for the status line: it names the piece at fault
/// (`'april 31': April has 30 days`, `'fo' is not understood: not a month, a weekday or a time`).
public struct DateQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}

/// Reads what a person types into a `DateQuery`, case-insensitively, commas ignored, pieces in
/// any order:
///
/// - dates: `2016-04-20`, `2016-04`, `04/20/2016`, `4/20`, `20 apr 2016`, `April 20, 2016`,
///   `april 20`, `20th april`, `april 2016`, `2016`;
/// - times: `23:00`, `2016-04-20T23:00`, `11:00 PM`, `11pm`, `8 a.m.`, `noon`, `midnight`;
/// - weekdays: `tue`, `tuesday`, `tuesdays`; month and weekday names from three letters;
/// - the table's own forms, as copied: `Fri 2016-04-01 06:00`, `Friday, April 1, 2016  6:00 AM`,
///   and the API's `2016-04-01T06:00:00.000`;
/// - `at`, `on`, `of`, `in` and `the` are read past.
///
/// A number alone is a day of the month when it has one or two digits (`20`: the 20th of any
/// month), a year when it has four (`2016`): people who mean an hour write `8am` or `8:00`, and
/// two such numbers (`april 20 8`) are refused rather than guessed.
enum DateQueryParser {
    static func parse(_ text: String) throws(DateQueryError) -> DateQuery {
        let lexemes = try DateQueryLexer.lexemes(text)
        var fields = Fields()
        var numbers: [(value: Int, digits: Int, text: String)] = []
        var index = 0
        while index < lexemes.count {
            let lexeme = lexemes[index]
            let next = index + 1 < lexemes.count ? lexemes[index + 1] : nil
            switch lexeme.token {
            case .date(let year, let month, let day):
                guard (1...12).contains(month) else {
                    throw DateQueryError(reason: "'\(lexeme.text)': there is no month \(month)")
                }
                if let year { try fields.set(\.year, year, "year", lexeme.text) }
                try fields.set(\.month, month, "month", lexeme.text)
                if let day {
                    guard (1...31).contains(day) else {
                        throw DateQueryError(reason: "'\(lexeme.text)': there is no day \(day) in a month")
                    }
                    try fields.set(\.day, day, "day", lexeme.text)
                }
            case .time(var hour, let minute):
                var text = lexeme.text
                if case .meridiem(let pm)? = next?.token {
                    text += next!.attached ? next!.text : " " + next!.text
                    hour = try twelveHour(hour, pm: pm, text)
                    index += 1
                }
                guard (0...23).contains(hour) else {
                    throw DateQueryError(reason: "'\(text)' is not a time: hours go from 0 to 23")
                }
                guard (0...59).contains(minute) else {
                    throw DateQueryError(reason: "'\(text)' is not a time: minutes go from 0 to 59")
                }
                try fields.setTime(hour, minute, text)
            case .number(let value, let digits):
                if case .meridiem(let pm)? = next?.token {
                    let text = lexeme.text + (next!.attached ? "" : " ") + next!.text
                    try fields.setTime(try twelveHour(value, pm: pm, text), nil, text)
                    index += 1
                } else if case .ordinalSuffix? = next?.token, next!.attached {
                    let text = lexeme.text + next!.text
                    guard (1...31).contains(value) else {
                        throw DateQueryError(reason: "'\(text)': there is no day \(value) in a month")
                    }
                    try fields.set(\.day, value, "day", text)
                    index += 1
                } else {
                    numbers.append((value, digits, lexeme.text))
                }
            case .meridiem:
                throw DateQueryError(reason: "'\(lexeme.text)' needs an hour before it, as in 8 pm")
            case .ordinalSuffix:
                throw DateQueryError(reason: "'\(lexeme.text)' needs a day before it, as in 20th")
            case .month(let month):
                try fields.set(\.month, month, "month", lexeme.text)
            case .weekday(let weekday):
                try fields.set(\.weekday, weekday, "weekday", lexeme.text)
            case .noon:
                try fields.setTime(12, 0, lexeme.text)
            case .midnight:
                try fields.setTime(0, 0, lexeme.text)
            case .filler:
                break
            }
            index += 1
        }
        // Bare numbers last, so that `20 apr 2016` and `2016 apr 20` read alike.
        for number in numbers {
            if number.digits == 4, number.value >= 1000 {
                try fields.set(\.year, number.value, "year", number.text)
            } else if number.digits <= 2, (1...31).contains(number.value) {
                if fields.day != nil {
                    throw DateQueryError(reason: "'\(number.text)': the day is already given; write a time as 8:00 or 8am")
                }
                try fields.set(\.day, number.value, "day", number.text)
            } else {
                throw DateQueryError(reason: "'\(number.text)' is neither a day of the month (1 to 31) nor a year")
            }
        }
        return try fields.checked(text)
    }

    /// `8 pm` → 20, `12 am` → 0: the hour must be 1 to 12.
    private static func twelveHour(_ hour: Int, pm: Bool, _ text: String) throws(DateQueryError) -> Int {
        guard (1...12).contains(hour) else {
            throw DateQueryError(reason: "'\(text)' is not a time: with AM or PM the hour goes from 1 to 12")
        }
        return hour % 12 + (pm ? 12 : 0)
    }

    /// The fields as they are read, each given once.
    private struct Fields {
        var year: Int?
        var month: Int?
        var day: Int?
        var weekday: Int?
        var hour: Int?
        var minute: Int?
        var yearText = ""

        mutating func set(_ field: WritableKeyPath<Fields, Int?>, _ value: Int, _ name: String, _ text: String) throws(DateQueryError) {
            guard self[keyPath: field] == nil else {
                throw DateQueryError(reason: "'\(text)': the \(name) is already given")
            }
            self[keyPath: field] = value
            if field == \Fields.year { yearText = text }
        }

        mutating func setTime(_ hour: Int, _ minute: Int?, _ text: String) throws(DateQueryError) {
            guard self.hour == nil else { throw DateQueryError(reason: "'\(text)': the time is already given") }
            self.hour = hour
            self.minute = minute
        }

        /// What holds only for the fields together: the month has the day, the weekday agrees
        /// with the date, and something was asked at all.
        func checked(_ text: String) throws(DateQueryError) -> DateQuery {
            guard year != nil || month != nil || day != nil || weekday != nil || hour != nil else {
                throw DateQueryError(reason: "type a date or a time, as in 2016-04-20, april 20 or tue 8am")
            }
            if let year, !(1000...9999).contains(year) {
                throw DateQueryError(reason: "'\(yearText)': a year goes from 1000 to 9999")
            }
            if let month, let day {
                // Without a year, February has its 29th (in leap years).
                let days = CivilCalendar.daysInMonth(year: year ?? 2000, month: month)
                let name = DateText.months[month - 1]
                guard day <= days else {
                    if let year, month == 2, day == 29 {
                        throw DateQueryError(reason: "'\(text)': \(year) has no February 29")
                    }
                    throw DateQueryError(reason: "'\(text)': \(name) has \(days) days")
                }
                if let year, let weekday, let date = LocalDateTime(year: year, month: month, day: day),
                   date.weekday != weekday {
                    throw DateQueryError(reason: "'\(text)': \(date.isoDateString) is a \(DateText.weekdays[date.weekday - 1]), not a \(DateText.weekdays[weekday - 1])")
                }
            }
            return DateQuery(year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute)
        }
    }
}
