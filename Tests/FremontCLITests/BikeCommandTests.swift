import Foundation
import FremontTestSupport
import Testing

@Suite(.needsSharedData) struct BikeCommandTests {
    @Test(arguments: ["fremont-2016-04.xml", "fremont-2016-04.csv", "fremont-2016-04.json"])
    func statsPrintsTheTutorialFigures(file: String) async throws {
        let run = try await Fremont.run(arguments: ["stats", SharedData.path("bikes/\(file)")])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.contains("Northbound total:           46,905\n"))
        #expect(run.output.contains("Southbound total:           46,734\n"))
        #expect(run.output.contains("North/South ratio:          1.004\n"))
        #expect(run.output.contains("Rows:                       720 hours on 30 days\n"))
    }

    /// The summary for a program: `stats FILE --format json` (it was refused without --by) and csv.
    @Test func theSummaryAsJSONAndCSV() async throws {
        let json = try await Fremont.run(arguments: ["stats", SharedData.path("bikes/fremont-2016-04.xml"), "--format", "json"])
        #expect(json.status == 0, "\(json.errors)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(summary["total"] as? Int == 93_639 && summary["rows"] as? Int == 720)
        let series = try #require(summary["series"] as? [[String: Any]])
        #expect(series.map { $0["total"] as? Int } == [46_905, 46_734])
        #expect(series.first?["busiest"] as? String == "2016-04-19T08:00:00")
        let csv = try await Fremont.run(arguments: ["stats", SharedData.path("bikes/fremont-2016-04.xml"), "--format", "csv"])
        #expect(csv.output.hasPrefix("series,kind,total,mean,min,max,average_per_day,busiest\nfremont_bridge_nb,count,46905,"))
        #expect(csv.output.hasSuffix("all,count,93639,,,,3121.3,\n"))
    }

    @Test func everyFormatPrintsTheSameCSV() async throws {
        var outputs: [Fremont.Result] = []
        for ext in ["xml", "csv", "json"] {
            outputs.append(try await Fremont.run(arguments: ["bikes", SharedData.path("bikes/fremont-2016-04.\(ext)"), "--format", "csv"]))
        }
        #expect(outputs.allSatisfy { $0.status == 0 })
        let lines = outputs[0].output.split(separator: "\n")
        #expect(lines.count == 721)
        #expect(lines[0] == "date,fremont_bridge_nb,fremont_bridge_sb")
        #expect(lines[7] == "2016-04-01T06:00:00,94,43")
        #expect(outputs[1].output == outputs[0].output)
        #expect(outputs[2].output == outputs[0].output)
    }

    @Test func jsonOutputIsValidJSONWithNulls() async throws {
        let run = try await Fremont.run(arguments: ["bikes", SharedData.path("bikes/malformed/seed-bad-rows.xml"), "--format", "json"])
        #expect(run.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 1)
        #expect(parsed?.first?["date"] as? String == "2016-04-01T06:00:00")
        #expect(parsed?.first?["fremont_bridge_nb"] is NSNull)
        #expect((parsed?.first?["fremont_bridge_sb"] as? NSNumber)?.intValue == 43)
    }

    @Test func warningsGoToStderrWithTheirLocation() async throws {
        let path = SharedData.path("bikes/malformed/ragged.csv")
        let run = try await Fremont.run(arguments: ["bikes", path, "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.errors == """
        \(path):6: warning: expected 3 fields, found 2; row skipped
        \(path):10: warning: expected 3 fields, found 4; row skipped
        \(path):13: warning: unreadable date 'April 1st, 2016'; row skipped

        """)
        #expect(run.output.split(separator: "\n").count == 25)
    }

    @Test func manyWarningsAreCappedAndCounted() async throws {
        let path = SharedData.path("bikes/city-export-2012-10-02_to_2025-07-31.csv")
        let run = try await Fremont.run(arguments: ["stats", path, "--max-warnings", "2"])
        #expect(run.status == 0)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2] == "\(path): 530 more warnings not shown (--max-warnings)")
        #expect(run.output.contains("Rows:                       112,440 hours on 4,686 days\n"))
        #expect(run.output.contains("Missing hours:              11 (Mon 2024-09-30 13:00 to Mon 2024-09-30 23:00)\n"))
        #expect(run.output.contains("Rows with a missing value:  532\n"))
    }

    @Test(arguments: [
        ("malformed/truncated.xml", ":1:5001: the document ends before </response> (is it cut off?)"),
        ("malformed/empty.xml", ": the file is empty"),
        ("malformed/not-xml.html", ":1: an HTML page titled '503 Service Unavailable', not a data table"),
        ("malformed/wrong-root.xml", ":2:7: the server sent an error, not data: Socrata error query.soql.no-such-column: No such column: fremont_bridge_nbb"),
        ("no-such-file.csv", ": cannot open: No such file or directory"),
    ])
    func errorsAreOneLineNamingTheSourceAndExitNonZero(file: String, message: String) async throws {
        let path = SharedData.path("bikes/\(file)")
        let run = try await Fremont.run(arguments: ["bikes", path])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors == "fremont: \(path)\(message)\n")
    }

    @Test func standardInputAndForcedOptions() async throws {
        let csv = "date|fremont_bridge_nb|fremont_bridge_sb\n2016-04-01T06:00:00|1|2\n"
        let run = try await Fremont.run(arguments: ["bikes", "-", "--format", "csv", "--input-format", "csv", "--delimiter", "pipe"], input: Data(csv.utf8))
        #expect(run.status == 0)
        #expect(run.output == "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00:00,1,2\n")
    }

    @Test func withNoArgumentsItShowsTheBuiltInApril() async throws {
        let run = try await Fremont.run(arguments: [])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 721)
        #expect(lines[7] == "Fri 2016-04-01 06:00          94          43      137")
        let stats = try await Fremont.run(arguments: ["stats"])
        #expect(stats.output.contains("North/South ratio:          1.004\n"))
    }

    @Test func warningsPastTheKeptOnesAreCountedByKind() async throws {
        let csv = "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T00:00:00,1,2\n" + String(repeating: "someday,1,2\n", count: 12_000)
        let run = try await Fremont.run(arguments: ["bikes", "-", "--format", "csv", "--max-warnings", "1"], input: Data(csv.utf8))
        #expect(run.status == 0)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == "<stdin>: 11,999 more warnings not shown (--max-warnings) (beyond the first kept, 2,000 unreadable date)")
    }

    @Test func hostileTextInAWarningCannotDriveTheTerminal() async throws {
        let csv = "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00:00,\u{1B}]0;owned\u{07}\u{1B}[2J,2\n"
        let run = try await Fremont.run(arguments: ["bikes", "-", "--format", "csv"], input: Data(csv.utf8))
        #expect(run.status == 0)
        #expect(!run.errors.contains("\u{1B}"))
        #expect(!run.errors.contains("\u{07}"))
        #expect(run.errors.contains("northbound count ']0;owned[2J' is not a count"))
    }
}
