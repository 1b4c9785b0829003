import Testing
@testable import FremontCore
import FremontTestSupport

/// The acceptance figures, on the real files.
@Suite(.needsSharedData) struct BikeSharedDataTests {
    @Test(arguments: ["fremont-2016-04.xml", "fremont-2016-04.csv", "fremont-2016-04.json"])
    func aprilInEveryFormat(file: String) throws {
        let counts = try SharedData.bikes(file)
        let summary = counts.summary
        #expect(counts.rows.count == 720)
        #expect(counts.warnings.isEmpty)
        #expect(summary.northbound.total == 46_905)
        #expect(summary.southbound.total == 46_734)
        #expect(summary.total == 93_639)
        #expect(summary.daysCovered == 30)
        #expect(NumberText.grouped(summary.ratio!, decimals: 3) == "1.004")
        #expect(summary.northbound.maximum == 455)
        #expect(summary.southbound.maximum == 593)
        #expect(summary.gaps.isEmpty)
        #expect(counts.rows.first == BikeRow(date: date("2016-04-01T00:00"), northbound: 6, southbound: 7))
        #expect(counts.rows[6] == BikeRow(date: date("2016-04-01T06:00"), northbound: 94, southbound: 43))
        #expect(counts.rows.last?.date == date("2016-04-30T23:00"))
    }

    @Test(arguments: ["fremont-2016-04.xml", "fremont-2016-04.csv", "fremont-2016-04.json"])
    func tinyChunksGiveTheSameRows(file: String) throws {
        let whole = try SharedData.bikes(file)
        let chunked = try SharedData.bikes(file, chunkSize: 97)
        #expect(chunked.rows == whole.rows)
    }

    @Test func portalExportWholeHistory() throws {
        let counts = try SharedData.bikes("city-export-2012-10-02_to_2025-07-31.csv")
        let rows = counts.rows
        #expect(rows.count == 112_440)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.date < $1.date }, "rows are sorted")
        #expect(rows.first?.date == date("2012-10-02T13:00"))
        #expect(rows.last?.date == date("2025-07-31T23:00"))
        // Blank counts stay empty, never zero.
        #expect(rows.filter(\.isMissingACount).count == 532)
        #expect(counts.summary.rowsWithMissingValue == 532)
        #expect(rows.filter { $0.isMissingACount }.allSatisfy { $0.northbound == nil && $0.southbound == nil })
        #expect(counts.warnings.count == 532)
        // The spring-forward hour is there as published, not turned into a second 03:00.
        let springForward = rows.first { $0.date == date("2016-03-13T02:00") }
        #expect(springForward != nil && springForward!.northbound == nil)
        #expect(rows.filter { $0.date == date("2016-03-13T03:00") }.count == 1)
        // The one hole in the history.
        #expect(counts.summary.gaps == [SeriesSummary.Gap(start: date("2024-09-30T13:00"), hours: 11)])
        // The tutorial's row, read through the portal's column names and 12-hour dates.
        #expect(rows.first { $0.date == date("2016-04-01T06:00") } == BikeRow(date: date("2016-04-01T06:00"), northbound: 94, southbound: 43))
        let april = rows.filter { $0.date.year == 2016 && $0.date.month == 4 }
        #expect(april.count == 720)
        #expect(april.compactMap(\.northbound).reduce(0, +) == 46_905)
        #expect(april.compactMap(\.southbound).reduce(0, +) == 46_734)
    }
}

/// Every file in `malformed/`, row by row.
@Suite(.needsSharedData) struct BikeMalformedTests {
    private let aprilFirstTwoDays = 48

    @Test(arguments: ["crlf.csv", "cr-only.csv", "pipe.csv", "tab.tsv"])
    func lineEndingsAndDelimiters(file: String) throws {
        let counts = try SharedData.bikes("malformed/\(file)")
        #expect(counts.rows.count == aprilFirstTwoDays)
        #expect(counts.warnings.isEmpty)
        #expect(counts.rows[7] == BikeRow(date: date("2016-04-01T07:00"), northbound: 256, southbound: 106))
        #expect(counts.rows.last == BikeRow(date: date("2016-04-02T23:00"), northbound: 7, southbound: 20))
    }

    @Test func raggedRowsAreReportedAndSkipped() throws {
        let counts = try SharedData.bikes("malformed/ragged.csv")
        #expect(counts.warnings.map(\.description) == [
            "line 6: expected 3 fields, found 2; row skipped",
            "line 10: expected 3 fields, found 4; row skipped",
            // `1,234` is a number grouped by thousands now, so the date is the row's one problem.
            "line 13: unreadable date 'April 1st, 2016'; row skipped",
        ])
        // 28 lines after the header: 3 skipped, 1 blank.
        #expect(counts.rows.count == 24)
        // The short row did not swallow its neighbour: 04:00 is the full row on line 7.
        #expect(counts.rows[4] == BikeRow(date: date("2016-04-01T04:00"), northbound: 0, southbound: 2))
        #expect(counts.rows[7] == BikeRow(date: date("2016-04-01T07:00"), northbound: 256, southbound: 106))
        #expect(counts.rows[9] == BikeRow(date: date("2016-04-01T09:00"), northbound: 150, southbound: 93))
    }

    @Test func seedBadRows() throws {
        let counts = try SharedData.bikes("malformed/seed-bad-rows.xml")
        // Row 1: no northbound element, kept with that count empty.
        #expect(counts.rows == [BikeRow(date: date("2016-04-01T06:00"), northbound: nil, southbound: 43)])
        #expect(counts.warnings.map(\.description) == [
            "line 2: 2016-04-01T06:00:00: northbound count missing",
            // Row 2: a date no portal writes (two-digit year), so it cannot be placed in time.
            "line 6: unreadable date '4/1/16 06:00:00AM'; row skipped (also: northbound count 'Two Hundred Fifty Six' is not a count; southbound count missing)",
            // Row 3: <row></row>.
            "line 10: empty row (no date, no values); row skipped",
        ])
    }

    @Test func truncatedXMLIsAnErrorNotHalfAModel() throws {
        let error = try #require(SharedData.loadError("malformed/truncated.xml"))
        #expect(error.message == "the document ends before </response> (is it cut off?)")
        #expect(error.location == SourceLocation(line: 1, column: 5001))
        #expect(error.source.hasSuffix("truncated.xml"))
    }

    @Test func emptyFile() throws {
        let error = try #require(SharedData.loadError("malformed/empty.xml"))
        #expect(error.message == "the file is empty")
    }

    @Test func htmlErrorPage() throws {
        let error = try #require(SharedData.loadError("malformed/not-xml.html"))
        #expect(error.message == "an HTML page titled '503 Service Unavailable', not a data table")
        #expect(error.location?.line == 1)
    }

    @Test func socrataErrorDocument() throws {
        let error = try #require(SharedData.loadError("malformed/wrong-root.xml"))
        #expect(error.message == "the server sent an error, not data: Socrata error query.soql.no-such-column: No such column: fremont_bridge_nbb")
        #expect(error.location?.line == 2)
    }
}
