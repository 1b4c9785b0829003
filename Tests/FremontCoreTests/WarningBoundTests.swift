import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

/// A file of bad rows keeps its first warnings whole and counts the rest by kind: memory stays
/// bounded however many rows are bad.
@Suite struct WarningBoundTests {
    @Test func theFirstAreKeptAndTheRestCountedByKind() throws {
        var text = "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T00:00:00,1,2\n"
        for _ in 0..<30_000 { text += "someday,1,2\n" }
        for _ in 0..<5_000 { text += "2016-04-02T00:00:00,1\n" }
        for hour in 0..<5_000 { text += "\(date("2016-05-01T00:00").addingHours(hour)),x,2\n" }
        let table = try parse(text)
        let limit = SeriesTableBuilder.maximumWarnings
        #expect(table.warnings.count == limit + 1)
        let tally = try #require(table.warnings.last)
        #expect(tally.untold == 40_000 - limit)
        #expect(tally.message == "30,000 more warnings not kept (the first 10,000 are): 20,000 unreadable date, 5,000 wrong number of fields, 5,000 missing or unreadable values")
        // The rows with a date are still data, their bad values missing.
        #expect(table.rowCount == 5_001)
        #expect(table.value(0, 1) == nil && table.value(1, 1) == 2)
    }

    /// A JSON Feed of wrong-typed values keeps the first thousand warnings and counts the rest
    /// (it kept every one: 450 MB for 30 MB of feed).
    @Test func aJSONFeedOfWrongTypesKeepsTheFirstWarningsAndCountsTheRest() throws {
        var json = #"{"version":"https://jsonfeed.org/version/1.1","title":"Wrong","items":["#
        for item in 0..<2_000 {
            json += (item == 0 ? "" : ",") + #"{"id":"\#(item)","title":1,"summary":2,"url":3}"#
        }
        json += "]}"
        let result = try FeedParser.parse(.bytes(Data(json.utf8), name: "wrong.json"))
        #expect(result.feed.items.count == 2_000)
        #expect(result.warnings.count == BoundedWarnings.feedLimit + 1)
        let tally = try #require(result.warnings.last)
        #expect(tally.untold == 6_000 - BoundedWarnings.feedLimit)
        #expect(tally.message.hasPrefix("5,000 more warnings not kept (the first 1,000 are):"), "\(tally.message)")
    }

    /// An RSS feed of unreadable dates: the same bound.
    @Test func manyUnreadableDatesAreCounted() throws {
        var rss = "<rss version=\"2.0\"><channel><title>Dates</title>"
        for item in 0..<3_000 { rss += "<item><guid>\(item)</guid><title>t</title><pubDate>not a date \(item)</pubDate></item>" }
        rss += "</channel></rss>"
        let result = try FeedParser.parse(.bytes(Data(rss.utf8), name: "dates.xml"))
        #expect(result.feed.items.count == 3_000)
        #expect(result.warnings.count == BoundedWarnings.feedLimit + 1)
        #expect(result.warnings.last?.untold == 2_000)
        #expect(result.warnings.last?.message.contains("2,000 unreadable date") == true, "\(result.warnings.last?.message ?? "")")
    }
}
