import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// Relative dates against a fixed "now": 2018-09-05 12:00 UTC, a Wednesday.
@Suite(.needsSharedData) struct FeedDateTextTests {
    let now = FeedsFixtures.now
    let utc = FeedsFixtures.utc

    func text(_ iso: String, zone: TimeZone? = nil) -> String {
        FeedDateText.describe(InternetDate.parse(iso)!, now: now, timeZone: zone ?? utc)
    }

    @Test func recentDatesAreRelative() {
        #expect(text("2018-09-05T12:00:00Z") == "just now")
        #expect(text("2018-09-05T11:59:30Z") == "just now")
        #expect(text("2018-09-05T11:48:00Z") == "12 min ago")
        #expect(text("2018-09-05T09:00:00Z") == "3 h ago")
        #expect(text("2018-09-05T00:00:00Z") == "12 h ago")
        #expect(text("2018-09-04T22:48:00Z") == "yesterday")
        #expect(text("2018-09-04T01:00:00Z") == "yesterday")
        #expect(text("2018-09-03T12:00:00Z") == "2 days ago")
        #expect(text("2018-08-30T12:00:00Z") == "6 days ago")
    }

    @Test func olderAndFutureDatesAreAbsolute() {
        #expect(text("2018-08-29T12:00:00Z") == "29 Aug 2018")
        #expect(text("2012-07-16T15:48:01Z") == "16 Jul 2012")
        #expect(text("2018-09-05T14:00:00Z") == "5 Sep 2018")
        #expect(text("2018-09-05T12:00:30Z") == "just now")
    }

    @Test func daysAreTheReadersDays() {
        let early = InternetDate.parse("2018-09-05T06:30:00Z")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!        // now is 21:00 on the 5th there
        let hawaii = TimeZone(identifier: "Pacific/Honolulu")! // now is 02:00 on the 5th there
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(FeedDateText.describe(early, now: now, timeZone: tokyo) == "5 h ago")
        // 01:00 Tuesday (UTC) is Monday evening in Honolulu, two days before its Wednesday 02:00.
        let monday = InternetDate.parse("2018-09-04T01:00:00Z")!
        #expect(FeedDateText.describe(monday, now: now, timeZone: hawaii) == "2 days ago")
        #expect(FeedDateText.absolute(InternetDate.parse("2018-09-01T02:00:00Z")!, timeZone: newYork) == "31 Aug 2018")
    }

    /// Just past midnight, within six hours, hours say more than "yesterday".
    @Test func nearMidnightHoursWin() {
        let midnight = InternetDate.parse("2018-09-06T00:30:00Z")!
        #expect(FeedDateText.describe(InternetDate.parse("2018-09-05T22:00:00Z")!, now: midnight, timeZone: utc) == "2 h ago")
        #expect(FeedDateText.describe(InternetDate.parse("2018-09-05T12:00:00Z")!, now: midnight, timeZone: utc) == "yesterday")
    }
}
