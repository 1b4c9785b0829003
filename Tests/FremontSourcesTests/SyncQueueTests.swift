import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontSources

/// The cache's side of a sync, without a server: changes to synced items are queued in the
/// transaction that makes them, kept across a restart, taken back in order; the conflict rule;
/// a change refused too often is dropped; and the client reads junk and refusals as such.
@Suite struct SyncQueueTests {
    static let service = "http://127.0.0.1:9/api/"
    static let key = SyncedFeed.key(endpoint: URL(string: service)!, feed: 7)

    /// A cache with one synced feed of three articles (ids 101, 102, 103), all unread.
    static func syncedCache(at path: String? = nil) throws -> CacheDatabase {
        let cache = try path.map { try CacheDatabase(path: $0) } ?? CacheDatabase()
        try cache.replaceSyncedFeeds(service: service, with: [
            SyncedFeed(key: key, service: service, remoteID: 7, title: "Seven", category: "News", address: "http://example.com/7.xml", position: 0),
        ])
        let items = (101...103).map { id in
            CacheDatabase.SyncedItem(feedKey: key, item: FeedItem(id: "\(id)", title: "Article \(id)", content: "<p>text \(id)</p>"),
                                     unread: true, starred: false)
        }
        #expect(try cache.storeSyncedItems(items) == 3)
        return cache
    }

    static func star(_ id: String) -> StarredItem {
        StarredItem(source: key, id: id, title: "Article \(id)", feedName: "Seven", author: "", date: nil, text: "", links: [], link: "",
                    enclosures: [])
    }

