import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

/// Any counter's table: the time column and every numeric column are found from the header and
/// the values, in each shape the city publishes, and can be named instead.
@Suite struct SeriesColumnTests {
    private func load(_ text: String, format: TableFormat? = nil, choice: SeriesColumnChoice = SeriesColumnChoice()) throws(LoadError) -> SeriesTable {
        try SeriesLoader.load(.string(text, name: "t"), format: format, choice: choice)
    }

    private func names(_ table: SeriesTable) -> [String] { table.series.map(\.name) }

    @Test func burkeGilmanPortalDownload() throws {
        // The portal's CSV: 12-hour dates, a total, and pedestrians and bikes each way.
        let table = try load("""
        Date,BGT North of NE 70th Total,Ped South,Ped North,Bike North,Bike South
        01/01/2014 12:00:00 AM,15,0,3,4,8
        01/01/2014 01:00:00 AM,9,1,,4,3

        """)
        #expect(names(table) == ["Ped South", "Ped North", "Bike North", "Bike South", "BGT North of NE 70th Total"])
        #expect(table.series.map(\.role) == [.other, .other, .other, .other, .total])
        #expect(table.times == [date("2014-01-01T00:00"), date("2014-01-01T01:00")])
        #expect(table.value(1, 1) == nil && table.value(2, 1) == 4)
        #expect(table.warnings.map(\.description) == ["line 3: 2014-01-01T01:00:00: 'Ped North' missing"])
        // A source's total is a series of its own, never the others added again.
        let summary = SeriesSummary(table)
        #expect(summary.total == 24)
        #expect(!table.computesTotal)
        #expect(!ShadeRule(table, summary: summary).isDirectional)
    }

    @Test func spokaneStreetSocrataJSONWithTextAndIDColumns() throws {
        // The API's own shape for another counter: lower-case keys, counts as strings, and
        // columns that are not series (an id, a place name, coordinates).
        let table = try load("""
        [{"sensor_id":"17","date":"2016-04-01T00:00:00.000","site":"Spokane St","spokane_st_bridge_total":"12","west":"5","east":"7","latitude":"47.57"},
         {"sensor_id":"17","date":"2016-04-01T01:00:00.000","site":"Spokane St","spokane_st_bridge_total":"3","west":"1","east":"2","latitude":"47.57"}]
        """)
        #expect(names(table) == ["west", "east", "spokane_st_bridge_total"])
        #expect(table.values[0] == [5, 1] && table.values[2] == [12, 3])
    }

    @Test func secondAvenueXMLWithDirectionsByAbbreviation() throws {
        let table = try load("""
        <response><row><date>2016-04-01T00:00:00</date><_2nd_ave_cycletrack_total>9</_2nd_ave_cycletrack_total>\
        <nb>4</nb><sb>5</sb></row></response>
        """)
        #expect(table.series.map(\.role) == [.northbound, .southbound, .total])
        #expect(table.warnings.isEmpty)
        #expect(ShadeRule(table, summary: SeriesSummary(table)).isDirectional)
    }

    @Test func theTimeColumnIsFoundByItsValuesWhenItsNameSaysNothing() throws {
        let table = try load("""
        station,when recorded,bikes,temperature
        A,2016-04-01 06:00,12,-1.5
        A,2016-04-01 07:00,40,0.25

        """)
        #expect(names(table) == ["bikes", "temperature"])
        #expect(table.times == [date("2016-04-01T06:00"), date("2016-04-01T07:00")])
        #expect(table.values[1] == [-1.5, 0.25])
        // A measure takes signs and fractions; a direction's count does not. The station
        // (one key: times never repeat, so not a long table) is left out, and said so.
        #expect(table.warnings.map(\.message) == ["column 'station' left out: 2 of its first 2 values are words, not numbers ('A' on line 2); --columns reads it as a series, its words as blanks"])
        #expect(table.series.map(\.kind) == [.count, .measure])
    }

    @Test func namedColumnsWinOverWhatIsFound() throws {
        let text = """
        Date,Recorded,Bike North,Bike South,Ped North
        2016-04-01T00:00:00,04/02/2016 01:00:00 AM,1,2,3

        """
        let chosen = try load(text, choice: SeriesColumnChoice(timeColumn: "recorded", columns: ["Ped North", "Bike North"]))
        #expect(chosen.times == [date("2016-04-02T01:00")])
        #expect(names(chosen) == ["Ped North", "Bike North"])
        #expect(chosen.values == [[3], [1]])
        let missing = try #require(parseError { () throws(LoadError) in try load(text, choice: SeriesColumnChoice(columns: ["Bike West"])) })
        #expect(missing.message == "no column named 'Bike West' for --columns (found: 'Date', 'Recorded', 'Bike North', 'Bike South', 'Ped North')")
        #expect(missing.location?.line == 1)
        let time = try #require(parseError { () throws(LoadError) in try load(text, choice: SeriesColumnChoice(timeColumn: "When")) })
        #expect(time.message.hasPrefix("no column named 'When' for --time-column"))
    }

    @Test func aColumnOfWordsIsNotASeriesAndAFewBadValuesAreWarnings() throws {
        var lines = ["date,count,note"]
        for hour in 0..<20 { lines.append("2016-04-01T\(hour < 10 ? "0" : "")\(hour):00:00,\(hour),fine") }
        lines.append("2016-04-01T20:00:00,n/a,fine")
        let table = try load(lines.joined(separator: "\n") + "\n")
        #expect(names(table) == ["count"])
        #expect(table.rowCount == 21)
        #expect(table.value(0, 20) == nil)
        #expect(table.warnings.map(\.description) == [
            "line 1: column 'note' left out: 21 of its first 21 values are words, not numbers ('fine' on line 2); --columns reads it as a series, its words as blanks",
            "line 22: 2016-04-01T20:00:00: 'count' 'n/a' is not a number",
        ])
    }

    @Test func theSameDataInAnotherColumnOrderReadsTheSame() throws {
        let one = try load("date,fremont_bridge_sb,fremont_bridge_nb\n2016-04-01T00:00:00,7,6\n")
        let other = try load("[{\"fremont_bridge_nb\":\"6\",\"date\":\"2016-04-01T00:00:00\",\"fremont_bridge_sb\":\"7\"}]")
        #expect(names(one) == names(other))
        #expect(one.rows == other.rows)
    }

    @Test func aColumnFirstSeenAfterTheSampleIsIgnored() throws {
        // Socrata leaves out an element whose value is missing, so a column may first appear late;
        // the sample is what decides (a few hundred rows), and `--columns` names one it missed.
        var xml = "<response>"
        for hour in 0..<SeriesTableBuilder.sampleSize { xml += "<row><date>\(date("2016-04-01T00:00").addingHours(hour))</date><a>1</a></row>" }
        xml += "<row><date>2016-05-01T00:00:00</date><a>2</a><b>3</b></row></response>"
        let table = try load(xml)
        #expect(names(table) == ["a"])
        #expect(table.warnings.map(\.message) == ["column 'b' first appears here, after the rows that settle the columns; ignored (--columns reads it)"])
        #expect(try names(load(xml, choice: SeriesColumnChoice(columns: ["a", "b"]))) == ["a", "b"])
    }

    private func parseError(_ body: () throws(LoadError) -> SeriesTable) -> LoadError? {
        do { _ = try body() } catch { return error }
        return nil
    }
}
