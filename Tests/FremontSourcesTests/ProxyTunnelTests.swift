import FlyingFox
import Foundation
import FremontCore
import FremontTestSupport
import Testing
@testable import FremontSources

/// Behind a proxy, the tunnel's "200 Connection established" is the proxy's: only the server's
/// own status and headers are read (a 304 stays a 304, a resumed download keeps every byte), and
/// a proxy that refuses the tunnel is named as the proxy.
@Suite(.needsSharedData) struct ProxyTunnelTests {
    @Test func aConditionalGetThroughATunnelIsNotModified() async throws {
        let proxy = try TunnelProxy()
        defer { proxy.stop() }
        try await LoopbackServer.with { server in
            let url = server.url("/data/\(HTTPFetcherTests.april)")
            var options = HTTPRequestOptions()
            options.tunnelProxy = proxy.address
            options.ifNoneMatch = LoopbackRoutes.etag
            let conditional = options
            let outcome = try await offPool { try HTTPFetcher().fetch(url, options: conditional) }
            guard case .notModified(let info) = outcome else {
                Issue.record("expected the server's 304, got \(outcome)")
                return
            }
            #expect(info.etag == LoopbackRoutes.etag)
            // A plain GET: the server's status and headers, none of the proxy's.
            options.ifNoneMatch = nil
            let plain = options
            let whole = try await offPool { try HTTPFetcher().fetch(url, options: plain) }
            guard case .body(_, let got) = whole else { Issue.record("\(whole)"); return }
            #expect(got.status == 200 && got.etag == LoopbackRoutes.etag && got.contentType?.contains("xml") == true, "\(got)")
            #expect(proxy.tunnels >= 2)
        }
    }

    @Test func aDownloadResumedThroughATunnelKeepsEveryByte() async throws {
        let proxy = try TunnelProxy()
        defer { proxy.stop() }
        let home = try TestHome()
        let cache = CacheDatabase()
        let route = EnclosureRoute(EnclosureRoute.pattern(600_000), script: [EnclosureRoute.Answer(cutAfter: 250_000)])
        try await LoopbackServer.with { server in
            await server.route("GET /episode.mp3") { try await route.answer($0) }
            let path = home.file("podcasts").appendingPathComponent("episode.mp3").path
            let record = try cache.enqueueDownload(DownloadRecord(url: server.address("/episode.mp3"), feedTitle: "F", itemTitle: "E", path: path)).record
            var download = EnclosureDownload(cache: cache, maximumBytes: 10 << 20)
            download.retryDelay = 0.05
            download.tunnelProxy = proxy.address
            let ending = try await offPool { [download] in download.run(record) }
            guard case .done(let done) = ending else { Issue.record("\(ending)"); return }
            #expect(try Data(contentsOf: URL(fileURLWithPath: done.path)) == route.data)
            #expect(route.statuses == [200, 206])
        }
    }

    @Test func aProxyRefusingTheTunnelIsNamedAsTheProxy() async throws {
        let proxy = try TunnelProxy(refusal: 407)
        defer { proxy.stop() }
        try await LoopbackServer.with { server in
            var options = HTTPRequestOptions()
            options.tunnelProxy = proxy.address
            let refused = options
            let url = server.url("/data/\(HTTPFetcherTests.april)")
            do {
                _ = try await offPool { try HTTPFetcher().fetch(url, options: refused) }
                Issue.record("a refused tunnel fetched")
            } catch let error as LoadError {
                #expect(error.message.contains("the proxy refused the tunnel") && error.message.contains("407"), "\(error)")
                #expect(error.kind == .network)
                #expect(HTTPFailureClass(error) == .unreachable)
            }
        }
    }
}
