import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

@Suite(.needsSharedData) struct BikeXMLTests {
    @Test func rowsXMLShapeWrapsAllRowsInOneOuterRow() throws {
        let xml = """
        <response><row>
          <row _id="1"><date>2016-04-01T00:00:00.000</date><fremont_bridge_nb>6</fremont_bridge_nb><fremont_bridge_sb>7</fremont_bridge_sb></row>
          <row _id="2"><date>2016-04-01T01:00:00</date><fremont_bridge_nb>5</fremont_bridge_nb><fremont_bridge_sb>3</fremont_bridge_sb></row>
        </row></response>
        """
        let counts = try parse(xml)
        #expect(counts.rows.map(\.date.hour) == [0, 1])
        #expect(counts.warnings.isEmpty)
    }

    @Test func unknownElementsAreIgnoredAndColumnsFoundByName() throws {
        let xml = """
        <?xml version="1.0"?>
        <response><row><extra><date>ignored: not a direct child</date></extra>
        <fremont_bridge_sb>4</fremont_bridge_sb><note>hi</note><date>2016-04-01T02:00:00</date>
        <fremont_bridge_nb><![CDATA[9]]></fremont_bridge_nb></row></response>
        """
        let counts = try parse(xml)
        #expect(counts.rows == [BikeRow(date: date("2016-04-01T02:00"), northbound: 9, southbound: 4)])
    }

    @Test func leadingWhitespaceBeforeTheDeclarationIsTolerated() throws {
        let counts = try parse("\n\n  <?xml version=\"1.0\"?>\n<response><row><date>2016-04-01T02:00:00</date><fremont_bridge_nb>1</fremont_bridge_nb><fremont_bridge_sb>2</fremont_bridge_sb></row>\n<row><date>bad</date></row></response>")
        #expect(counts.rows.count == 1)
        #expect(counts.warnings.first?.location?.line == 5)
    }

    @Test func anEmptyResponseIsAValidEmptyResult() throws {
        let counts = try parse("<response/>")
        #expect(counts.rows.isEmpty)
        #expect(counts.summary.first == nil)
    }

    @Test func anotherRootIsNotBikeData() throws {
        let error = try #require(parseError("<rss><channel/></rss>"))
        #expect(error.message == "not a Socrata table: the root element is <rss>, expected <response>")
    }

    @Test func brokenXMLNamesLineAndColumn() throws {
        let error = try #require(parseError("<response>\n<row><date>2016-04-01T02:00:00</dat></row></response>"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column != nil)
        #expect(error.message == "an end tag does not match its start tag")
    }

    @Test func documentsOverTenMegabytesStream() throws {
        // XMLParser(data:) fails past ~10 MB on Linux; the streaming path must not.
        var xml = "<response>"
        let day = (0..<24).map { hour in
            "<row _id=\"row-abcd.efgh_ijkl\" _uuid=\"00000000-0000-0000-5013-652AD4D6B554\" _position=\"0\"><date>DAYT\(pad(hour)):00:00</date><fremont_bridge_nb>\(hour)</fremont_bridge_nb><fremont_bridge_sb>1</fremont_bridge_sb></row>"
        }.joined()
        var dayNumber = CivilCalendar.dayNumber(year: 2013, month: 1, day: 1)
        while xml.utf8.count < 12_000_000 {
            let civil = CivilCalendar.civil(dayNumber: dayNumber)
            xml += day.replacingOccurrences(of: "DAY", with: "\(civil.year)-\(pad(civil.month))-\(pad(civil.day))")
            dayNumber += 1
        }
        xml += "</response>"
        let counts = try parse(xml)
        #expect(counts.rows.count % 24 == 0)
        #expect(counts.rows.count > 40_000)
        #expect(counts.summary.northbound.maximum == 23)
    }
}

