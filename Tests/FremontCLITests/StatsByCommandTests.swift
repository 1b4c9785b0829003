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
        day,series,count,sum,mean,min,max,missing
        2016-03-12,Bike North,2,6,3,2,4,0
        2016-03-12,Bike South,1,1,1,1,1,1
        2016-03-13,Bike North,2,8,4,3,5,22
        2016-03-13,Bike South,2,4,2,1,3,22
        2016-03-14,Bike North,1,10,10,10,10,1
        2016-03-14,Bike South,1,20,20,20,20,1

        """)
    }

    @Test func weekendsAndASpanPickTheDays() async throws {
        let run = try await stats("--by", "weekday", "--weekends", "--from", "2016-03-13", "--to", "2016-03-14", "--format", "json", "--max-warnings", "0")
        #expect(run.status == 0)
        #expect(run.output.contains(#"{"weekday":"Sunday","series":"Bike North","count":2,"sum":8,"mean":4,"min":3,"max":5,"missing":22}"#))
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
