import FlyingFox
import Foundation
import FremontCore
import FremontTestSupport
import Synchronization
import Testing
@testable import FremontSources

/// The fetcher against a real server on loopback: every answer a portal can give, and one
/// message for each way it goes wrong.
@Suite(.needsSharedData) struct HTTPFetcherTests {
    static let april = "bikes/fremont-2016-04.xml"

    /// Fetches and parses bike data; the error's description when either fails.
    func bikes(_ url: URL, options: HTTPRequestOptions = .init(), fetcher: HTTPFetcher = HTTPFetcher()) async throws -> Result<SeriesTable, LoadError> {
        try await offPool {
            Result { () throws(LoadError) -> SeriesTable in
                switch try fetcher.fetch(url, options: options) {
                case .body(let source, _): return try SeriesLoader.load(source)
                case .notModified: throw LoadError(source: url.absoluteString, "unexpected 304")
                }
            }
        }
    }

    func failure(_ result: Result<SeriesTable, LoadError>) -> String? {
        if case .failure(let error) = result { return error.description }
        return nil
    }

    /// The one line a fetch and parse of `url` fails with (nil when it does not fail).
    func failure(_ url: URL, options: HTTPRequestOptions = .init()) async throws -> String? {
        failure(try await bikes(url, options: options))
    }

    @Test func aFileOverHTTPParsesLikeTheFile() async throws {
        let file = try SeriesLoader.load(.file(SharedData.path(Self.april)))
        try await LoopbackServer.with { server in
            let url = server.url("/data/\(Self.april)")
            let outcome = try await offPool { try HTTPFetcher().fetch(url) }
            guard case .body(let source, let info) = outcome else {
                Issue.record("expected a body")
                return
            }
            #expect(info.status == 200)
            #expect(info.url == url)
            #expect(info.etag == LoopbackRoutes.etag)
            #expect(info.lastModified == LoopbackRoutes.lastModified)
            #expect(info.contentType == "application/xml")
            #expect(source.name == url.absoluteString)
            let counts = try await offPool { try SeriesLoader.load(source) }
            #expect(counts.rows == file.rows)
            #expect(counts.rows.count == 720)
            #expect(SeriesSummary(counts).column(.northbound)?.total == 46_905)
        }
    }

    @Test func everyFormatAndTheFeedAndForecastParsersReadDownloads() async throws {
        try await LoopbackServer.with { server in
            for ext in ["csv", "json"] {
                let counts = try await bikes(server.url("/data/bikes/fremont-2016-04.\(ext)")).get()
                #expect(counts.rows.count == 720)
            }
            let feedURL = server.url("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let feed = try await offPool { () throws -> FeedParseResult in
                guard case .body(let source, _) = try HTTPFetcher().fetch(feedURL) else { throw LoadError(source: "", "no body") }
                return try FeedParser.parse(source)
            }
            #expect(feed.feed.items.count == 10)
            // A feed that needs the repair pass: the download cannot be opened twice, so it is recorded.
            let brokenURL = server.url("/data/feeds/real/FeedKit__Ampersand_bold-dk_iso-8859-1.xml")
            let repaired = try await offPool { () throws -> FeedParseResult in
                guard case .body(let source, _) = try HTTPFetcher().fetch(brokenURL) else { throw LoadError(source: "", "no body") }
                return try FeedParser.parse(source)
            }
            let local = try FeedParser.parse(.file(SharedData.path("feeds/real/FeedKit__Ampersand_bold-dk_iso-8859-1.xml")))
            #expect(repaired.feed.items.count == local.feed.items.count)
            #expect(repaired.warnings.map(\.message) == local.warnings.map(\.message))
            let weatherURL = server.url("/data/weather/darksky_forecast_sanfrancisco_2019-03-15_sxg-ForecastIO.json")
            let forecast = try await offPool { () throws -> Forecast in
                guard case .body(let source, _) = try HTTPFetcher().fetch(weatherURL) else { throw LoadError(source: "", "no body") }
                return try ForecastReader.read(source)
            }
            #expect(forecast.timezone == "America/Los_Angeles")
        }
    }

