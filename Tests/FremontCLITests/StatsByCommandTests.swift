import Foundation
import FremontTestSupport
import Testing

/// `fremont stats --by`: the grouping, the day filters and the span reach the numbers, in each format.
@Suite struct StatsByCommandTests {
    /// Sat 2016-03-12 22:00 to Mon 2016-03-14 01:00: the spring-forward 02:00 row is blank, and
    /// Monday 00:00 has no row at all.
    private static let csv = """
    date,Bike North,Bike South
    2016-03-12T22:00:00,4,1
    2016-03-12T23:00:00,2,
    2016-03-13T01:00:00,3,3
    2016-03-13T02:00:00,,
    2016-03-13T03:00:00,5,1
    2016-03-14T01:00:00,10,20

    """

    private func stats(_ arguments: String...) async throws -> (status: Int32, output: String, errors: String) {
        let run = try await Fremont.run(arguments: ["stats", "-"] + arguments, input: Data(Self.csv.utf8))
        return (run.status, run.output, run.errors)
    }

    @Test func byDayWithMissingHoursInTheSpanOnly() async throws {
        let run = try await stats("--by", "day", "--format", "csv", "--max-warnings", "0")
        #expect(run.status == 0)
        // Saturday: 22:00–23:00 are in the span (2 hours); Sunday: 24 wall-clock hours, 2 with a
        // value (02:00 is blank); Monday: up to 01:00, 2 hours, one row.
        #expect(run.output == """
        day,series,kind,count,sum,mean,min,max,missing
        2016-03-12,Bike North,count,2,6,3,2,4,0
        2016-03-12,Bike South,count,1,1,1,1,1,1
        2016-03-13,Bike North,count,2,8,4,3,5,22
        2016-03-13,Bike South,count,2,4,2,1,3,22
        2016-03-14,Bike North,count,1,10,10,10,10,1
        2016-03-14,Bike South,count,1,20,20,20,20,1

        """)
    }

    @Test func weekendsAndASpanPickTheDays() async throws {
        let run = try await stats("--by", "weekday", "--weekends", "--from", "2016-03-13", "--to", "2016-03-14", "--format", "json", "--max-warnings", "0")
        #expect(run.status == 0)
        #expect(run.output.contains(#"{"weekday":"Sunday","series":"Bike North","kind":"count","count":2,"sum":8,"mean":4,"min":3,"max":5,"missing":22}"#))
        #expect(!run.output.contains("Monday") && !run.output.contains("Saturday"))
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() async throws {
        let both = try await stats("--by", "day", "--weekdays", "--weekends")
        #expect(both.status != 0 && both.errors.contains("Give --weekdays or --weekends, not both."))
        let alone = try await stats("--weekends")
        #expect(alone.status != 0 && alone.errors.contains("go with --by"))
        let bad = try await stats("--by", "fortnight")
        #expect(bad.status != 0 && bad.errors.contains("fortnight"))
    }

    /// Two rows 8,000 years apart: `--by day` says why it lists nothing (exit 1), at once and in
    /// little memory; `--by year` lists its 8,001 years.
    @Test func aSpanOfMillionsOfDaysIsRefusedWithAMessage() async throws {
        let csv = Data("date,Bike North\n0100-01-01T00:00:00,3\n8100-01-01T00:00:00,5\n".utf8)
        let day = try await Fremont.run(arguments: ["stats", "-", "--by", "day"], input: csv)
        #expect(day.status == 1)
        #expect(day.output.isEmpty)
        #expect(day.errors.contains("--by day would list 2,921,941 days (0100-01-01 to 8100-01-01); at most 100,000 periods are listed"))
        let year = try await Fremont.run(arguments: ["stats", "-", "--by", "year", "--format", "csv"], input: csv)
        #expect(year.status == 0)
        #expect(year.output.split(separator: "\n").count == 8_002)
    }
}

/// Issue 24: `stats --gaps` and the options that say how to read a table, on the shapes'
/// fixtures (each figure pandas').
@Suite struct TableShapeCommandTests {
    static let shapes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/shapes").path + "/"

    @Test func gapsAsTableCSVAndJSON() async throws {
        let file = Self.shapes + "outage.csv"
        let csv = try await Fremont.run(arguments: ["stats", file, "--gaps", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.output == "start,end,hours\n2025-06-27T06:00:00,2025-06-27T06:00:00,1\n2025-06-28T01:00:00,2025-07-18T23:00:00,503\n2025-07-20T03:00:00,2025-07-20T05:00:00,3\n")
        let json = try await Fremont.run(arguments: ["stats", file, "--gaps", "--format", "json"])
        #expect(json.output.contains(#"{"start":"2025-06-28T01:00:00","end":"2025-07-18T23:00:00","hours":503},"#))
        let table = try await Fremont.run(arguments: ["stats", file, "--gaps"])
        #expect(table.output.hasSuffix("507 hours without a value in 3 runs\n"))
        let summary = try await Fremont.run(arguments: ["stats", file])
        #expect(summary.output.split(separator: "\n")[1] == "507 hours without a count; longest 2025-06-28 01:00 → 07-18 23:00, 503 h")
        let daily = try await Fremont.run(arguments: ["stats", Self.shapes + "daily.csv", "--gaps", "--format", "csv"])
        #expect(daily.output == "start,end,days\n2024-02-10,2024-02-12,3\n2024-03-01,2024-03-01,1\n")
    }

    @Test func keyZoneAndKindOptions() async throws {
        let long = try await Fremont.run(arguments: ["table", Self.shapes + "long.csv", "--key", "counter", "--format", "csv"])
        #expect(long.output.hasPrefix("date,Fremont,Spokane,Burke\n2024-04-01T00:00:00,0,13,26\n"))
        let zoned = try await Fremont.run(arguments: ["table", Self.shapes + "utc.csv", "--tz", "America/Los_Angeles", "--format", "csv"])
        #expect(zoned.output.hasPrefix("date,count\n2024-06-30T17:00:00,10\n"))
        #expect(zoned.errors.contains("converted to America/Los_Angeles"))
        let badZone = try await Fremont.run(arguments: ["table", Self.shapes + "utc.csv", "--tz", "Mars/Olympus"])
        #expect(badZone.status != 0 && badZone.errors.contains("--tz must be a zone"))
        let mean = try await Fremont.run(arguments: ["stats", Self.shapes + "temperatures.csv", "--by", "day", "--format", "csv", "--mean", "rain_mm"])
        #expect(mean.output.contains("2024-01-15,rain_mm,measure,24,12,0.5,0,2,0\n"))
    }

    @Test func anotherCounterWithTwoDirectionsIsNotTheFremontBridge() async throws {
        let csv = "date,Spokane St NB,Spokane St SB\n2024-01-01T00:00:00,1,2\n2024-01-01T01:00:00,3,4\n"
        let run = try await Fremont.run(arguments: ["stats", "-"], input: Data(csv.utf8))
        #expect(run.output.hasPrefix("Counts: "))
        #expect(!run.output.contains("Fremont Bridge"))
    }
}