@Suite(.needsSharedData) struct BikeCSVTests {
    @Test func portalHeaderNamesWithQuotedCommas() throws {
        let csv = """
        Date,"Fremont Bridge Sidewalks, south of N 34th St Total","Fremont Bridge Sidewalks, south of N 34th St Cyclist West Sidewalk","Fremont Bridge Sidewalks, south of N 34th St Cyclist East Sidewalk"
        04/13/2016 06:00:00 AM,137,94,43
        04/13/2016 07:00:00 AM,362,256,106
        """
        let counts = try parse(csv)
        #expect(counts.rows == [
            BikeRow(date: date("2016-04-13T06:00"), northbound: 94, southbound: 43),
            BikeRow(date: date("2016-04-13T07:00"), northbound: 256, southbound: 106),
        ])
    }

    @Test func columnsAreFoundByNameInAnyOrder() throws {
        let counts = try parse("Fremont Bridge SB;Date;Fremont Bridge NB\n43;2016-04-01T06:00:00;94\n")
        #expect(counts.rows == [BikeRow(date: date("2016-04-01T06:00"), northbound: 94, southbound: 43)])
    }

    @Test func aTotalThatDisagreesIsAWarningAndTheRowIsKept() throws {
        let counts = try parse("date,fremont_bridge_nb,fremont_bridge_sb,total\n2016-04-01T06:00,94,43,140\n")
        #expect(counts.rows.count == 1)
        #expect(counts.warnings.map(\.description) == ["line 2: 2016-04-01T06:00:00: total 140 is not northbound + southbound (137)"])
    }

    @Test func missingAndUnconvertibleCountsAreKeptEmpty() throws {
        let counts = try parse("date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00,,43\n2016-04-01T07:00,Two Hundred Fifty Six,12.0\n2016-04-01T08:00,-3,1.5\n")
        #expect(counts.rows == [
            BikeRow(date: date("2016-04-01T06:00"), northbound: nil, southbound: 43),
            BikeRow(date: date("2016-04-01T07:00"), northbound: nil, southbound: 12),
            BikeRow(date: date("2016-04-01T08:00"), northbound: nil, southbound: nil),
        ])
        #expect(counts.warnings.map(\.description) == [
            "line 2: 2016-04-01T06:00:00: northbound count missing",
            "line 3: 2016-04-01T07:00:00: northbound count 'Two Hundred Fifty Six' is not a count",
            "line 4: 2016-04-01T08:00:00: northbound count '-3' is not a count; southbound count '1.5' is not a count",
        ])
        #expect(counts.summary.rowsWithMissingValue == 3)
        #expect(counts.summary.southbound.total == 55)
    }

    @Test func unsortedInputIsSortedAndDuplicateHoursReported() throws {
        let csv = "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T02:00,3,3\n2016-04-01T00:00,1,1\n2016-04-01T01:00,2,2\n2016-04-01T00:00,9,9\n"
        let counts = try parse(csv)
        #expect(counts.rows.map(\.northbound) == [1, 2, 3])
        #expect(counts.warnings.map(\.description) == ["line 5: duplicate hour 2016-04-01T00:00:00 (first at line 3); row skipped"])
    }

    @Test func delimiterCanBeForced() throws {
        // Detection would pick ';' (two of them); forcing ',' reads the columns the user meant.
        let counts = try parse("date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00,1,2\n", delimiter: UInt8(ascii: ","))
        #expect(counts.rows.count == 1)
        let wrong = parseError("date,fremont_bridge_nb,fremont_bridge_sb\n", format: nil)
        #expect(wrong == nil)
    }

    @Test func aHeaderWithoutTheColumnsIsAClearError() throws {
        let error = try #require(parseError("when,north,south\n1,2,3\n"))
        #expect(error.message == "no date or time column; name it with --time-column (found: 'when', 'north', 'south')")
        #expect(error.location?.line == 1)
        let noCounts = try #require(parseError("date,weather\n2016-04-01,rain\n"))
        #expect(noCounts.message == "no numeric column besides the time column 'date'; name them with --columns (found: 'date', 'weather')")
    }

    @Test func blankLinesAnywhereAreSkipped() throws {
        let counts = try parse("\n\ndate,fremont_bridge_nb,fremont_bridge_sb\n\n2016-04-01T06:00,1,2\n\n\n2016-04-01T07:00,3,4\n\n")
        #expect(counts.rows.count == 2)
        #expect(counts.warnings.isEmpty)
    }
}

