import FlyingFox
import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// Sync with a Google Reader API server (the loopback one written from FreshRSS's documentation,
/// with its id and token formats): subscriptions and items come down, marks and stars made here
/// go up, the server's come down, changes made while it is down all arrive once it is back (none
/// twice, across a restart), the conflict rule is tt-rss's, and a server that changes its ids or
/// answers junk leaves the cache as it was.
@Suite(.serialized) struct GoogleReaderSyncTests {
    static func engine(_ server: GoogleReaderServer, _ cache: CacheDatabase, password: String = GoogleReaderServer.password,
                       itemsPerFeed: Int = 100) -> SyncEngine {
        let client = GoogleReaderClient(base: URL(string: server.url)!, source: "freshrss", login: GoogleReaderServer.login,
                                        password: SyncPassword(password), timeout: 5)
        return SyncEngine(cache: cache, backend: GoogleReaderBackend(client: client), itemsPerFeed: itemsPerFeed)
    }

    /// A server with two feeds (News, 30 items; Tech, 15), started.
    static func server() async throws -> GoogleReaderServer {
        let server = GoogleReaderServer()
        server.subscribe(title: "Daily News", url: "https://news.example.com/feed.xml", category: "News", entries: 30)
        server.subscribe(title: "Tech Weekly", url: "https://tech.example.com/rss", category: "Tech", entries: 15)
        try await server.start()
        return server
    }

    static func star(_ feed: String, _ id: String) -> StarredItem {
        StarredItem(source: feed, id: id, title: id, feedName: "", author: "", date: nil, text: "", links: [], link: "", enclosures: [])
    }

    @Test func itemIDsInEveryFormAndJunk() {
        // FreshRSS's long form is the short id in 16 hex digits.
        #expect(GoogleReaderItemID.canonical("tag:google.com,2005:reader/item/00060a24181e5388") == "1700000000005000")
        #expect(GoogleReaderItemID.canonical("1700000000005000") == "1700000000005000")
        #expect(GoogleReaderItemID.longForm("1700000000005000") == "tag:google.com,2005:reader/item/00060a24181e5388")
        // Google's ids were signed: the top bit set is a negative decimal.
        #expect(GoogleReaderItemID.canonical("tag:google.com,2005:reader/item/ffffffffffffffff") == "-1")
        #expect(GoogleReaderItemID.longForm("-1") == "tag:google.com,2005:reader/item/ffffffffffffffff")
        // The Old Reader's ObjectIds.
        #expect(GoogleReaderItemID.canonical("tag:google.com,2005:reader/item/5a1E0b2c3d4e5f6a7b8c9d0e") == "5a1e0b2c3d4e5f6a7b8c9d0e")
        #expect(GoogleReaderItemID.longForm("5a1e0b2c3d4e5f6a7b8c9d0e") == "tag:google.com,2005:reader/item/5a1e0b2c3d4e5f6a7b8c9d0e")
        for junk in ["", "abc", "12a", "tag:google.com,2005:reader/item/", "tag:google.com,2005:reader/item/xyz",
                     "99999999999999999999", "1; DROP TABLE item", String(repeating: "1", count: 100)] {
            #expect(GoogleReaderItemID.canonical(junk) == nil, "\(junk)")
        }
    }

    @Test func subscriptionsAndItemsComeDownAndMarksGoUpAndComeBack() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let engine = Self.engine(server, cache)
        let first = engine.run()
        #expect(first.failure == nil, "\(first.failure ?? "")")
        #expect(first.feeds == 2 && first.feedsAdded == 2 && first.newItems == 45)
        let feeds = try cache.syncedFeeds()
        #expect(feeds.map(\.title) == ["Daily News", "Tech Weekly"])
        #expect(feeds.map(\.category) == ["News", "Tech"])
        #expect(feeds.map(\.stream) == ["feed/1", "feed/2"])
        #expect(feeds[0].key == "freshrss://127.0.0.1:\(server.port)/api/greader.php/feed/feed%2F1")
        // The cache holds the server's short ids, its titles as plain text, newest first.
        let news = try #require(try cache.cachedFeed(url: feeds[0].key))
        let ids = server.entries.filter { $0.feed == 1 }.map { String($0.id) }
        #expect(news.feed.items.map(\.id) == ids.reversed())
        #expect(news.feed.items.first?.author == "Alice & Bob")
        #expect(news.readItemIDs.isEmpty)

