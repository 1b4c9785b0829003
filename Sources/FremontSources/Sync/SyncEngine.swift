import Foundation
import FremontCore

/// One sync with a feed service (a `SyncBackend`: Tiny Tiny RSS or the Google Reader API), offline first:
///
/// 1. The changes made here (read, unread, star, unstar) go up first, in the order made, runs of
///    the same change in one call. A server that does not answer, or answers but not as the
///    API (a 502, a captive portal, a redirect, a certificate not trusted), stops the sync there:
///    every change stays queued for the next. A change the API refuses in its own shape (an
///    article it does not have, an API error) is tried again at the next syncs,
///    `refusalAttempts` times in all, then dropped and said; one that a later change to the same item and field supersedes is dropped
///    at once (sent later, it would undo the newer one).
/// 2. The backend brings down the subscriptions (the synced feed list, categories as tags), the
///    new articles (paged, at most `itemsPerFeed` a feed a sync) and the read and starred state,
///    except where a change made here still waits (it is newer than what the server knew).
///
/// So the rule for conflicts: what you do in Fremont is sent before the server's state is read
/// back, and wins for that item and that field; everything else follows the server.
public struct SyncEngine: Sendable {
    public let cache: CacheDatabase
    public let backend: any SyncBackend
    /// Names the server in the cache (its API address, no user part).
    public let service: String
    public let itemsPerFeed: Int
    /// The config's `ignore-article` rules in download mode, and the feeds' tags and order they
    /// read: a new article they match is not kept, as a fetched feed's is not.
    public var ignored: (rule: FilterExpression, feeds: FilterFeedList)?

    public static let refusalAttempts = 3
    /// Articles a sync lists for their state, at most.
    public static let maximumStateIDs = 100_000
    /// Ids a single update carries.
    static let batchSize = 200

    public init(cache: CacheDatabase, backend: any SyncBackend, itemsPerFeed: Int = SyncSettings.defaultMinItems) {
        self.cache = cache
        self.backend = backend
        service = backend.service
        self.itemsPerFeed = itemsPerFeed
    }

    public init(cache: CacheDatabase, client: TTRSSClient, itemsPerFeed: Int = SyncSettings.defaultMinItems) {
        self.init(cache: cache, backend: TTRSSBackend(client: client), itemsPerFeed: itemsPerFeed)
    }

    /// Runs one sync; never throws: the report says what moved and what stopped it.
    public func run() -> SyncReport {
        var report = SyncReport()
        // New articles are stamped with the time they are stored: those of this sync, from here.
        let started = Date()
        do {
            try push(&report)
            try backend.pull(into: cache, itemsPerFeed: itemsPerFeed, report: &report)
            if let ignored {
                let dropped = try cache.dropIgnoredSyncedItems(service: service, since: started, ignoring: ignored.rule, feeds: ignored.feeds)
                report.newItems = max(0, report.newItems - dropped)
            }
            try cache.recordSync(service: service, sinceID: cache.syncSinceID(service: service))
        } catch let error as SyncError {
            report.failure = error.description
            report.offline = error.reason == .unreachable
        } catch {
            report.failure = "the cache: \(error)"
        }
        report.pending = (try? cache.pendingSyncChangeCount()) ?? 0
        return report
    }

    // MARK: Up

    private func push(_ report: inout SyncReport) throws {
        let feeds = Dictionary(uniqueKeysWithValues: try cache.syncedFeeds(service: service).map { ($0.key, $0) })
        // Bounded: a thousand at a time, until none is left or a pass sends nothing.
        for _ in 0..<1_000 {
            let changes = try cache.pendingSyncChanges(service: service).filter { !report.refusedIDs.contains($0.id) }
            if changes.isEmpty { return }
            var progressed = false
            var index = 0
            while index < changes.count {
                let first = changes[index]
                if first.field == .catchUp {
                    index += 1
                    guard let feed = feeds[first.feedURL] else { try cache.removeSyncChanges([first.id]); continue }
                    if try send([first], report: &report, { try backend.catchUp(feed, madeAt: first.madeAt); return 1 }) { progressed = true }
                    continue
                }
                // A run of the same change (read, or unread, or star…): one call.
                var run = [first]
                while index + run.count < changes.count, run.count < Self.batchSize {
                    let next = changes[index + run.count]
                    guard next.field == first.field, next.value == first.value else { break }
                    run.append(next)
                }
                index += run.count
                if try sendRun(run, report: &report) { progressed = true }
            }
            if !progressed { return }
        }
    }

    /// A run of one change to several articles; when the server changed fewer than asked, each
    /// is sent alone to find the ones it refuses.
    private func sendRun(_ run: [SyncChange], report: inout SyncReport) throws -> Bool {
        let field = run[0].field
        let value = run[0].value
        let valid = run.filter { backend.isArticleID($0.itemID) }
        let invalid = run.filter { !backend.isArticleID($0.itemID) }
        if !invalid.isEmpty { try refuse(invalid, "not an article of the server", report: &report) }
        guard !valid.isEmpty else { return true }
        let ids = valid.map(\.itemID)
        if valid.count > 1 {
            let updated = try attempt(valid, report: &report) { try backend.update(ids, field: field, value: value) }
            if updated == ids.count {
                try cache.removeSyncChanges(valid.map(\.id))
                report.sent += valid.count
                return true
            }
            if updated == nil { return false }
        }
        var progressed = false
        for change in valid {
            if try send([change], report: &report, { try backend.update([change.itemID], field: field, value: value) }) { progressed = true }
        }
        return progressed
    }

    /// Sends one change; true when the server took it.
    private func send(_ changes: [SyncChange], report: inout SyncReport, _ call: () throws -> Int) throws -> Bool {
        guard let updated = try attempt(changes, report: &report, call) else { return false }
        guard updated >= changes.count else {
            try refuse(changes, "the server has no such article", report: &report)
            return false
        }
        try cache.removeSyncChanges(changes.map(\.id))
        report.sent += changes.count
        return true
    }

    /// Runs a call; a refusal in the API's own shape is counted against the changes (nil
    /// returned); anything else (no answer, a login refused, an address answering but not as
    /// the API, junk) ends the sync (thrown), every change still queued.
    private func attempt(_ changes: [SyncChange], report: inout SyncReport, _ call: () throws -> Int) throws -> Int? {
        do {
            return try call()
        } catch let error as SyncError where error.reason == .refused {
            try refuse(changes, error.description, report: &report)
            return nil
        }
    }

    private func refuse(_ changes: [SyncChange], _ reason: String, report: inout SyncReport) throws {
        report.refusedIDs.formUnion(changes.map(\.id))
        let dropped = try cache.refuseSyncChanges(changes.map(\.id), because: reason, attempts: Self.refusalAttempts)
        for change in dropped {
            let what = change.field == .catchUp ? "all read" : change.field == .read ? (change.value ? "read" : "unread")
                : (change.value ? "star" : "unstar")
            report.dropped.append("\(what) of article \(change.itemID) (\(change.feedURL)) refused \(change.attempts) times, dropped: \(reason)")
        }
    }
}