@Suite(.needsSharedData) struct BikeJSONTests {
    @Test func countsAsStringsOrNumbersAndMissingKeys() throws {
        let json = """
        [{"date":"2016-04-01T00:00:00.000","fremont_bridge_nb":"6","fremont_bridge_sb":7},
         {"fremont_bridge_sb":null,"date":"2016-04-01T01:00:00","fremont_bridge_nb":5.0,"extra":{"nested":[1,2,{"x":"y"}]}},
         {"date":"2016-04-01T02:00:00","fremont_bridge_nb":"x\\u00e9"}]
        """
        let counts = try parse(json, chunkSize: 5)
        #expect(counts.rows == [
            BikeRow(date: date("2016-04-01T00:00"), northbound: 6, southbound: 7),
            BikeRow(date: date("2016-04-01T01:00"), northbound: 5, southbound: nil),
            BikeRow(date: date("2016-04-01T02:00"), northbound: nil, southbound: nil),
        ])
        #expect(counts.warnings.map(\.description) == [
            "line 1: column 'extra' left out: 1 of its first 1 values are words, not numbers ('(nested value)' on line 2); --columns reads it as a series, its words as blanks",
            "line 2: 2016-04-01T01:00:00: southbound count missing",
            "line 3: 2016-04-01T02:00:00: northbound count 'xé' is not a count; southbound count missing",
        ])
    }

    @Test func socrataErrorObject() throws {
        let error = try #require(parseError(#"{"code":"query.soql.no-such-column","error":true,"message":"No such column: nbb"}"#))
        #expect(error.message == "the server sent an error, not data: Socrata error query.soql.no-such-column: No such column: nbb")
    }

    @Test func truncatedJSONNamesWhereItStopped() throws {
        let error = try #require(parseError("[\n {\"date\": \"2016-04-01T00:00:00\",\n  \"fremont_bridge_nb\": \"6\"}, \n {\"date\": \"2016-04"))
        #expect(error.message == "the document ends inside a string (is it cut off?)")
        #expect(error.location?.line == 4)
        let cut = try #require(parseError("[{\"date\":\"2016-04-01T00:00:00\"},"))
        #expect(cut.message.contains("ends early"))
    }

    @Test func unknownKeysWithNestedValuesAreSkipped() throws {
        let json = #"[{"extra":{"a":[1,{"b":[]},"x]"],"c":{}},"date":"2016-04-01T06:00:00","fremont_bridge_nb":"1","more":[[[]]],"fremont_bridge_sb":"2"}]"#
        let counts = try parse(json, chunkSize: 3)
        #expect(counts.rows == [BikeRow(date: date("2016-04-01T06:00"), northbound: 1, southbound: 2)])
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        // A regression: skipping 100,000 nested arrays once overflowed the stack.
        let json = #"[{"date":"2016-04-01T00:00:00","x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        let error = try #require(parseError(json))
        #expect(error.message == "values nested more than 512 levels deep")
        #expect(error.location?.line == 1)
        let fine = #"[{"date":"2016-04-01T00:00:00","x":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + #","fremont_bridge_nb":"3","fremont_bridge_sb":"4"}]"#
        #expect(try parse(fine).rows.count == 1)
    }

    @Test func garbageAfterTheArrayIsAnError() throws {
        let error = try #require(parseError("[]\n]"))
        #expect(error.message == "unexpected ']' after the array of rows")
        #expect(error.location == SourceLocation(line: 2, column: 1))
    }
}

@Suite(.needsSharedData) struct FormatDetectionTests {
    @Test func formatComesFromContentNotName() throws {
        let csv = "date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T06:00,1,2\n"
        let json = #"[{"date":"2016-04-01T06:00:00","fremont_bridge_nb":"1","fremont_bridge_sb":"2"}]"#
        let xml = "<response><row><date>2016-04-01T06:00:00</date><fremont_bridge_nb>1</fremont_bridge_nb><fremont_bridge_sb>2</fremont_bridge_sb></row></response>"
        for text in [csv, json, xml, "\u{FEFF}" + csv, "\u{FEFF}" + json, "\u{FEFF}" + xml, "  \n" + json] {
            let counts = try SeriesLoader.load(.string(text, name: "misnamed.xml"))
            #expect(counts.rows == [BikeRow(date: date("2016-04-01T06:00"), northbound: 1, southbound: 2)])
        }
    }

    @Test func blankSpaceOnlyIsAnError() throws {
        #expect(parseError("  \n\n")?.message == "the file holds only blank space")
    }

    @Test func missingFileNamesTheFile() throws {
        let error = try #require(SharedData.loadError("no-such-file.csv"))
        #expect(error.message.hasPrefix("cannot open: "))
        #expect(error.source.hasSuffix("no-such-file.csv"))
    }
}
