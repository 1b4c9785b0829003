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
