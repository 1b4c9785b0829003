import FlyingFox
import Foundation
import Synchronization
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// Only the API refusing a change in its own shape counts against it: an address that answers
/// but fails (a 502, a captive portal's page, a redirect, a 404 of the API's address, a secure
/// connection that fails) keeps every change queued, sync after sync, and says so.
@Suite struct SyncFailureTests {
    /// The ways an address answers without being the API, as `updateArticle` (or `edit-tag`) meets them.
    enum Failure: String, CaseIterable, Sendable {
        case badGateway, unavailable, portalPage, redirect, notFound, notModified, wrongJSON

        var response: HTTPResponse {
            switch self {
            case .badGateway: HTTPResponse(statusCode: .badGateway, body: Data("<html>502 Bad Gateway</html>".utf8))
            case .unavailable: HTTPResponse(statusCode: .serviceUnavailable, body: Data())
            case .portalPage: HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "text/html"]),
                                           body: Data("<html><form action=/login>Sign in to the Wi-Fi</form></html>".utf8))
            case .redirect: HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "http://127.0.0.1:9/portal"]))
            case .notFound: HTTPResponse(statusCode: .notFound, body: Data("not here".utf8))
            case .notModified: HTTPResponse(statusCode: .notModified)
            case .wrongJSON: HTTPResponse(statusCode: .ok, body: Data(#"{"error":"maintenance"}"#.utf8))
            }
        }
    }

    /// A tt-rss stand-in on loopback: logs in, and answers `updateArticle` with `failure` (nil:
    /// tt-rss's own refusal of the call, `INCORRECT_USAGE`); every other call is an API error.
    static func ttrss(_ failure: Failure?, _ body: @escaping @Sendable (LoopbackServer) async throws -> Void) async throws {
        try await LoopbackServer.with { server in
            await server.route("POST /api/") { request in
                let body = try await request.bodyData
                let op = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["op"] as? String
                func json(_ text: String) -> HTTPResponse { HTTPResponse(statusCode: .ok, body: Data(text.utf8)) }
                switch op {
                case "login": return json(#"{"seq":0,"status":0,"content":{"session_id":"s1","api_level":18}}"#)
                case "updateArticle": return failure?.response ?? json(#"{"seq":0,"status":1,"content":{"error":"INCORRECT_USAGE"}}"#)
                default: return json(#"{"seq":0,"status":1,"content":{"error":"UNKNOWN_METHOD"}}"#)
                }
            }
            try await body(server)
        }
    }

    /// A cache with one synced feed of that server, and two changes made offline.
    static func queued(_ server: LoopbackServer) throws -> (CacheDatabase, SyncEngine) {
        let endpoint = server.url("/api/")
        let client = TTRSSClient(url: endpoint, login: "alice", password: SyncPassword("pw"), timeout: 5)
        let service = client.name
        let key = SyncedFeed.key(endpoint: endpoint, feed: 7)
        let cache = CacheDatabase()
        try cache.replaceSyncedFeeds(service: service, with: [
            SyncedFeed(key: key, service: service, remoteID: 7, title: "Seven", category: "", address: "http://example.com/7.xml", position: 0),
        ])
        _ = try cache.storeSyncedItems((101...102).map { id in
            CacheDatabase.SyncedItem(feedKey: key, item: FeedItem(id: "\(id)", title: "Article \(id)"), unread: true, starred: false)
        })
        try cache.markRead(feedURL: key, itemIDs: ["101"])
        try cache.setStar(StarredItem(source: key, id: "102", title: "Article 102", feedName: "Seven", author: "", date: nil, text: "",
                                      links: [], link: "", enclosures: []), starred: true)
        return (cache, SyncEngine(cache: cache, client: client))
    }

    @Test(arguments: Failure.allCases)
    func anAddressAnsweringButFailingKeepsEveryChangeQueued(_ failure: Failure) async throws {
        try await Self.ttrss(failure) { server in
            let (cache, engine) = try Self.queued(server)
            for sync in 1...4 {
                let report = engine.run()
                #expect(report.dropped.isEmpty, "sync \(sync): \(report.dropped)")
                #expect(report.pending == 2 && report.sent == 0, "sync \(sync): \(report)")
                #expect(report.failure != nil, "sync \(sync): a sync that sent nothing says why")
            }
            #expect(try cache.pendingSyncChangeCount() == 2)
        }
    }

    /// tt-rss's own JSON refusing the call is a refusal: tried three times, then dropped and said.
    @Test func theAPIsOwnRefusalIsCountedAndDroppedAtTheThirdSync() async throws {
        try await Self.ttrss(nil) { server in
            let (cache, engine) = try Self.queued(server)
            #expect(engine.run().dropped.isEmpty)
            #expect(engine.run().dropped.isEmpty)
            let third = engine.run()
            #expect(third.dropped.count == 2, "\(third)")
            #expect(third.dropped.allSatisfy { $0.contains("INCORRECT_USAGE") })
            #expect(try cache.pendingSyncChangeCount() == 0)
        }
    }

    /// A secure connection that fails (here, TLS spoken to a plain HTTP port, as a captive portal
    /// or a proxy in the way would) is no refusal either.
    @Test func aSecureConnectionThatFailsKeepsTheChanges() async throws {
        try await Self.ttrss(.badGateway) { server in
            let (cache, _) = try Self.queued(server)
            let tls = URL(string: "https://127.0.0.1:\(server.port)/api/")!
            let client = TTRSSClient(url: tls, login: "alice", password: SyncPassword("pw"), timeout: 5)
            // The cache's synced feed is the plain address's: the changes are sent as its.
            let engine = SyncEngine(cache: cache, backend: RenamedBackend(inner: TTRSSBackend(client: client), service: try cache.syncedFeeds()[0].service))
            for _ in 1...4 { #expect(engine.run().dropped.isEmpty) }
            #expect(try cache.pendingSyncChangeCount() == 2)
            do throws(TTRSSError) {
                _ = try client.logIn()
                Issue.record("TLS to a plain port logged in")
            } catch {
                #expect(error.reason == .failing, "\(error)")
            }
        }
    }

    /// Google Reader's edits answer `OK` or an HTTP error: no answer drops a change.
    @Test(arguments: Failure.allCases)
    func aGoogleReaderServerFailingKeepsEveryChange(_ failure: Failure) async throws {
        let server = try await GoogleReaderSyncTests.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let engine = GoogleReaderSyncTests.engine(server, cache)
        #expect(engine.run().failure == nil)
        let feed = try cache.syncedFeeds()[0]
        let ids = try #require(try cache.cachedFeed(url: feed.key)).feed.items.prefix(2).map(\.id)
        try cache.markRead(feedURL: feed.key, itemIDs: ids)
        server.misbehave { call in call == "edit-tag" ? failure.response : nil }
        for sync in 1...4 {
            let report = engine.run()
            #expect(report.dropped.isEmpty && report.pending == 2 && report.failure != nil, "sync \(sync): \(report)")
        }
        server.misbehave(nil)
        let back = engine.run()
        #expect(back.sent == 2 && back.pending == 0, "\(back)")
    }

    /// Every failure the HTTP layer gives is read once, for the sync and the downloads alike.
    @Test func everyFailureOfTheHTTPLayerIsClassifiedOnce() {
        func kind(_ kind: LoadError.Kind) -> HTTPFailureClass { HTTPFailureClass(LoadError(source: "x", kind: kind, "x")) }
        #expect(kind(.network) == .unreachable && kind(.timeout) == .unreachable)
        #expect(kind(.cancelled) == .cancelled)
        #expect([401, 403, 407].allSatisfy { kind(.httpStatus($0)) == .credentials })
        #expect([500, 502, 503, 504, 429, 408, 302, 307].allSatisfy { kind(.httpStatus($0)) == .failing })
        #expect(kind(.secureConnection) == .failing)
        #expect(kind(.notFound) == .refused && kind(.httpStatus(400)) == .refused && kind(.httpStatus(416)) == .refused)
        #expect(kind(.tooLarge) == .tooLarge && kind(.other) == .local && kind(.notData) == .local)
        #expect(kind(.httpStatus(503)).isTransient && kind(.network).isTransient && !kind(.notFound).isTransient)
    }
}

/// A backend under another service name: the changes of one address sent through another.
private struct RenamedBackend: SyncBackend {
    let inner: any SyncBackend
    let service: String

    var callCount: Int { inner.callCount }
    func isArticleID(_ id: String) -> Bool { inner.isArticleID(id) }
    func update(_ ids: [String], field: SyncChange.Field, value: Bool) throws(SyncError) -> Int { try inner.update(ids, field: field, value: value) }
    func catchUp(_ feed: SyncedFeed, madeAt: Date) throws(SyncError) { try inner.catchUp(feed, madeAt: madeAt) }
    func pull(into cache: CacheDatabase, itemsPerFeed: Int, report: inout SyncReport) throws {
        try inner.pull(into: cache, itemsPerFeed: itemsPerFeed, report: &report)
    }
}