        // Here: read two, star one, all of Tech read.
        try cache.markRead(feedURL: feeds[0].key, itemIDs: [ids[0], ids[1]])
        try cache.setStar(Self.star(feeds[0].key, ids[2]), starred: true)
        try cache.markAllRead(feedURL: feeds[1].key)
        let up = engine.run()
        #expect(up.failure == nil && up.sent == 4 && up.pending == 0, "\(up)")
        let tech = Set(server.entries.filter { $0.feed == 2 }.map(\.id))
        #expect(server.readIDs == tech.union([Int64(ids[0])!, Int64(ids[1])!]))
        #expect(server.starredIDs == [Int64(ids[2])!])

        // On the server (another device): one read, one starred, ours unstarred, one unread again.
        server.mark(Int64(ids[5])!, read: true)
        server.mark(Int64(ids[6])!, starred: true)
        server.mark(Int64(ids[2])!, starred: false)
        server.mark(Int64(ids[0])!, read: false)
        let down = engine.run()
        #expect(down.sent == 0 && down.server == CacheDatabase.ServerStateChanges(read: 1, unread: 1, starred: 1, unstarred: 1), "\(down)")
        let after = try #require(try cache.cachedFeed(url: feeds[0].key))
        #expect(after.readItemIDs == [ids[1], ids[5]])
        #expect(after.starredIDs == [ids[6]])

