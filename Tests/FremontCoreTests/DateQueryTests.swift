import FremontTestSupport
import Testing
@testable import FremontCore

/// What a person types in a `/` date search: how it is read, refused and described.
@Suite struct DateQueryParsingTests {
    /// (text, year, month, day, weekday, hour, minute)
    @Test(arguments: [
        ("2016-04-20", 2016, 4, 20, nil, nil, nil),
        ("2016-04-20 23:00", 2016, 4, 20, nil, 23, 0),
        ("2016-04-20T23:00", 2016, 4, 20, nil, 23, 0),
        ("2016-04-20 11:00 PM", 2016, 4, 20, nil, 23, 0),
        ("04/20/2016 11:00 PM", 2016, 4, 20, nil, 23, 0),
        ("04/20/2016", 2016, 4, 20, nil, nil, nil),
        ("20 apr 2016 23:00", 2016, 4, 20, nil, 23, 0),
        ("apr 20 2016", 2016, 4, 20, nil, nil, nil),
        ("April 20, 2016", 2016, 4, 20, nil, nil, nil),
        ("april 20", nil, 4, 20, nil, nil, nil),
        ("20 april", nil, 4, 20, nil, nil, nil),
        ("apr 20 8am", nil, 4, 20, nil, 8, nil),
        ("april 2016", 2016, 4, nil, nil, nil, nil),
        ("2016-04", 2016, 4, nil, nil, nil, nil),
        ("2016", 2016, nil, nil, nil, nil, nil),
        ("tuesday", nil, nil, nil, 2, nil, nil),
        ("tue 8am", nil, nil, nil, 2, 8, nil),
        ("8:00 am", nil, nil, nil, nil, 8, 0),
        ("8 pm", nil, nil, nil, nil, 20, nil),
        ("23:00", nil, nil, nil, nil, 23, 0),
        ("11pm", nil, nil, nil, nil, 23, nil),
        ("noon", nil, nil, nil, nil, 12, 0),
        ("midnight", nil, nil, nil, nil, 0, 0),
        // The table's compact and full forms, as a user may copy them.
        ("Fri 2016-04-01 06:00", 2016, 4, 1, 5, 6, 0),
        ("Friday, April 1, 2016  6:00 AM", 2016, 4, 1, 5, 6, 0),
        // The API's and the portal's forms.
        ("2016-04-01T06:00:00.000", 2016, 4, 1, nil, 6, 0),
        ("04/01/2016 12:00:00 AM", 2016, 4, 1, nil, 0, 0),
        // Case, abbreviations, dots, ordinals, fillers, twelve o'clock.
        ("APRIL 20", nil, 4, 20, nil, nil, nil),
        ("Sept. 3", nil, 9, 3, nil, nil, nil),
        ("thurs", nil, nil, nil, 4, nil, nil),
        ("tuesdays at 8 a.m.", nil, nil, nil, 2, 8, nil),
        ("20th april", nil, 4, 20, nil, nil, nil),
        ("on the 1st", nil, nil, 1, nil, nil, nil),
        ("4/20", nil, 4, 20, nil, nil, nil),
        ("12 am", nil, nil, nil, nil, 0, nil),
        ("12pm", nil, nil, nil, nil, 12, nil),
        ("12:30pm", nil, nil, nil, nil, 12, 30),
        ("2016 april 20", 2016, 4, 20, nil, nil, nil),
        // A lone number of one or two digits is a day of the month.
        ("20", nil, nil, 20, nil, nil, nil),
        ("feb 29", nil, 2, 29, nil, nil, nil),
    ] as [(String, Int?, Int?, Int?, Int?, Int?, Int?)])
    func reads(text: String, year: Int?, month: Int?, day: Int?, weekday: Int?, hour: Int?, minute: Int?) throws {
        let query = try DateQuery(parsing: text)
        #expect(query == DateQuery(year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute), "\(text)")
    }

