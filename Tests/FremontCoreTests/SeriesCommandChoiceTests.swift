import Foundation
import Testing
import FremontTestSupport
@testable import FremontCore

/// What the table commands' options choose, in process: column lists, the pivot's axes and
/// series, the summary's title, and a table made here read back as the browser reads it.
@Suite(.needsSharedData) struct SeriesCommandChoiceTests {
    @Test func columnListsSplitAtCommasUnlessEscaped() {
        #expect(SeriesColumnList.names("a, b ,c") == ["a", "b", "c"])
        #expect(SeriesColumnList.names(#"Sidewalks\, south,Total"#) == ["Sidewalks, south", "Total"])
        #expect(SeriesColumnList.names(#"a\\b"#) == [#"a\b"#])
        #expect(SeriesColumnList.names(" , ,").isEmpty)
    }

    @Test func pivotAxesAreTwoWordsOfFour() {
        #expect(SeriesPivot.axes("year,month") == [.year, .month])
        #expect(SeriesPivot.axes(" Weekday , HOUR") == [.weekday, .hour])
        #expect(SeriesPivot.axes("year,,day") == [.year, nil, nil])
        #expect(SeriesPivot.axes("year") == [.year])
    }

    @Test func thePivotsSeriesIsTheOneNamedElseTheTotalElseTheFirst() throws {
        let april = try SharedData.bikes("fremont-2016-04.csv").addingComputedTotal()
        #expect(try SeriesPivot.series(named: "FREMONT_BRIDGE_SB", in: april, source: "april.csv") == 1)
        #expect(april.series[try SeriesPivot.series(named: nil, in: april, source: "april.csv")].name == "Total")
        let missing = #expect(throws: LoadError.self) { try SeriesPivot.series(named: "nope\u{1B}", in: april, source: "april.csv") }
        #expect(missing?.description == "april.csv: no series named 'nope' for --series; the table has 'fremont_bridge_nb', 'fremont_bridge_sb', 'Total'")
        let plain = try parse("time,a,b\n2016-04-01T00:00,1,2\n").addingComputedTotal()
        #expect(try SeriesPivot.series(named: nil, in: plain, source: "ab.csv") == 0)
        let empty = #expect(throws: LoadError.self) { try SeriesPivot.series(named: nil, in: SeriesTable(series: [], times: [], values: []), source: "e.csv") }
        #expect(empty?.description == "e.csv: the table has no series to pivot")
    }

    @Test func theSummaryIsTitledForWhatTheTableCounts() throws {
        let april = try SharedData.bikes("fremont-2016-04.csv")
        #expect(SeriesSummaryReport.title(for: april, name: "April\n2016") == "Fremont Bridge bike counts: April 2016")
        #expect(SeriesSummaryReport.title(for: try parse("time,northbound,southbound\n2016-04-01T00:00,1,2\n"), name: "ns.csv") == "Counts: ns.csv")
        #expect(SeriesSummaryReport.title(for: try parse("time,temp\n2016-04-01T00:00,1.5\n"), name: "t.csv") == "Readings: t.csv")
    }

    @Test func aTableMadeHereReadsBackAsItWasWritten() throws {
        let april = try SharedData.bikes("fremont-2016-04.csv")
        let input = InputSource.csv(of: april, name: "joined")
        #expect(input.name == "joined")
        let read = try SeriesLoader.load(input)
        #expect(read.times == april.times)
        #expect(read.series.map(\.name) == april.series.map(\.name))
        #expect(read.rowCount == 720)
    }
}
