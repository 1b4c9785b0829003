import Foundation
import Testing
import FremontCore
import FremontSources
import FremontTestSupport
@testable import FremontBrowser
import FremontUI

/// The Table tab runs the request the printed form runs: each of `fremont table`'s options, given
/// to the browser's loader, shows what `--format csv` prints (the same rows and series).
@Suite(.needsSharedData) struct TableRequestBrowserTests {
    init() { _ = LoaderFixtures.home }

    /// The table the Table tab's first load brings for `request`.
    private func browserTable(_ request: TableRequest) throws -> SeriesTable {
        var services = BrowserServices()
        services.provide((any TableSource).self, TableService(request: request, settings: FetchSettings(), config: nil))
        let loaded = try #require(TableCommands.load().run(services).value(as: LoadedTable?.self)).get()
        return try #require(loaded).table
    }

    /// What the printed form prints: its rows as CSV.
    private func printed(_ request: TableRequest) throws -> String {
        let loaded = try request.load(.commandLine)
        var csv = ""
        SeriesExport.write(loaded.table, as: .csv, rows: loaded.span) { csv += $0 }
        return csv
    }

    private func csv(_ table: SeriesTable) -> String {
        var csv = ""
        SeriesExport.write(table, as: .csv) { csv += $0 }
        return csv
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = LoaderFixtures.home.appendingPathComponent("table-request-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private var april: String { LoaderFixtures.path("bikes/fremont-2016-04.csv") }

    @Test func fromAndToShowOnlyTheirDays() throws {
        var request = TableRequest()
        request.sources = [april]
        request.from = "2016-04-10"
        request.to = "2016-04-12"
        let table = try browserTable(request)
        #expect(table.rowCount == 72)
        #expect(table.times.first?.description.hasPrefix("2016-04-10") == true)
        #expect(table.times.last?.description.hasPrefix("2016-04-12") == true)
        #expect(csv(table) == (try printed(request)))
    }

    @Test func columnsKeepOnlyTheirSeries() throws {
        var request = TableRequest()
        request.sources = [april]
        request.choice = SeriesColumnChoice(columns: ["fremont_bridge_sb"])
        let table = try browserTable(request)
        #expect(table.series.map(\.name) == ["fremont_bridge_sb"])
        #expect(csv(table) == (try printed(request)))
    }

    @Test func theTimeColumnIsTheOneNamed() throws {
        let path = try file("two-times.csv", "start,end,count\n2020-01-01 00:00,2020-01-01 01:00,5\n2020-01-01 01:00,2020-01-01 02:00,7\n")
        var request = TableRequest()
        request.sources = [path]
        request.choice = SeriesColumnChoice(timeColumn: "end")
        let table = try browserTable(request)
        #expect(table.times.map(\.description).first?.hasPrefix("2020-01-01T01:00") == true)
        #expect(csv(table) == (try printed(request)))
    }

    @Test func aKeyColumnMakesASeriesOfEachValue() throws {
        let path = try file("long.csv", "date,counter,count\n2020-01-01,a,1\n2020-01-01,b,2\n2020-01-02,a,3\n2020-01-02,b,4\n")
        var request = TableRequest()
        request.sources = [path]
        request.choice = SeriesColumnChoice(keyColumn: "counter")
        let table = try browserTable(request)
        #expect(Set(table.series.map(\.name)) == ["a", "b"])
        #expect(table.rowCount == 2)
        #expect(csv(table) == (try printed(request)))
    }

    @Test func aZoneMovesTimesWrittenInUTC() throws {
        let path = try file("utc.csv", "time,count\n2020-07-01T08:00:00Z,5\n2020-07-01T09:00:00Z,7\n")
        var request = TableRequest()
        request.sources = [path]
        request.choice = SeriesColumnChoice(timeZone: TimeZone(identifier: "America/Los_Angeles"))
        let table = try browserTable(request)
        #expect(table.times.first?.description.hasPrefix("2020-07-01T01:00") == true)
        #expect(csv(table) == (try printed(request)))
    }

    @Test func aDelimiterGivenIsTheOneRead() throws {
        let path = try file("semicolon.txt", "date;count\n2020-01-01;1\n2020-01-02;2\n")
        var request = TableRequest()
        request.sources = [path]
        request.format = .csv
        request.delimiter = UInt8(ascii: ";")
        let table = try browserTable(request)
        #expect(table.rowCount == 2)
        #expect(csv(table) == (try printed(request)))
    }

    @Test func severalSourcesTravelAsOneRequestAndAreJoined() throws {
        var request = TableRequest()
        request.sources = [april, LoaderFixtures.path("bikes/fremont-2016-04.xml")]
        request.names = ["csv", "xml"]
        request.from = "2016-04-02"
        request.to = "2016-04-02"
        #expect(request.displayName == "csv + xml")
        let table = try browserTable(request)
        #expect(table.rowCount == 24)
        #expect(table.series.count == 6)
        #expect(csv(table) == (try printed(request)))
    }
}