    @Test(arguments: [
        ("april 31", "'april 31': April has 30 days"),
        ("feb 30", "'feb 30': February has 29 days"),
        ("feb 29 2015", "'feb 29 2015': 2015 has no February 29"),
        ("25:00", "'25:00' is not a time: hours go from 0 to 23"),
        ("8:60", "'8:60' is not a time: minutes go from 0 to 59"),
        ("13 pm", "'13 pm' is not a time: with AM or PM the hour goes from 1 to 12"),
        ("0am", "'0am' is not a time: with AM or PM the hour goes from 1 to 12"),
        ("april 20 foo", "'foo' is not understood: not a month, a weekday or a time"),
        ("ma 20", "'ma' is not understood: not a month, a weekday or a time"),
        ("Mon 2016-04-01", "'Mon 2016-04-01': 2016-04-01 is a Friday, not a Monday"),
        ("2016-13-01", "'2016-13-01': there is no month 13"),
        ("45", "'45' is neither a day of the month (1 to 31) nor a year"),
        ("0999", "'0999' is neither a day of the month (1 to 31) nor a year"),
        ("april 20 8", "'8': the day is already given; write a time as 8:00 or 8am"),
        ("april may", "'may': the month is already given"),
        ("8am 9pm", "'9pm': the time is already given"),
        ("20-04-2016", "'20-04-2016' is not understood: write a date as 2016-04-20"),
        ("pm", "'pm' needs an hour before it, as in 8 pm"),
        ("08:00:30", "'08:00:30': times are found to the minute, without seconds"),
        ("8.30", "'8.30' is not a date or a time"),
        ("décembre", "'décembre' is not a date or a time"),
        ("", "type a date or a time, as in 2016-04-20, april 20 or tue 8am"),
        (" , at ", "type a date or a time, as in 2016-04-20, april 20 or tue 8am"),
    ])
    func refuses(text: String, reason: String) {
        #expect(throws: DateQueryError(reason: reason)) { try DateQuery(parsing: text) }
    }

    @Test(arguments: [
        ("april 20", "April 20, any year"),
        ("tue 8am", "Tuesdays at 8:00 AM"),
        ("2016-04-20 11 pm", "Wednesday, April 20, 2016 at 11:00 PM"),
        ("2016-04-20", "Wednesday, April 20, 2016"),
        ("apr 20 8:30am", "April 20 at 8:30 AM, any year"),
        ("20", "the 20th of any month"),
        ("22nd 2016", "the 22nd of each month in 2016"),
        ("8:30 pm", "8:30 PM, any day"),
        ("midnight", "12:00 AM, any day"),
        ("april 2016", "April 2016"),
        ("april", "April, any year"),
        ("tuesday april", "Tuesdays in April, any year"),
        ("tuesday 2016", "Tuesdays in 2016"),
        ("2016", "2016"),
        ("2016 8am", "every day of 2016 at 8:00 AM"),
    ])
    func describes(text: String, description: String) throws {
        #expect(try DateQuery(parsing: text).description == description)
    }
}

/// Where a search lands, on tables made for each case.
@Suite struct DateQuerySearchTests {
    @Test func aDayWithoutAnHourLandsOnItsFirstRowEachYear() throws {
        let times = hourly(from: "2014-01-01T00:00", through: "2017-12-31T23:00")
        let start = row(times, "2015-06-01T12:00")
        #expect(find("april 20", times, from: start) == .found(row: row(times, "2016-04-20T00:00"), wrapped: false))
        #expect(find("april 20", times, from: start, forward: false) == .found(row: row(times, "2015-04-20T00:00"), wrapped: false))
        // Round the end, both ways.
        let late = row(times, "2017-05-01T00:00")
        #expect(find("april 20", times, from: late) == .found(row: row(times, "2014-04-20T00:00"), wrapped: true))
        let early = row(times, "2014-03-01T00:00")
        #expect(find("april 20", times, from: early, forward: false) == .found(row: row(times, "2017-04-20T00:00"), wrapped: true))
        // Inside the day: forward goes to the next year's, back to this day's start.
        let inside = row(times, "2016-04-20T05:00")
        #expect(find("april 20", times, from: inside) == .found(row: row(times, "2017-04-20T00:00"), wrapped: false))
        #expect(find("april 20", times, from: inside, forward: false) == .found(row: row(times, "2016-04-20T00:00"), wrapped: false))
        // From nowhere: the first, or going back the last.
        #expect(find("april 20", times, from: nil) == .found(row: row(times, "2014-04-20T00:00"), wrapped: false))
        #expect(find("april 20", times, from: nil, forward: false) == .found(row: row(times, "2017-04-20T00:00"), wrapped: false))
    }

