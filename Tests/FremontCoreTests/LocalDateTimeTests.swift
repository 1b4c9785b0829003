import Testing
@testable import FremontCore

@Suite struct LocalDateTimeTests {
    @Test(arguments: [
        ("2016-04-01T00:00:00.000", "2016-04-01T00:00:00"),
        ("2016-04-01T06:00:00", "2016-04-01T06:00:00"),
        ("2016-04-01T06:00", "2016-04-01T06:00:00"),
        ("2016-04-01 18:30:15", "2016-04-01T18:30:15"),
        ("2016-04-01", "2016-04-01T00:00:00"),
        ("04/01/2016 12:00:00 AM", "2016-04-01T00:00:00"),
        ("04/01/2016 12:00:00 PM", "2016-04-01T12:00:00"),
        ("10/02/2012 01:00:00 PM", "2012-10-02T13:00:00"),
        ("4/1/2016 6:00 am", "2016-04-01T06:00:00"),
        ("04/01/2016 11:00:00 p.m.", "2016-04-01T23:00:00"),
        ("04/01/2016 17:00", "2016-04-01T17:00:00"),
        ("  2016-04-01T06:00:00  ", "2016-04-01T06:00:00"),
        ("2016-03-13T02:00:00", "2016-03-13T02:00:00"),
    ])
    func readsPublishedForms(text: String, expected: String) {
        #expect(LocalDateTimeParser.parse(text)?.isoString == expected)
    }

    @Test(arguments: [
        "", "April 1st, 2016", "4/1/16 06:00:00AM", "2016-13-01T00:00:00", "2016-04-31T00:00:00",
        "2015-02-29", "2016-04-01T24:00:00", "2016-04-01T06:60", "04/01/2016 13:00:00 PM",
        "2016-04-01X06:00", "2016-04-01T06:00:00Q", "2016/04-01",
    ])
    func rejectsWhatIsNotADate(text: String) {
        #expect(LocalDateTimeParser.parse(text) == nil)
    }

    @Test func springForwardHourIsKeptAsPublished() {
        // 02:00 on 2016-03-13 never happened in Seattle; the city publishes it anyway.
        let hour = date("2016-03-13T02:00:00")
        #expect(hour.hour == 2)
        #expect(hour.addingHours(1).isoString == "2016-03-13T03:00:00")
        #expect(date("2016-03-13T03:00:00").hourNumber - hour.hourNumber == 1)
    }

    @Test func calendarArithmetic() {
        #expect(date("1970-01-01").dayNumber == 0)
        #expect(date("2016-04-01").weekday == 5)  // a Friday
        #expect(date("2000-02-29").weekday == 2)  // a Tuesday
        #expect(date("2016-12-31T23:00").addingHours(1).isoString == "2017-01-01T00:00:00")
        #expect(date("2016-03-01T00:00").addingHours(-1).isoString == "2016-02-29T23:00:00")
        for day in stride(from: -800_000, to: 800_000, by: 997) {
            let civil = CivilCalendar.civil(dayNumber: day)
            #expect(CivilCalendar.dayNumber(year: civil.year, month: civil.month, day: civil.day) == day)
        }
    }

    @Test func ordersLikeTheCalendar() {
        #expect(date("2016-04-01T23:00") < date("2016-04-02T00:00"))
        #expect(date("2015-12-31T23:59:59") < date("2016-01-01"))
    }
}
