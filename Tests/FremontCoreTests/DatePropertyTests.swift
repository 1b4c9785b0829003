import Foundation
import PropertyBased
import Testing
@testable import FremontCore
import FremontTestSupport

/// "The date parser reads what the formatter writes, over the whole range": feed dates
/// (`InternetDate`) and bike timestamps (`LocalDateTime`), each written by the product's own
/// formatters and read back by its parsers.
@Suite(.shrinking) struct DatePropertyTests {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
    static let firstSecond = -62_135_596_800
    static let lastSecond = 253_402_300_799

    /// Uniform over the range, with the edges and the calendar's awkward days (leap days of
    /// century years, the epoch, the first and last second of a year) mixed in: a uniform draw
    /// almost never lands on them.
    static let second = Gen.frequency(
        (4, Gen.int(in: firstSecond...lastSecond)),
        (1, Gen<Int?>.element(of: [
            firstSecond, firstSecond + 1, lastSecond, lastSecond - 1, 0, -1, 1, 86_399, 86_400,
            -62_104_060_800, -62_035_891_200, -11_670_998_400, -11_670_912_001, 951_782_400, 951_868_799, 4_107_542_400, 4_107_456_000,
            253_402_214_400, 946_684_799, 946_684_800, -2_208_988_800, 68_255_999, 68_256_000,
        ]).map { $0! })
    )

    @Test func internetDateRoundTripsEveryWholeSecondFromYear1To9999() async throws {
        await propertyCheck(count: 2_000, input: Self.second) { seconds in
            let date = Date(timeIntervalSince1970: Double(seconds))
            let text = InternetDate.format(date)
            #expect(text.count == 20 && text.hasSuffix("Z"), "\(text)")
            #expect(InternetDate.parse(text) == date, "\(seconds) → \(text)")
        }
    }

    /// `format` drops a fraction of a second: what it writes reads back as the instant's floor
    /// (before 1970 too, where the floor is further from zero).
    @Test func aFractionalInstantReadsBackAsItsFloor() async throws {
        await propertyCheck(count: 2_000, input: Self.second, Gen.double(in: 0..<1)) { seconds, fraction in
            let date = Date(timeIntervalSince1970: Double(min(seconds, Self.lastSecond - 1)) + fraction)
            let floor = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            #expect(InternetDate.parse(InternetDate.format(date)) == floor, "\(date.timeIntervalSince1970)")
        }
    }