    @Test func aDayWhoseMidnightIsMissingLandsOnItsFirstHourPresent() throws {
        let times = hourly(from: "2016-04-18T00:00", through: "2016-04-22T23:00")
            .filter { !($0.day == 20 && $0.hour < 5) }
        #expect(find("2016-04-20", times, from: 0) == .found(row: row(times, "2016-04-20T05:00"), wrapped: false))
        #expect(find("april 20", times, from: 0) == .found(row: row(times, "2016-04-20T05:00"), wrapped: false))
        #expect(find("wednesday", times, from: 0) == .found(row: row(times, "2016-04-20T05:00"), wrapped: false))
    }

    @Test func monthsYearsWeekdaysAndHours() throws {
        let times = hourly(from: "2015-12-15T07:00", through: "2016-05-31T23:00")
        let friday = row(times, "2016-04-01T06:00")
        #expect(find("april 2016", times, from: 0) == .found(row: row(times, "2016-04-01T00:00"), wrapped: false))
        #expect(find("2016-05", times, from: friday) == .found(row: row(times, "2016-05-01T00:00"), wrapped: false))
        #expect(find("december", times, from: friday) == .found(row: 0, wrapped: true))
        #expect(find("2016", times, from: 0) == .found(row: row(times, "2016-01-01T00:00"), wrapped: false))
        // The year 2015's first row is the data's first, not January 1st.
        #expect(find("2015", times, from: friday) == .found(row: 0, wrapped: false))
        #expect(find("tuesday", times, from: friday) == .found(row: row(times, "2016-04-05T00:00"), wrapped: false))
        #expect(find("tue 8am", times, from: friday) == .found(row: row(times, "2016-04-05T08:00"), wrapped: false))
        #expect(find("8am", times, from: friday) == .found(row: row(times, "2016-04-01T08:00"), wrapped: false))
        #expect(find("8am", times, from: friday + 3) == .found(row: row(times, "2016-04-02T08:00"), wrapped: false))
        #expect(find("8am", times, from: friday, forward: false) == .found(row: row(times, "2016-03-31T08:00"), wrapped: false))
        #expect(find("the 31st", times, from: friday) == .found(row: row(times, "2016-05-31T00:00"), wrapped: false))
        #expect(find("feb 29", times, from: friday) == .found(row: row(times, "2016-02-29T00:00"), wrapped: true))
        #expect(find("2016-04-01 6am", times, from: 0) == .found(row: friday, wrapped: false))
    }

    @Test func theCurrentRowIsFoundOnlyWhenItIsTheOneMatch() throws {
        let times = hourly(from: "2016-04-01T00:00", through: "2016-04-03T23:00")
        let eight = row(times, "2016-04-02T08:00")
        #expect(find("april 2", times, from: row(times, "2016-04-02T00:00")) == .found(row: row(times, "2016-04-02T00:00"), wrapped: true))
        #expect(find("april 2", times, from: row(times, "2016-04-02T00:00"), forward: false) == .found(row: row(times, "2016-04-02T00:00"), wrapped: true))
        #expect(find("saturday 8am", times, from: eight) == .found(row: eight, wrapped: true))
        #expect(find("saturday 8am", times, from: eight, forward: false) == .found(row: eight, wrapped: true))
        // A single time stays where it is, without a word about wrapping.
        #expect(find("2016-04-02 08:00", times, from: eight) == .found(row: eight, wrapped: false))
    }