    @Test func marksAndStarsOfSyncedItemsAreQueuedInOrderAndOthersAreNot() throws {
        let cache = try Self.syncedCache()
        try cache.markRead(feedURL: Self.key, itemIDs: ["101", "102"])
        try cache.setStar(Self.star("102"), starred: true)
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"], read: false)
        // A feed from the feeds file: nothing to send anywhere.
        try cache.markRead(feedURL: "https://example.com/local.xml", itemIDs: ["x"])
        let pending = try cache.pendingSyncChanges()
        #expect(pending.map { "\($0.field.rawValue) \($0.itemID) \($0.value)" }
                == ["read 101 true", "read 102 true", "starred 102 true", "read 101 false"])
    }

    @Test func theQueueOutlivesARestart() throws {
        let home = try TestHome()
        let path = home.file("cache.sqlite").path
        do {
            let cache = try Self.syncedCache(at: path)
            try cache.markRead(feedURL: Self.key, itemIDs: ["103"])
        }
        let reopened = try CacheDatabase(path: path)
        #expect(try reopened.pendingSyncChanges().map(\.itemID) == ["103"])
        #expect(try reopened.syncedFeeds().map(\.title) == ["Seven"])
    }

    /// The rule: a change made here and not yet sent wins for its item and field; everything
    /// else takes the server's state.
    @Test func aChangeWaitingHereWinsAndTheServerDecidesTheRest() throws {
        let cache = try Self.syncedCache()
        // Here: 101 marked unread again after a read (both waiting), 102 starred (waiting).
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"])
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"], read: false)
        try cache.setStar(Self.star("102"), starred: true)
        // The server: everything read, nothing starred but 103.
        let changes = try cache.applyServerState(service: Self.service, unread: [], starred: [103])
        #expect(changes == CacheDatabase.ServerStateChanges(read: 2, unread: 0, starred: 1, unstarred: 0))
        let feed = try #require(try cache.cachedFeed(url: Self.key))
        #expect(feed.readItemIDs == ["102", "103"])
        #expect(feed.starredIDs == ["102", "103"])
        // Sent (the queue emptied), the server's word is taken for 101 too.
        try cache.removeSyncChanges(try cache.pendingSyncChanges().map(\.id))
        _ = try cache.applyServerState(service: Self.service, unread: [], starred: [103])
        #expect(try cache.cachedFeed(url: Self.key)?.readItemIDs == ["101", "102", "103"])
        #expect(try cache.cachedFeed(url: Self.key)?.starredIDs == ["103"])
    }

    /// A listing cut short concludes nothing from what it lacks.
    @Test func anIncompleteListingChangesNothing() throws {
        let cache = try Self.syncedCache()
        #expect(try cache.applyServerState(service: Self.service, unread: nil, starred: nil) == CacheDatabase.ServerStateChanges())
        #expect(try cache.cachedFeed(url: Self.key)?.readItemIDs == [])
    }

    @Test func aChangeRefusedThreeTimesIsDroppedNotRetriedForever() throws {
        let cache = try Self.syncedCache()
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"])
        let id = try #require(try cache.pendingSyncChanges().first?.id)
        #expect(try cache.refuseSyncChanges([id], because: "no", attempts: 3).isEmpty)
        #expect(try cache.refuseSyncChanges([id], because: "no", attempts: 3).isEmpty)
        let dropped = try cache.refuseSyncChanges([id], because: "no", attempts: 3)
        #expect(dropped.map(\.itemID) == ["101"])
        #expect(try cache.pendingSyncChangeCount() == 0)
    }

    /// Sent after the newer change, a refused older one would undo it at a later sync.
    @Test func aRefusedChangeThatALaterOneSupersedesGoesAtOnce() throws {
        let cache = try Self.syncedCache()
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"])
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"], read: false)
        let first = try #require(try cache.pendingSyncChanges().first)
        #expect(try cache.refuseSyncChanges([first.id], because: "no", attempts: 3).isEmpty)
        #expect(try cache.pendingSyncChanges().map(\.value) == [false])
    }

    @Test func aFeedTheServerDropsLeavesWithItsItemsAndChanges() throws {
        let cache = try Self.syncedCache()
        try cache.markRead(feedURL: Self.key, itemIDs: ["101"])
        let (_, removed) = try cache.replaceSyncedFeeds(service: Self.service, with: [])
        #expect(removed == [Self.key])
        #expect(try cache.cachedFeed(url: Self.key) == nil)
        #expect(try cache.pendingSyncChangeCount() == 0)
    }

    // MARK: The client against answers that are not tt-rss's

    @Test func junkARefusedLoginAndAnUnreachableServerAreToldApart() async throws {
        try await LoopbackServer.with(answering: { request in
            if request.path.hasPrefix("/junk") { return .init(body: Data("<html>not json</html>".utf8)) }
            if request.path.hasPrefix("/denied") { return .init(status: .unauthorized) }
            return .init(body: Data(#"{"seq":0,"status":1,"content":{"error":"LOGIN_ERROR"}}"#.utf8))
        }) { server in
            func reason(_ path: String) -> TTRSSError.Reason? {
                let client = TTRSSClient(url: server.url(path), login: "alice", password: SyncPassword("s3cret-pw"), timeout: 5)
                do {
                    _ = try client.feeds()
                    return nil
                } catch {
                    #expect(!error.description.contains("s3cret-pw"))
                    return error.reason
                }
            }
            #expect(reason("/junk/") == .failing)
            #expect(reason("/denied/") == .login)
            #expect(reason("/wrong/") == .login)
        }
        let closed = TTRSSClient(url: URL(string: "http://127.0.0.1:9/")!, login: "alice", password: SyncPassword("x"), timeout: 5)
        #expect(throws: TTRSSError.self) { try closed.logIn() }
        do { try closed.logIn() } catch { #expect(error.reason == .unreachable) }
    }

    @Test func thePasswordIsNeverPrinted() {
        let password = SyncPassword("s3cret-pw")
        #expect("\(password)" == "***")
        #expect(String(reflecting: password) == "***")
        var settings = SyncSettings()
        _ = settings.apply(key: "ttrss-password", value: "s3cret-pw", at: SourceLocation(line: 1))
        #expect(!String(reflecting: settings).contains("s3cret-pw"))
    }

    @Test func passwordevalRunsTheCommandWithoutAShell() throws {
        var settings = SyncSettings()
        for (key, value) in [("urls-source", "\"ttrss\""), ("ttrss-url", "http://127.0.0.1:9/"), ("ttrss-login", "alice"),
                             ("ttrss-passwordeval", "printf 'pw;echo hi\\nsecond'")] {
            #expect(settings.apply(key: key, value: value, at: SourceLocation(line: 1)) == nil)
        }
        let account = try #require(try settings.ttrssAccount())
        // printf's own words: a shell would have run `echo hi` after the ';'.
        #expect(account.password.value == "pw;echo hi")
    }

    /// The time limit holds when the command starts a child, and ends that child too (it held
    /// the sync 50 s past a 30 s limit, and lived on).
    @Test func passwordevalsLimitEndsTheCommandsChildrenToo() throws {
        let home = try TestHome()
        let pidFile = home.file("child.pid").path
        let started = Date()
        do {
            _ = try PasswordCommand.run("sh -c 'sleep 30 & echo $! > \(pidFile); sleep 30'", what: "ttrss-passwordeval", timeout: 1)
            Issue.record("a command that never answers gave a password")
        } catch {
            #expect(error.description.contains("was stopped"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) < 5)
        let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Ended with the group (reaped by init, or about to be).
        var alive = kill(child, 0) == 0
        for _ in 0..<20 where alive {
            usleep(50_000)
            alive = kill(child, 0) == 0 && !Self.isZombie(child)
        }
        #expect(!alive)
        // A command that answers and leaves a helper behind: its password, at once.
        let quick = Date()
        let password = try PasswordCommand.run("sh -c 'echo s3cret; sleep 5 &'", what: "ttrss-passwordeval", timeout: 10)
        #expect(password.value == "s3cret")
        #expect(Date().timeIntervalSince(quick) < 3)
    }

    private static func isZombie(_ pid: Int32) -> Bool {
        ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
    }
}