        // New items on the server come at the next sync, and only they.
        server.add(feed: 2, count: 3)
        let more = engine.run()
        #expect(more.newItems == 3 && more.failure == nil)
        #expect(try cache.syncedItemIDs(service: engine.service).count == 48)
    }

    /// The rule (tt-rss's): a change made here and not yet sent wins for its item and field.
    @Test func aChangeWaitingHereWinsOverTheServer() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let engine = Self.engine(server, cache)
        _ = engine.run()
        let key = try #require(try cache.syncedFeeds().first?.key)
        let id = try #require(server.entries.first?.id)
        // Read here, unread and starred there (later, on the other device): the read here is sent
        // first, so it stands; the star, not touched here, comes down.
        try cache.markRead(feedURL: key, itemIDs: [String(id)])
        server.mark(id, read: false, starred: true)
        let report = engine.run()
        #expect(report.sent == 1)
        #expect(server.readIDs.contains(id))
        let feed = try #require(try cache.cachedFeed(url: key))
        #expect(feed.readItemIDs.contains(String(id)) && feed.starredIDs.contains(String(id)))
    }

    @Test func changesMadeWhileTheServerIsDownAllArriveOnceAcrossARestart() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        let ids = server.entries.filter { $0.feed == 1 }.map { String($0.id) }
        do {
            let cache = try CacheDatabase(path: path)
            #expect(Self.engine(server, cache).run().failure == nil)
            await server.stop()
            let key = try cache.syncedFeeds()[0].key
            try cache.markRead(feedURL: key, itemIDs: [ids[0], ids[1], ids[2]])
            try cache.setStar(Self.star(key, ids[3]), starred: true)
            let offline = Self.engine(server, cache).run()
            #expect(offline.offline && offline.pending == 4 && offline.sent == 0, "\(offline)")
            // The cache still reads whole while the server is gone.
            #expect(try cache.cachedFeed(url: key)?.feed.items.count == 30)
        }
        // A restart (the cache opened again), one more change, the server back.
        let cache = try CacheDatabase(path: path)
        let key = try cache.syncedFeeds()[0].key
        try cache.markRead(feedURL: key, itemIDs: [ids[2]], read: false)
        #expect(try cache.pendingSyncChangeCount() == 5)
        try await server.start()
        let back = Self.engine(server, cache).run()
        #expect(back.failure == nil && back.sent == 5 && back.pending == 0, "\(back)")
        #expect(server.readIDs == Set([ids[0], ids[1]].compactMap(Int64.init)))
        #expect(server.starredIDs == [Int64(ids[3])!])
        // Each change once, in the order made.
        #expect(server.edits.map { "\($0.action) \($0.id)" } == [
            "a=read \(ids[0])", "a=read \(ids[1])", "a=read \(ids[2])", "a=starred \(ids[3])", "r=read \(ids[2])",
        ])
        let again = Self.engine(server, cache).run()
        #expect(again.sent == 0 && server.edits.count == 5)
    }

    @Test func aWrongPasswordSaysToCheckTheLoginAndNeverShowsThePassword() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let report = Self.engine(server, cache, password: "Wrong-Secret-42").run()
        let failure = try #require(report.failure)
        #expect(failure.contains("check freshrss-login and the password"), "\(failure)")
        #expect(!failure.contains("Wrong-Secret-42") && !report.lines.joined().contains("Wrong-Secret-42"))
        #expect(!report.offline)
        #expect(try cache.syncedFeeds().isEmpty)
    }

    @Test func staleTokensAreFetchedAgainOnce() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let engine = Self.engine(server, cache)
        _ = engine.run()
        let key = try cache.syncedFeeds()[0].key
        let id = try #require(server.entries.first?.id)
        try cache.markRead(feedURL: key, itemIDs: [String(id)])
        server.rotateTokens()
        let report = engine.run()
        #expect(report.failure == nil && report.sent == 1, "\(report)")
        #expect(server.readIDs == [id])
    }

    /// Items come in pages of ids (`continuation`), at most `min-items` a feed.
    @Test func pagesAreFollowedAndEachFeedIsBounded() async throws {
        let server = GoogleReaderServer()
        server.subscribe(title: "Big", url: "https://big.example.com/feed", category: "X", entries: 2_600)
        server.subscribe(title: "Small", url: "https://small.example.com/feed", category: "X", entries: 5)
        try await server.start()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let report = Self.engine(server, cache, itemsPerFeed: 2_000).run()
        #expect(report.failure == nil, "\(report.failure ?? "")")
        // The Big feed's newest 2,000 (of three pages of ids); Small's come after them.
        let feeds = try cache.syncedFeeds()
        #expect(try cache.syncedItemCount(feedURL: feeds[0].key) == 2_000)
        #expect(try cache.syncedItemCount(feedURL: feeds[1].key) == 5)
        #expect(report.itemsLeft)
        // The state of every item was listed whole: 2,605 unread ids, in three pages.
        server.mark(server.entries.last!.id, read: true)
        #expect(Self.engine(server, cache, itemsPerFeed: 2_000).run().server.read == 1)
    }

    /// Junk and changed ids: nothing of them reaches the cache, and the cache keeps what it had.
    @Test func junkAndChangedIDsLeaveTheCacheAsItWas() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        let engine = Self.engine(server, cache)
        _ = engine.run()
        let before = try cache.syncedItemIDs(service: engine.service)
        // Not JSON at all.
        server.misbehave { call in call == "subscription/list" ? HTTPResponse(statusCode: .ok, body: Data("<html>maintenance</html>".utf8)) : nil }
        let junk = engine.run()
        #expect(junk.failure?.contains("not the Google Reader API's JSON") == true, "\(junk)")
        #expect(try cache.syncedFeeds().count == 2 && cache.syncedItemIDs(service: engine.service) == before)
        // Ids that are not ids, and contents that give other ids than asked (a server that changed
        // its ids) or items of a feed never subscribed.
        server.add(feed: 1, count: 2)
        server.misbehave { call in
            switch call {
            case "stream/items/ids":
                let body = #"{"itemRefs":[{"id":"'; DROP TABLE item"},{"id":"99999999999999999999"},{"id":"1800000000000000"}],"continuation":"x"}"#
                return HTTPResponse(statusCode: .ok, body: Data(body.utf8))
            case "stream/items/contents":
                let body = #"{"items":[{"id":"tag:google.com,2005:reader/item/0000000000000001","origin":{"streamId":"feed/1"}},"#
                    + #"{"id":"tag:google.com,2005:reader/item/000665f29b6f8000","origin":{"streamId":"feed/999"}},{"nonsense":true}]}"#
                return HTTPResponse(statusCode: .ok, body: Data(body.utf8))
            default: return nil
            }
        }
        let changed = engine.run()
        #expect(changed.newItems == 0, "\(changed)")
        #expect(changed.warnings.contains { $0.contains("2 listed ids not of the API's forms skipped") }, "\(changed.warnings)")
        #expect(changed.warnings.contains { $0.contains("3 items not asked for") }, "\(changed.warnings)")
        #expect(try cache.syncedItemIDs(service: engine.service) == before)
        server.misbehave(nil)
        #expect(engine.run().newItems == 2)
    }

    /// newsboat's names for every service, its defaults, and warnings that never repeat a secret.
    @Test func settingsTakeNewsboatsNamesForEveryService() throws {
        var settings = SyncSettings()
        func apply(_ key: String, _ value: String) -> String? {
            settings.apply(key: key, value: value, at: SourceLocation(line: 1))?.message
        }
        for source in ["freshrss", "miniflux", "inoreader", "oldreader"] {
            #expect(apply("urls-source", "\"\(source)\"") == nil)
            #expect(settings.source.rawValue == source && settings.source.isGoogleReader)
        }
        #expect(apply("freshrss-url", "\"http://127.0.0.1:9/api/greader.php\"") == nil)
        #expect(apply("freshrss-login", "alice") == nil)
        #expect(apply("freshrss-passwordeval", "printf secret-pw") == nil)
        #expect(apply("freshrss-min-items", "0")?.contains("freshrss-min-items must be a whole number") == true)
        #expect(apply("freshrss-flag-star", "\"s\"") == nil)
        #expect(apply("freshrss-show-special-feeds", "true") == nil)
        #expect(apply("inoreader-app-key", "key-secret-1") == nil)
        #expect(apply("urls-source", "feedbin")?.contains("ttrss, freshrss, miniflux, inoreader, oldreader") == true)
        #expect(settings.account(.freshrss).minItems == 20 && settings.account(.miniflux).minItems == 100)
        #expect(settings.account(.ttrss).minItems == 100)
        _ = apply("urls-source", "freshrss")
        let active = try #require(try settings.activeAccount())
        #expect(active.url.absoluteString == "http://127.0.0.1:9/api/greader.php" && active.login == "alice")
        #expect(active.password.value == "secret-pw" && "\(active.password)" == "***")
        // The hosted services have their address; a login is still needed.
        _ = apply("urls-source", "oldreader")
        #expect(throws: SyncError.self) { try settings.activeAccount() }
        _ = apply("oldreader-login", "bob")
        _ = apply("oldreader-password", "pw")
        #expect(try settings.activeAccount()?.url.absoluteString == "https://theoldreader.com")
        for key in ["freshrss-url", "miniflux-passwordfile", "inoreader-app-id", "oldreader-min-items", "ttrss-mode"] {
            #expect(SyncSettings.keys.contains(key), "\(key)")
        }
    }

    /// A call carrying the Auth token is never sent on to a redirect.
    @Test func aRedirectedCallIsNotFollowedWithTheToken() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let port = server.port
        server.misbehave { call in
            call == "subscription/list"
                ? HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "http://127.0.0.1:\(port)/elsewhere"])) : nil
        }
        let report = Self.engine(server, CacheDatabase()).run()
        #expect(report.failure?.contains("a request with a body or a token is not sent on") == true, "\(report.failure ?? "")")
    }

    /// The download mode's ignore rules apply to synced articles as to fetched ones: by title,
    /// and by a synced feed's category as its tag (they were stored and counted, every one).
    @Test func ignoreRulesApplyToSyncedArticles() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let cache = CacheDatabase()
        var engine = Self.engine(server, cache)
        // The feeds' tags as the browser gives them: each synced feed's category.
        _ = Self.engine(server, CacheDatabase()).run()
        engine.ignored = (try FilterExpression(parsing: "tags # \"Tech\" or title =~ \"item 1$\""), FilterFeedList())
        let first = engine.run()
        #expect(first.failure == nil, "\(first)")
        let feeds = try cache.syncedFeeds()
        engine.ignored?.feeds = FilterFeedList(urls: feeds.map(\.key), tags: Dictionary(uniqueKeysWithValues: feeds.map { ($0.key, [$0.category]) }))
        // Without the tags known, only the title rule: "Daily News item 1" and "Tech Weekly item 1".
        #expect(first.newItems == 43, "\(first)")
        server.add(feed: 2, count: 2)
        server.add(feed: 1, count: 1)
        let second = engine.run()
        // Tech's two new ones go by their tag; News' one stays.
        let newsTitles = (try cache.cachedFeed(url: feeds.first { $0.category == "News" }!.key)?.feed.items.map(\.title)) ?? []
        #expect(second.newItems == 1, "\(second) news: \(newsTitles.prefix(3))")
        let tech = try #require(feeds.first { $0.category == "Tech" })
        #expect(try cache.cachedFeed(url: tech.key)?.feed.items.contains { $0.title.hasPrefix("New") } == false)
        #expect(try cache.itemCount(.filter(try FilterExpression(parsing: "title =~ \"item 1$\""))) == 0)
    }
}
