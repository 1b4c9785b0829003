import Foundation
import FremontCore
import FremontTestSupport
import Testing
@testable import FremontSources

@Suite(.needsSharedData) struct SocrataQueryTests {
    @Test func aMonthIsTheTutorialsQuery() throws {
        let query = try SocrataQuery.month("2016-04")
        #expect(query.whereClause == "date between '2016-04-01T00:00:00' and '2016-04-30T23:00:00'")
        #expect(query.format == .json)
        #expect(query.url(offset: 0).absoluteString == "https://data.seattle.gov/resource/4xy5-26gy.json"
            + "?$where=date%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-30T23:00:00%27&$order=date&$limit=50000&$offset=0")
    }

    @Test func theTutorialsXMLRequestIsAPrefixOfOurs() throws {
        // The address the tutorial pastes in, byte for byte, before our paging parameters.
        let tutorial = "https://data.seattle.gov/resource/4xy5-26gy.xml?$where=date%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-30T23:00:00%27&$order=date"
        let query = try SocrataQuery.month("2016-04", endpoint: URL(string: "https://data.seattle.gov/resource/4xy5-26gy.xml")!)
        #expect(query.format == .xml)
        #expect(query.url(offset: 0).absoluteString.hasPrefix(tutorial + "&$limit="))
    }

    @Test func daysRunFromMidnightToTheLastHour() throws {
        let query = try SocrataQuery.days(from: "2016-04-01", to: "2016-04-07", pageSize: 1000)
        #expect(query.whereClause == "date between '2016-04-01T00:00:00' and '2016-04-07T23:00:00'")
        #expect(query.url(offset: 2000).query == "$where=date%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-07T23:00:00%27&$order=date&$limit=1000&$offset=2000")
    }

    @Test func anotherDatasetsTimeFieldAndOnlyAFieldName() throws {
        var query = try SocrataQuery.days(from: "2016-04-01", to: "2016-04-01", pageSize: 10)
        query.timeField = "date_time"
        #expect(query.url(offset: 0).query == "$where=date_time%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-01T23:00:00%27&$order=date_time&$limit=10&$offset=0")
        #expect(SocrataQuery.isFieldName("date_time") && SocrataQuery.isFieldName("_x1"))
        for hostile in ["date' or 1=1 --", "date time", "1date", "", "dáte", "date;drop"] {
            #expect(!SocrataQuery.isFieldName(hostile), "\(hostile)")
        }
    }

    @Test func februaryOfALeapYear() throws {
        #expect(try SocrataQuery.month("2016-02").last.isoString == "2016-02-29T23:00:00")
        #expect(try SocrataQuery.month("2015-02").last.isoString == "2015-02-28T23:00:00")
    }

    @Test func anEndpointsOwnQueryIsKept() throws {
        let endpoint = URL(string: "https://data.example.org/resource/abcd-1234.csv?$$app_token=XYZ")!
        let query = try SocrataQuery.month("2020-01", endpoint: endpoint, pageSize: 10)
        #expect(query.format == .csv)
        #expect(query.url(offset: 10).absoluteString == "https://data.example.org/resource/abcd-1234.csv?$$app_token=XYZ"
            + "&$where=date%20between%20%272020-01-01T00:00:00%27%20and%20%272020-01-31T23:00:00%27&$order=date&$limit=10&$offset=10")
    }

    @Test func badArgumentsAreOneLineEach() {
        func message(_ make: () throws(LoadError) -> SocrataQuery) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message { () throws(LoadError) in try SocrataQuery.month("April") } == "--month: 'April' is not a month like 2016-04")
        #expect(message { () throws(LoadError) in try SocrataQuery.month("2016-13") } == "--month: '2016-13' is not a month like 2016-04")
        #expect(message { () throws(LoadError) in try SocrataQuery.days(from: "2016-04-31", to: "2016-05-01") } == "--from: '2016-04-31' is not a day like 2016-04-01")
        #expect(message { () throws(LoadError) in try SocrataQuery.days(from: "2016-04-07", to: "2016-04-01") }
            == "https://data.seattle.gov/resource/4xy5-26gy.json: the span is empty: 2016-04-07 comes after 2016-04-01")
        #expect(message { () throws(LoadError) in try SocrataQuery.month("2016-04", endpoint: URL(string: "https://data.seattle.gov/resource/4xy5-26gy")!) }
            == "https://data.seattle.gov/resource/4xy5-26gy: the endpoint should end in .json, .xml or .csv, which picks the format (like /resource/4xy5-26gy.json)")
    }
}

/// Paging against the loopback Socrata stub, which, like the real API, sends 1,000 rows unless told.
@Suite(.needsSharedData) struct SocrataPagingTests {
    func load(_ query: SocrataQuery) async throws -> SeriesTable {
        try await offPool { try SocrataPager(fetcher: HTTPFetcher()).load(query) }
    }

