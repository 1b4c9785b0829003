import Foundation
import Testing
import FremontCore
import FremontSources
import FremontTestSupport
@testable import FremontBrowser

/// What the table commands load, in process: the names of joined parts, the span --from and --to
/// pick, what a command without a SOURCE asks for, and SOURCEs joined on time.
@Suite(.needsSharedData) struct TableRequestTests {
    @Test func joinedPartsAreNamedForTheirSourcesOnce() {
        let sources = ["data/april.csv", "https://example.org/resource/x.json?$limit=5", "weather:47.6,-122.3", "-", "other/april.xml", "april.csv", ".hidden", ""]
        let names = (0..<sources.count).map { TableRequest.partName($0, sources: sources, names: []) }
        #expect(names == ["april", "x", "weather", "stdin", "april 2", "april 3", ".hidden", "source 8"])
        // --name goes first, in order; a made-up name keeps clear of the given ones.
        #expect((0..<3).map { TableRequest.partName($0, sources: ["a.csv", "b.csv", "c.csv"], names: ["b"]) } == ["b", "b 2", "c"])
    }

    @Test func severalSourcesOrAWeatherHistoryAreJoined() {
        var input = TableRequest()
        #expect(!input.joinsSources)
        input.sources = ["a.csv"]
        #expect(!input.joinsSources && input.source == "a.csv")
        input.sources = ["WEATHER:47.6,-122.3"]
        #expect(input.joinsSources)
        input.sources = ["a.csv", "b.csv"]
        #expect(input.joinsSources)
    }

    @Test func fromAndToPickTheRowsOfASourceOnly() throws {
        var input = TableRequest()
        input.sources = [SharedData.path("bikes/fremont-2016-04.csv")]
        input.from = "2016-04-03"
        input.to = "2016-04-04"
        let (table, name) = input.load()
        #expect(name == input.sources[0])
        #expect(input.span(of: table).count == 48)
        input.sources = []
        #expect(input.span(of: table) == 0..<720)
    }

    @Test func withoutASourceItIsTheSocrataAPIOrTheBuiltInApril() throws {
        var input = TableRequest()
        input.endpoint = "https://data.example/resource/abcd-1234.json"
        input.month = "2016-04"
        input.timeColumn = "date_time"
        input.pageSize = 500
        guard case .socrata(let month) = try input.dataSource() else { Issue.record("not a Socrata query"); return }
        #expect(month.endpoint.absoluteString == "https://data.example/resource/abcd-1234.json")
        #expect(month.timeField == "date_time" && month.pageSize == 500)
        input.month = nil
        input.from = "2016-04-01"
        input.to = "2016-04-02"
        guard case .socrata = try input.dataSource() else { Issue.record("not a Socrata query"); return }
        input.from = nil
        input.to = nil
        guard case .input(let april) = try input.dataSource() else { Issue.record("not the built-in April"); return }
        #expect(april.name == EmbeddedData.aprilBikes().name)
        input.endpoint = "data/x.json"
        input.month = "2016-04"
        let refused = #expect(throws: LoadError.self) { try input.dataSource() }
        #expect(refused?.description == "data/x.json: the endpoint must be an http or https address")
        // Said without the password it holds, as `weather --endpoint` says it.
        input.endpoint = "ftp://reader:hunter2@data.example/x.json"
        let secret = #expect(throws: LoadError.self) { try input.dataSource() }
        #expect(secret?.description == "ftp://reader:***@data.example/x.json: only http and https addresses can be loaded")
    }

    @Test func severalSourcesAreJoinedOnTime() throws {
        var input = TableRequest()
        input.sources = [SharedData.path("bikes/fremont-2016-04.csv"), SharedData.path("bikes/fremont-2016-04.xml")]
        input.names = ["csv"]
        let parts = input.loadParts()
        #expect(parts.map(\.name) == ["csv", "fremont-2016-04"])
        let (table, name) = input.load()
        #expect(name == "csv + fremont-2016-04")
        #expect(table.rowCount == 720)
        var csv = ""
        SeriesExport.write(table, as: .csv) { csv += $0 }
        #expect(csv.prefix { $0 != "\n" } == "date,csv: Northbound,csv: Southbound,csv: Total,fremont-2016-04: Northbound,fremont-2016-04: Southbound,fremont-2016-04: Total")
    }
}