    /// RFC 822 as feeds write it, with any zone offset (to the quarter hour), reads as the instant
    /// it names.
    @Test func rfc822WithAnyOffsetReadsTheSameInstant() async throws {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let zones = Gen.int(in: -12 * 4...14 * 4).map { $0 * 15 }
        await propertyCheck(count: 1_000, input: Gen.int(in: 0...4_102_444_800), zones) { seconds, offsetMinutes in
            let local = seconds + offsetMinutes * 60
            // Floor division: a western offset at the epoch's first seconds is 1969 on the clock.
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let (year, month, day) = CivilCalendar.civil(dayNumber: days)
            let second = local - days * 86_400
            let sign = offsetMinutes < 0 ? "-" : "+"
            let text = String(format: "%02d %@ %04d %02d:%02d:%02d %@%02d%02d", day, months[month - 1], year,
                              second / 3600, second / 60 % 60, second % 60,
                              sign, abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
            let parsed = try #require(InternetDate.parse(text), "\(text)")
            #expect(parsed.timeIntervalSince1970 == Double(seconds), "\(text)")
        }
    }

    /// The case the property check once shrank to: the epoch, a quarter hour west.
    @Test func theEpochAQuarterHourWest() {
        #expect(InternetDate.parse("31 Dec 1969 23:45:00 -0015")?.timeIntervalSince1970 == 0)
    }

    /// The hand-written civil arithmetic agrees with Foundation's Gregorian calendar (which turns
    /// Julian before 1582, so the comparison starts after that).
    @Test func civilArithmeticAgreesWithFoundationCalendar() async {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        await propertyCheck(count: 500, input: Gen.int(in: -12_000_000_000...Self.lastSecond)) { seconds in
            let date = Date(timeIntervalSince1970: Double(seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ",
                                  parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
            #expect(InternetDate.format(date) == expected)
        }
    }

    // MARK: Bike timestamps

    /// Any wall-clock time `LocalDateTime` accepts: years 1–9999, the 29th of February only in leap
    /// years, and second 60 (a leap second, which the type allows).
    static let localDateTime = zip(
        Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...31),
        Gen.int(in: 0...23), Gen.int(in: 0...59), Gen.int(in: 0...60)
    ).map { year, month, day, hour, minute, second in
        LocalDateTime(year: year, month: month, day: min(day, CivilCalendar.daysInMonth(year: year, month: month)),
                      hour: hour, minute: minute, second: second)!
    }

    /// Steps between two times skip the calendar when both share a day: the count must be the
    /// one whole wall-clock seconds give, for times a day apart, the same day, and years apart.
    @Test func stepsBetweenTimesAgreeWithWallSeconds() async {
        let steps: [SeriesStep] = [.seconds(1), .seconds(900), .seconds(3600), .seconds(86_400), .seconds(604_800)]
        // Seconds to two days apart, and the same day-of-month months or years apart.
        let offset = Gen.frequency((1, Gen.int(in: -200_000...200_000)),
                                   (1, zip(Gen.int(in: -800...800), Gen.int(in: -3_600...3_600)).map { $0 * 86_400 + $1 }))
        let nearby = zip(Self.localDateTime, offset, Gen.int(in: 0..<steps.count))
        await propertyCheck(count: 2_000, input: nearby) { earlier, offset, which in
            let step = steps[which]
            let later = SeriesStep.seconds(1).advance(earlier, by: offset)
            let expected = (SeriesStep.wallSeconds(later) - SeriesStep.wallSeconds(earlier)) / Self.seconds(of: step)
            #expect(step.steps(from: earlier, to: later) == expected)
            #expect(step.steps(from: earlier, to: earlier) == 0)
        }
    }

    private static func seconds(of step: SeriesStep) -> Int {
        if case .seconds(let seconds) = step { return seconds } else { return 1 }
    }

    @Test func localDateTimeReadsBackFromEveryFormTheProductWrites() async {
        await propertyCheck(count: 2_000, input: Self.localDateTime) { date in
            // The CSV and JSON exports and the Socrata query write `isoString`.
            #expect(LocalDateTimeParser.parse(date.isoString) == date, "\(date.isoString)")
            // The Socrata API's own form, with milliseconds (what the benchmark inputs write too).
            #expect(LocalDateTimeParser.parse(date.isoString + ".000") == date)
            // With a space for the T, as some portals write it.
            #expect(LocalDateTimeParser.parse(date.isoString.replacingOccurrences(of: "T", with: " ")) == date)
            // The day alone is that day's midnight.
            #expect(LocalDateTimeParser.parse(date.isoDateString) == date.startOfDay)
            // The table's `Fri 2016-04-01 06:00`: after the weekday, the same minute.
            let compact = DateText.compact(date)
            let minute = LocalDateTime(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute)
            #expect(LocalDateTimeParser.parse(String(compact.dropFirst(4))) == minute, "\(compact)")
            #expect(compact.hasPrefix(DateText.weekdays[date.weekday - 1].prefix(3) + " "))
        }
    }

    /// The portal download's 12-hour form, `04/01/2016 12:00:00 AM`: midnight is 12 AM, noon 12 PM.
    @Test func localDateTimeReadsBackFromThePortalsTwelveHourForm() async {
        await propertyCheck(count: 2_000, input: Self.localDateTime) { date in
            let hour12 = date.hour % 12 == 0 ? 12 : date.hour % 12
            let text = "\(pad(date.month))/\(pad(date.day))/\(pad(date.year, 4)) \(pad(hour12)):\(pad(date.minute)):\(pad(date.second)) "
                + (date.hour < 12 ? "AM" : "PM")
            #expect(LocalDateTimeParser.parse(text) == date, "\(text)")
        }
    }

    /// The portal form's fixed-position reader gives what the scanner gives, for the form's
    /// valid values and for look-alikes (hour 0 or 13, a letter for a digit, `XM`).
    @Test func thePortalFormsFastPathAgreesWithTheScanner() async {
        let digits = Gen.int(in: 0...9).array(of: 14...14)
        // Mostly a hour of 01–12, so both readers' full paths run; sometimes one byte spoiled.
        let hour = Gen.int(in: 0...13)
        // A place 0–13 is a digit spoiled; 14 and above, none (half the cases).
        let spoiled = Gen.int(in: 0...27)
        let spoilers = ["x", " ", "/", ":"], markers = ["AM", "PM", "am", "pm", "XM", "A.", "AMM"]
        let spoiler = Gen.int(in: 0...(spoilers.count - 1)), marker = Gen.int(in: 0...(markers.count - 1))
        let text = zip(digits, hour, spoiled, spoiler, marker).map { digits, hour, spoiled, spoiler, marker -> String in
            var d = digits.map(String.init)
            (d[8], d[9]) = (String(hour / 10), String(hour % 10))
            if spoiled < 14 { d[spoiled] = spoilers[spoiler] }
            return "\(d[0])\(d[1])/\(d[2])\(d[3])/\(d[4])\(d[5])\(d[6])\(d[7]) \(d[8])\(d[9]):\(d[10])\(d[11]):\(d[12])\(d[13]) \(markers[marker])"
        }
        await propertyCheck(count: 2_000, input: text) { text in
            var bytes = text
            bytes.withUTF8 { bytes in
                #expect(LocalDateTimeParser.fields(bytes) == LocalDateTimeParser.scannedFields(bytes), "\(text)")
            }
        }
    }

    /// Whole exports read back: `fremont bikes --format csv` or `json`, loaded again, gives the
    /// same rows (sorted, one per hour, the first of a duplicate kept, missing counts still missing).
    @Test func bikeExportsReadBackAsTheSameRows() async throws {
        let count = Gen.int(in: 0...99_999).optional(valueRate: 0.9)
        let row = zip(Self.localDateTime, count, count).map { BikeRow(date: $0, northbound: $1, southbound: $2) }
        await propertyCheck(count: 200, input: row.array(of: 1...12)) { rows in
            var expected: [BikeRow] = []
            for row in rows.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }).map(\.element)
            where expected.last?.date != row.date {
                expected.append(row)
            }
            for (format, input) in [(SeriesExport.Format.csv, TableFormat.csv), (.json, .json)] {
                var text = ""
                SeriesExport.write(.fremont(rows), as: format) { text += $0 }
                let counts = try SeriesLoader.load(.string(text, name: "export.\(format)"), format: input)
                #expect(counts.rows == expected, "\(format): \(text)")
            }
        }
    }
}