    @Test func anHourAloneLandsOnTheHoursFirstRowInQuarterHourData() throws {
        var times: [LocalDateTime] = []
        for quarter in 0..<(3 * 24 * 4) {
            let time = date("2016-04-01T00:00").addingHours(quarter / 4)
            times.append(LocalDateTime(year: time.year, month: time.month, day: time.day, hour: time.hour, minute: quarter % 4 * 15)!)
        }
        times.removeAll { $0.day == 2 && $0.hour == 8 && $0.minute == 0 }
        #expect(find("8am", times, from: 0) == .found(row: row(times, "2016-04-01T08:00"), wrapped: false))
        #expect(find("8am", times, from: row(times, "2016-04-01T08:00")) == .found(row: row(times, "2016-04-02T08:15"), wrapped: false))
        #expect(find("8:30", times, from: 0) == .found(row: row(times, "2016-04-01T08:30"), wrapped: false))
        #expect(find("8:10", times, from: 0) == .notInData)
        #expect(find("april 2 8:00", times, from: 0) == .notInData)
        #expect(find("2016-04-02 8:00", times, from: 0) == .afterHole(row: row(times, "2016-04-02T08:15")))
    }

    @Test func aSingleTimeInAHoleLandsOnTheRowAfterIt() throws {
        // The history's one hole: 2024-09-30 13:00 to 23:00.
        let times = hourly(from: "2024-09-28T00:00", through: "2024-10-03T23:00")
            .filter { !($0.day == 30 && $0.hour >= 13) }
        let after = row(times, "2024-10-01T00:00")
        #expect(find("2024-09-30 15:00", times, from: 0) == .afterHole(row: after))
        #expect(find("2024-09-30 15:00", times, from: 0, forward: false) == .afterHole(row: after))
        #expect(find("2024-09-30 3pm", times, from: 0) == .afterHole(row: after))
        #expect(outcome("2024-09-30 15:00", times) == .found(row: after, note: "2024-09-30 15:00 is not in the data; showing the next hour, 2024-10-01 00:00"))
        // The day itself is there: its first row.
        #expect(find("2024-09-30", times, from: 0) == .found(row: row(times, "2024-09-30T00:00"), wrapped: false))
        // An hour of many days skips the hole to the next day that has it.
        #expect(find("3pm", times, from: row(times, "2024-09-29T20:00")) == .found(row: row(times, "2024-10-01T15:00"), wrapped: false))
    }

    @Test func aHoleWithinADayIsWordedWithTheHourAlone() throws {
        let times = hourly(from: "2024-09-30T00:00", through: "2024-09-30T23:00")
            .filter { !(3...13).contains($0.hour) }
        #expect(outcome("2024-09-30 03:00", times) == .found(row: row(times, "2024-09-30T14:00"), note: "2024-09-30 03:00 is not in the data; showing the next hour, 14:00"))
    }

    @Test func aMissingDayOrMonthLandsOnWhatFollows() throws {
        let times = hourly(from: "2016-03-01T00:00", through: "2016-06-30T23:00")
            .filter { !($0.month == 4 && $0.day == 20) && $0.month != 5 }
        #expect(outcome("2016-04-20", times) == .found(row: row(times, "2016-04-21T00:00"), note: "2016-04-20 is not in the data; showing the next day, 2016-04-21 00:00"))
        #expect(outcome("may 2016", times) == .found(row: row(times, "2016-06-01T00:00"), note: "2016-05 is not in the data; showing the next month, 2016-06-01 00:00"))
        // Many stretches: the missing one is skipped, and when none has a row, nothing matches.
        #expect(find("april 20", times, from: 0) == .notInData)
        #expect(find("may", times, from: 0) == .notInData)
    }

    @Test func whatTheDataDoesNotHoldIsSaidWithItsSpan() throws {
        let may = hourly(from: "2016-05-01T00:00", through: "2016-05-31T23:00")
        #expect(outcome("2030-01-01", may) == .notInData(message: "2030-01-01 is not in the data: it runs from 2016-05-01 00:00 to 2016-05-31 23:00"))
        #expect(outcome("2016-04-30 23:00", may) == .notInData(message: "2016-04-30 23:00 is not in the data: it runs from 2016-05-01 00:00 to 2016-05-31 23:00"))
        #expect(outcome("april 20", may) == .notInData(message: "no row matches April 20, any year: the data runs from 2016-05-01 00:00 to 2016-05-31 23:00"))
        #expect(outcome("8:30", may) == .notInData(message: "no row matches 8:30 AM, any day: the data runs from 2016-05-01 00:00 to 2016-05-31 23:00"))
        #expect(outcome("april 31", may) == .notUnderstood(reason: "'april 31': April has 30 days"))
        #expect(outcome("april 20", []) == .notInData(message: "no rows to search"))
        #expect(DateSearchOutcome(searching: "2016-05-02", in: may, from: 0, forward: true).message == nil)
    }

