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
}