    @Test func aMatchingETagGetsNotModified() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/data/\(Self.april)")
            var conditional = HTTPRequestOptions()
            conditional.ifNoneMatch = LoopbackRoutes.etag
            conditional.ifModifiedSince = LoopbackRoutes.lastModified
            let options = conditional
            let outcome = try await offPool { try HTTPFetcher().fetch(url, options: options) }
            guard case .notModified(let info) = outcome else {
                Issue.record("expected 304, got \(outcome)")
                return
            }
            #expect(info.status == 304)
            #expect(info.etag == LoopbackRoutes.etag)
            let sent = try #require(server.requests.last)
            #expect(sent.headers["if-none-match"] == LoopbackRoutes.etag)
            #expect(sent.headers["if-modified-since"] == LoopbackRoutes.lastModified)
        }
    }

    @Test func theUserAgentIsHonest() async throws {
        try await LoopbackServer.with { server in
            _ = try await bikes(server.url("/data/\(Self.april)"))
            let agent = try #require(server.requests.last?.headers["user-agent"])
            #expect(agent == HTTPFetcher.defaultUserAgent)
            #expect(agent.hasPrefix("fremont/0.1.0 (terminal open-data browser"))
        }
    }

    @Test func redirectsAreFollowedAndTheFinalURLReported() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/redirect/\(Self.april)")
            let info = try await offPool { () throws -> HTTPResponseInfo in
                guard case .body(_, let info) = try HTTPFetcher().fetch(url) else { throw LoadError(source: "", "no body") }
                return info
            }
            #expect(info.url == server.url("/data/\(Self.april)"))
            #expect(server.requests.map(\.path) == ["/redirect/\(Self.april)", "/data/\(Self.april)"])
        }
    }

    @Test func aRedirectLoopStops() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/loop")
            let failed1 = try await failure(url)
            #expect(failed1 == "\(url): more than 10 redirects (a redirect loop?)")
        }
    }

    @Test func aRedirectToAnotherSchemeIsRefused() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/to-ftp")
            let message = try await failure(url)
            #expect(message?.hasPrefix("\(url): ") == true)
            #expect(message?.contains("ftp://127.0.0.1/fremont.xml") == true)
        }
    }

    @Test func aRedirectToAFileAndAHugeHeaderSayWhatHappened() async throws {
        try await LoopbackServer.with { server in
            let file = try await failure(server.url("/to-file"))
            #expect(file == "\(server.url("/to-file")): redirected to file:///etc/passwd, which is not an http or https address")
            let huge = try await failure(server.url("/huge-header"))
            #expect(huge?.contains("Out of memory") == false, "\(huge ?? "")")
            #expect(huge == "\(server.url("/huge-header")): the server's response headers are too large (over 100 KB); not read")
        }
    }

    @Test func gzipBodiesArriveDecoded() async throws {
        try await LoopbackServer.with { server in
            let counts = try await bikes(server.url("/gzip/\(Self.april)")).get()
            #expect(counts.rows.count == 720)
            #expect(server.requests.last?.headers["accept-encoding"]?.contains("gzip") == true)
        }
    }

    @Test func errorStatusesNameTheStatus() async throws {
        try await LoopbackServer.with { server in
            let missing = server.url("/status/404")
            let failed2 = try await failure(missing)
            #expect(failed2 == "\(missing): HTTP 404 Not Found")
            let broken = server.url("/status/500")
            let failed3 = try await failure(broken)
            #expect(failed3 == "\(broken): HTTP 500 Internal Server Error")
            let unknown = server.url("/data/bikes/nothing-here.xml")
            let failed4 = try await failure(unknown)
            #expect(failed4 == "\(unknown): HTTP 404 Not Found")
        }
    }

    /// The kind a fetch and parse of `url` fails with.
    func failureKind(_ url: URL, options: HTTPRequestOptions = .init()) async throws -> LoadError.Kind? {
        if case .failure(let error) = try await bikes(url, options: options) { return error.kind }
        return nil
    }

    @Test func failuresSayWhatKindTheyAre() async throws {
        try await LoopbackServer.with { server in
            let kind1 = try await failureKind(server.url("/status/404"))
            #expect(kind1 == .notFound)
            let kind2 = try await failureKind(server.url("/status/500"))
            #expect(kind2 == .httpStatus(500))
            let kind3 = try await failureKind(server.url("/error-page"))
            #expect(kind3 == .notData)
            let kind4 = try await failureKind(server.url("/unfinished/\(Self.april)"))
            #expect(kind4 == .notData)
            var small = HTTPRequestOptions()
            small.maximumBytes = 50_000
            let kind5 = try await failureKind(server.url("/data/\(Self.april)"), options: small)
            #expect(kind5 == .tooLarge)
            var quick = HTTPRequestOptions()
            quick.timeout = 0.5
            let kind6 = try await failureKind(server.url("/slow/\(Self.april)"), options: quick)
            #expect(kind6 == .timeout)
        }
        let missing = Result { () throws(LoadError) in try SeriesLoader.load(.file("/nonexistent/fremont.xml")) }
        guard case .failure(let error) = missing else { Issue.record("a missing file loaded"); return }
        #expect(error.kind == .notFound)
    }

    @Test func anHTMLPageWhereDataWasExpected() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/error-page")
            let failed11 = try await failure(url)
            let message = try #require(failed11)
            #expect(message.hasPrefix("\(url):1: an HTML page"))
            #expect(message.hasSuffix("not a data table"))
        }
    }

    @Test func aBodyCutShortOfItsContentLength() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/cut/\(Self.april)")
            let failed12 = try await failure(url)
            let message = try #require(failed12)
            #expect(message.hasPrefix("\(url): "))
            #expect(message.contains("cut off"))
        }
    }

    @Test func aDocumentCutOffWithoutAContentLength() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/unfinished/\(Self.april)")
            let failed13 = try await failure(url)
            let message = try #require(failed13)
            #expect(message.hasPrefix("\(url):1:"))
            #expect(message.hasSuffix("the document ends before </response> (is it cut off?)"))
        }
    }

    @Test func noAnswerInTimeIsATimeout() async throws {
        try await LoopbackServer.with { server in
            var options = HTTPRequestOptions()
            options.timeout = 0.5
            let url = server.url("/slow/\(Self.april)")
            let quick = options
            // Timed on the fetching thread: the test's own task may wait for a thread of a busy
            // pool before it runs again, and that is not the fetch's time.
            let (failed5, seconds) = try await offPool { () -> (String?, TimeInterval) in
                let started = Date()
                let result = Result { () throws(LoadError) in try HTTPFetcher().fetch(url, options: quick) }
                guard case .failure(let error) = result else { return (nil, Date().timeIntervalSince(started)) }
                return (error.description, Date().timeIntervalSince(started))
            }
            #expect(failed5 == "\(url): no answer within 0.5 s")
            #expect(seconds < 2.5)
        }
    }

    /// The download stalls until the client gives up, whenever its timer fires: 4 s stands for a
    /// 2 s timer a loaded machine fired 2 s late.
    @Test(arguments: [2.0, 4.0]) func aBodyThatStallsHitsTheTotalTimeout(seconds: Double) async throws {
        try await LoopbackServer.with { server in
            // Two seconds at least for the headers: a loaded machine can be slow to answer at all.
            var options = HTTPRequestOptions()
            options.timeout = seconds
            let url = server.url("/stall/\(Self.april)")
            let failed14 = try await failure(url, options: options)
            let message = try #require(failed14)
            #expect(message.hasPrefix("\(url): the download took longer than \(Int(seconds)) s (--timeout) and was stopped after "))
        }
    }

    @Test func theSizeCapStopsTheDownload() async throws {
        try await LoopbackServer.with { server in
            var options = HTTPRequestOptions()
            options.maximumBytes = 50_000
            let url = server.url("/data/\(Self.april)")
            let failed6 = try await failure(url, options: options)
            #expect(failed6 == "\(url): the file is 198 KB, over the 48 KB limit for a download")
            // Without a Content-Length (gzip), the count of bytes stops it.
            let zipped = server.url("/gzip/\(Self.april)")
            let failed7 = try await failure(zipped, options: options)
            #expect(failed7 == "\(zipped): stopped at the 48 KB limit for a download: the server sent more")
        }
    }

    @Test func aRefusedConnectionNamesTheAddress() async throws {
        // A port nobody listens on: the server's, once it has stopped.
        let server = try await LoopbackServer.start()
        let url = server.url("/data/\(Self.april)")
        await server.stop()
        let failed8 = try await failure(url)
        #expect(failed8 == "\(url): cannot connect to 127.0.0.1:\(server.port) (connection refused)")
    }

    @Test func aRefusedConnectionAfterARedirectNamesTheAddressThatFailed() async throws {
        // A port nobody listens on: a second server's, once it has stopped.
        let gone = try await LoopbackServer.start()
        let closed = gone.url("/data/\(Self.april)")
        await gone.stop()
        try await LoopbackServer.with { server in
            await server.route("GET /to-closed") { _ in
                HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: closed.absoluteString]))
            }
            let url = server.url("/to-closed")
            let message = try await failure(url)
            #expect(message == "\(url): cannot connect to 127.0.0.1:\(gone.port) (connection refused) after a redirect to \(closed)")
        }
    }

    @Test func anUnknownHostIsADNSFailure() async throws {
        let url = URL(string: "http://fremont-test.invalid/data.xml")!
        let failed9 = try await failure(url)
        #expect(failed9 == "\(url): cannot find the server fremont-test.invalid (DNS lookup failed)")
    }

    @Test func onlyWebAddresses() async throws {
        let url = URL(string: "ftp://127.0.0.1/a.xml")!
        let failed10 = try await failure(url)
        #expect(failed10 == "ftp://127.0.0.1/a.xml: only http and https addresses can be loaded")
    }

    @Test func cancellingBeforeTheHeadersAndDuringTheBody() async throws {
        try await LoopbackServer.with { server in
            let slow = server.url("/slow/\(Self.april)")
            let cancellation = FetchCancellation()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancellation.cancel() }
            let before = try await offPool {
                Result { () throws(LoadError) in try HTTPFetcher().fetch(slow, cancellation: cancellation) }
            }
            if case .failure(let error) = before {
                #expect(error.description == "\(slow): cancelled")
            } else {
                Issue.record("expected a cancelled fetch")
            }

            let stalled = server.url("/stall/\(Self.april)")
            let during = FetchCancellation()
            let result = try await offPool {
                Result { () throws(LoadError) -> SeriesTable in
                    guard case .body(let source, _) = try HTTPFetcher().fetch(stalled, cancellation: during) else {
                        throw LoadError(source: "", "no body")
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { during.cancel() }
                    return try SeriesLoader.load(source)
                }
            }
            #expect(failure(result) == "\(stalled): cancelled")
            // Cancelling after the end changes nothing.
            during.cancel()
        }
    }

    @Test func progressCountsTheBytes() async throws {
        try await LoopbackServer.with { server in
            let url = server.url("/data/\(Self.april)")
            let seen = ProgressLog()
            _ = try await offPool { () throws -> SeriesTable in
                guard case .body(let source, _) = try HTTPFetcher().fetch(url, progress: { seen.add($0, $1) }) else {
                    throw LoadError(source: "", "no body")
                }
                return try SeriesLoader.load(source)
            }
            let reports = seen.reports
            #expect(reports.last?.bytes == 203_696)
            #expect(reports.allSatisfy { $0.expected == 203_696 })
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytes < $1.bytes })
        }
    }
}

/// What a progress callback was told, in order.
final class ProgressLog: Sendable {
    private let log = Mutex<[(bytes: Int, expected: Int?)]>([])

    func add(_ bytes: Int, _ expected: Int?) { log.withLock { $0.append((bytes, expected)) } }

    var reports: [(bytes: Int, expected: Int?)] { log.withLock { $0 } }
}