    @Test func wrappingIsSaidForTheDirectionTaken() throws {
        let times = hourly(from: "2016-04-01T00:00", through: "2016-04-30T23:00")
        let last = times.count - 1
        #expect(DateSearchOutcome(searching: "8am", in: times, from: last, forward: true)
            == .found(row: 8, note: "search hit the end, went on from the start"))
        #expect(DateSearchOutcome(searching: "11pm", in: times, from: 0, forward: false)
            == .found(row: last, note: "search hit the start, went on from the end"))
    }

    @Test func wallClockHoursAreFoundAsPublished() throws {
        // 2015-03-08 02:00 never happened in Seattle; the city's data has it, and so does the search.
        let times = hourly(from: "2015-03-07T00:00", through: "2015-03-09T23:00")
        let springForward = row(times, "2015-03-08T02:00")
        #expect(find("2015-03-08 2am", times, from: 0) == .found(row: springForward, wrapped: false))
        #expect(find("march 8 02:00", times, from: 0) == .found(row: springForward, wrapped: false))
        #expect(find("2am", times, from: row(times, "2015-03-07T12:00")) == .found(row: springForward, wrapped: false))
        #expect(find("sunday", times, from: 0) == .found(row: row(times, "2015-03-08T00:00"), wrapped: false))
    }

    /// The whole history's shape: 2012-10-02 13:00 to 2025-07-31 23:00, hourly, with the
    /// 11-hour hole at 2024-09-30 13:00 (as `BikeSharedDataTests` finds in the city's file).
    @Test func theWholeHistory() throws {
        let times = hourly(from: "2012-10-02T13:00", through: "2025-07-31T23:00")
            .filter { !($0.year == 2024 && $0.month == 9 && $0.day == 30 && $0.hour >= 13) }
        #expect(times.count == 112_440)
        let index = { (text: String) in row(times, text) }
        #expect(find("april 20", times, from: 0) == .found(row: index("2013-04-20T00:00"), wrapped: false))
        #expect(find("april 20", times, from: 0, forward: false) == .found(row: index("2025-04-20T00:00"), wrapped: true))
        #expect(find("2016-04-20 11:00 PM", times, from: 0) == .found(row: index("2016-04-20T23:00"), wrapped: false))
        #expect(find("20 apr 2016 23:00", times, from: times.count - 1) == .found(row: index("2016-04-20T23:00"), wrapped: false))
        #expect(find("2012-10-02", times, from: 500) == .found(row: 0, wrapped: false))
        #expect(find("2024-09-30 15:00", times, from: 0) == .afterHole(row: index("2024-10-01T00:00")))
        #expect(find("feb 29", times, from: index("2016-03-01T00:00")) == .found(row: index("2020-02-29T00:00"), wrapped: false))
        #expect(find("tuesday 8am", times, from: index("2025-07-30T00:00")) == .found(row: index("2012-10-09T08:00"), wrapped: true))
        #expect(find("1pm", times, from: index("2024-09-30T12:00")) == .found(row: index("2024-10-01T13:00"), wrapped: false))
        #expect(find("december 2024", times, from: 0) == .found(row: index("2024-12-01T00:00"), wrapped: false))
        #expect(find("8:30", times, from: 0) == .notInData)
        #expect(find("8:30", times, from: 0, forward: false) == .notInData)
        #expect(find("2030", times, from: 0) == .notInData)
        #expect(find("2012-10-01", times, from: 0) == .notInData)
    }

    // MARK: Helpers

    private func find(_ text: String, _ times: [LocalDateTime], from row: Int?, forward: Bool = true) -> DateQueryMatch {
        do {
            return try DateQuery(parsing: text).find(in: times, from: row, forward: forward)
        } catch {
            Issue.record("\(text): \(error)")
            return .notInData
        }
    }

    private func outcome(_ text: String, _ times: [LocalDateTime]) -> DateSearchOutcome {
        DateSearchOutcome(searching: text, in: times, from: 0, forward: true)
    }
}