    @Test func aMonthInPagesArrivesWhole() async throws {
        try await LoopbackServer.with { server in
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/resource/4xy5-26gy.json"), pageSize: 200)
            let counts = try await load(query)
            #expect(counts.rows.count == 720)
            #expect(counts.rows.first?.date.isoString == "2016-04-01T00:00:00")
            #expect(counts.rows.last?.date.isoString == "2016-04-30T23:00:00")
            #expect(counts.rows == SocrataStub.year.filter { $0.date.month == 4 })
            #expect(counts.warnings.isEmpty)
            // 200 + 200 + 200 + 120: the short fourth page ends it.
            #expect(server.requests.map { $0.query["$offset"] } == ["0", "200", "400", "600"])
            #expect(server.requests.allSatisfy { $0.query["$limit"] == "200" && $0.query["$order"] == "date" })
            #expect(server.requests.first?.rawQuery.hasPrefix("$where=date%20between%20%272016-04-01T00:00:00%27%20and%20%272016-04-30T23:00:00%27") == true)
        }
    }

    @Test(arguments: ["json", "xml", "csv"])
    func aYearOfMoreThanAThousandRowsArrivesWhole(format: String) async throws {
        try await LoopbackServer.with { server in
            let endpoint = server.url("/resource/4xy5-26gy.\(format)")
            let query = try SocrataQuery.days(from: "2016-01-01", to: "2016-12-31", endpoint: endpoint, pageSize: 1000)
            let counts = try await load(query)
            #expect(counts.rows.count == 8_784)
            #expect(counts.rows == SocrataStub.year)
            #expect(server.requests.count == 9)
        }
    }

    @Test func aSpanThatEndsOnAPageBoundaryTakesOneEmptyPage() async throws {
        try await LoopbackServer.with { server in
            let query = try SocrataQuery.days(from: "2016-04-01", to: "2016-04-10", endpoint: server.url("/resource/4xy5-26gy.json"), pageSize: 120)
            let counts = try await load(query)
            #expect(counts.rows.count == 240)
            #expect(server.requests.map { $0.query["$offset"] } == ["0", "120", "240"])
        }
    }

    @Test func aServerThatIgnoresOffsetIsCaught() async throws {
        try await LoopbackServer.with { server in
            // A plain file answers the same whatever the offset: page two repeats page one.
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/data/bikes/fremont-2016-04.json"), pageSize: 720)
            let message = try await offPool { () -> String? in
                do {
                    _ = try SocrataPager(fetcher: HTTPFetcher()).load(query)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            #expect(message == "\(query.url(offset: 720)): the server sent the first page again: it ignores $offset, so the rows cannot be paged")
        }
    }

    @Test func rowsOutsideTheSpanAreWarningsNotData() async throws {
        try await LoopbackServer.with { server in
            // The server ignores $where: the whole year comes, page after page.
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/resource/ignores-where.json"), pageSize: 2000)
            let counts = try await load(query)
            #expect(counts.rows == SocrataStub.year.filter { $0.date.month == 4 })
            #expect(counts.warnings.first?.message == "page 1 (rows from 1): 2,000 rows outside the span asked (2016-04-01T00:00:00 to 2016-04-30T23:00:00) left out")
            // Pages of 2,000 from January: the fifth (rows 8,001…) is short and ends it.
            #expect(counts.warnings.count == 4)
        }
    }

    @Test func aServerThatNeverEndsIsStopped() async throws {
        try await LoopbackServer.with { server in
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/resource/endless.json"), pageSize: 500)
            let counts = try await load(query)
            #expect(counts.rows.isEmpty)
            #expect(server.requests.count == 1)
            #expect(counts.warnings.map(\.message) == [
                "page 1 (rows from 1): 500 rows outside the span asked (2016-04-01T00:00:00 to 2016-04-30T23:00:00) left out",
                "page 1 (rows from 1): the rows have gone past the span; stopped asking",
            ])
        }
    }

    @Test func warningsSayWhichPageTheyCameFrom() async throws {
        try await LoopbackServer.with { server in
            // This endpoint spoils one count: 2016-04-15T03:00, the 340th row, on the second page.
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/resource/with-bad-row.json"), pageSize: 200)
            let counts = try await load(query)
            #expect(counts.rows.count == 720)
            #expect(counts.warnings.map(\.description) == ["line 140: page 2 (rows from 201): 2016-04-15T03:00:00: northbound count 'lots' is not a count"])
        }
    }

    @Test func aFailingPageNamesItsURL() async throws {
        try await LoopbackServer.with { server in
            let query = try SocrataQuery.month("2016-04", endpoint: server.url("/status/404.json"), pageSize: 200)
            let message = try await offPool { () -> String? in
                do {
                    _ = try SocrataPager(fetcher: HTTPFetcher()).load(query)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            #expect(message == "\(query.url(offset: 0)): HTTP 404 Not Found")
        }
    }
}