/// Every hour from `first` through `last`, on the wall clock.
fileprivate func hourly(from first: String, through last: String) -> [LocalDateTime] {
    let start = date(first)
    let count = date(last).hourNumber - start.hourNumber + 1
    return (0..<count).map { start.addingHours($0) }
}

/// The index of the row at `time`; records an issue when there is none.
fileprivate func row(_ times: [LocalDateTime], _ time: String) -> Int {
    guard let index = times.firstIndex(of: date(time)) else {
        Issue.record("no row at \(time)")
        return -1
    }
    return index
}

/// The search against the plainest reading of "lands where asked", on random tables and
/// queries: every row is checked, each matching stretch's first row is a landing place, and the
/// answer is the next one after (or before) the current row, round the ends. Tables have holes
/// of an hour to two months, quarter hours, or a few scattered times over twelve years.
@Suite struct DateQuerySearchAgreementTests {
    @Test func agreesWithCheckingEveryRow() {
        var random = InternetDateTests.SeededGenerator(state: 13)
        var compared = 0
        // Found, found round the end, after a hole, not in the data: each case comes up often.
        var kinds = [0, 0, 0, 0]
        for _ in 0..<100 {
            let times = Self.table(&random)
            for _ in 0..<20 {
                guard let query = Self.query(near: times, &random) else { continue }
                let reference = Reference(query: query, times: times)
                var starts: [Int?] = [nil, 0, times.count - 1]
                for _ in 0..<4 { starts.append(Int.random(in: 0..<times.count, using: &random)) }
                for start in starts {
                    for forward in [true, false] {
                        let found = query.find(in: times, from: start, forward: forward)
                        let expected = reference.find(from: start, forward: forward)
                        switch expected {
                        case .found(_, false): kinds[0] += 1
                        case .found(_, true): kinds[1] += 1
                        case .afterHole: kinds[2] += 1
                        case .notInData: kinds[3] += 1
                        }
                        #expect(found == expected, "\(query) [\(query.year as Any) \(query.month as Any) \(query.day as Any) \(query.weekday as Any) \(query.hour as Any):\(query.minute as Any)] from \(start.map { "\($0) \(times[$0])" } ?? "nil") \(forward ? "forward" : "back") in \(times.count) rows \(times.first!)…\(times.last!)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 10_000)
        #expect(kinds.allSatisfy { $0 > 1_000 }, "\(kinds)")
    }

    /// Hourly with holes, quarter-hourly with some missing, or scattered.
    static func table(_ random: inout InternetDateTests.SeededGenerator) -> [LocalDateTime] {
        let origin = LocalDateTime(year: Int.random(in: 2014...2016, using: &random), month: Int.random(in: 1...12, using: &random),
                                   day: Int.random(in: 1...28, using: &random), hour: Int.random(in: 0...23, using: &random))!
        var times: [LocalDateTime]
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            times = (0..<(24 * Int.random(in: 1...250, using: &random))).map { origin.addingHours($0) }
            for _ in 0..<Int.random(in: 0...6, using: &random) where times.count > 2 {
                let start = Int.random(in: 1..<times.count, using: &random)
                let length = [1, 3, 11, 24, 24 * 7, 24 * 60][Int.random(in: 0..<6, using: &random)]
                times.removeSubrange(start..<min(times.count, start + length))
            }
        case 1:
            times = (0..<(96 * Int.random(in: 1...15, using: &random))).compactMap { quarter in
                let hour = origin.addingHours(quarter / 4)
                return LocalDateTime(year: hour.year, month: hour.month, day: hour.day, hour: hour.hour, minute: quarter % 4 * 15)
            }
            times.removeAll { _ in Int.random(in: 0..<10, using: &random) == 0 }
        default:
            let scattered = (0..<Int.random(in: 1...300, using: &random)).map { _ in
                LocalDateTime(year: Int.random(in: 2010...2022, using: &random), month: Int.random(in: 1...12, using: &random),
                              day: Int.random(in: 1...28, using: &random), hour: Int.random(in: 0...23, using: &random),
                              minute: [0, 0, 15, 30, 45, 7][Int.random(in: 0..<6, using: &random)])!
            }
            times = Array(Set(scattered)).sorted()
        }
        return times.isEmpty ? [origin] : times
    }

    /// Each field given or not; when given, mostly a row's own value, so that most queries match.
    static func query(near times: [LocalDateTime], _ random: inout InternetDateTests.SeededGenerator) -> DateQuery? {
        let near = times[Int.random(in: 0..<times.count, using: &random)]
        func field(_ own: Int, _ range: ClosedRange<Int>, _ random: inout InternetDateTests.SeededGenerator) -> Int? {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: return nil
            case 4..<8: return own
            default: return Int.random(in: range, using: &random)
            }
        }
        let year = field(near.year, (times.first!.year - 1)...(times.last!.year + 1), &random)
        let month = field(near.month, 1...12, &random)
        let day = field(near.day, 1...31, &random)
        var weekday = field(near.weekday, 1...7, &random)
        let hour = field(near.hour, 0...23, &random)
        let minute = hour == nil ? nil : field(near.minute, 0...59, &random)
        if let month, let day, day > CivilCalendar.daysInMonth(year: year ?? 2000, month: month) { return nil }
        if let year, let month, let day, weekday != nil {
            weekday = LocalDateTime(year: year, month: month, day: day)!.weekday
        }
        guard year != nil || month != nil || day != nil || weekday != nil || hour != nil else { return nil }
        return DateQuery(year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute)
    }

    /// Every row checked.
    struct Reference {
        let query: DateQuery
        let times: [LocalDateTime]
        /// The first row of each matching stretch.
        let landings: [Int]

        init(query: DateQuery, times: [LocalDateTime]) {
            self.query = query
            self.times = times
            let level = query.minute != nil ? 4 : query.hour != nil ? 3 : (query.day ?? query.weekday) != nil ? 2 : query.month != nil ? 1 : 0
            // YYYYMMDDhhmm with the fields finer than the level dropped.
            let divisor = [100_000_000, 1_000_000, 10_000, 100, 1][level]
            func stretch(_ t: LocalDateTime) -> Int { (t.year * 100_000_000 + t.month * 1_000_000 + t.day * 10_000 + t.hour * 100 + t.minute) / divisor }
            func matches(_ t: LocalDateTime) -> Bool {
                (query.year == nil || query.year == t.year) && (query.month == nil || query.month == t.month)
                    && (query.day == nil || query.day == t.day) && (query.weekday == nil || query.weekday == t.weekday)
                    && (query.hour == nil || query.hour == t.hour) && (query.minute == nil || query.minute == t.minute)
            }
            landings = times.indices.filter { matches(times[$0]) && ($0 == 0 || stretch(times[$0 - 1]) != stretch(times[$0])) }
            isSingle = query.year != nil && (level < 1 || query.month != nil) && (level < 2 || query.day != nil)
        }

        let isSingle: Bool

        func find(from start: Int?, forward: Bool) -> DateQueryMatch {
            if isSingle {
                if let row = landings.first { return .found(row: row, wrapped: false) }
                let begin = LocalDateTime(year: query.year!, month: query.month ?? 1, day: query.day ?? 1, hour: query.hour ?? 0, minute: query.minute ?? 0)!
                let after = times.firstIndex { $0 >= begin } ?? times.count
                return after > 0 && after < times.count ? .afterHole(row: after) : .notInData
            }
            guard !landings.isEmpty else { return .notInData }
            if forward {
                let current = start ?? -1
                if let row = landings.first(where: { $0 > current }) { return .found(row: row, wrapped: false) }
                return .found(row: landings.first!, wrapped: true)
            }
            let current = start ?? times.count
            if let row = landings.last(where: { $0 < current }) { return .found(row: row, wrapped: false) }
            return .found(row: landings.last!, wrapped: true)
        }
    }
}
