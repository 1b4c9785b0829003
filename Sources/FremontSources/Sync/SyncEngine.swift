import Foundation
import FremontCore

/// One sync with Tiny Tiny RSS, offline first:
///
/// 1. The changes made here (read, unread, star, unstar) go up first, in the order made, runs of
///    the same change in one call. A server that does not answer stops the sync there: every
///    change stays queued for the next. A change the server refuses (an article it does not
///    have, an error) is tried again at the next syncs, `refusalAttempts` times in all, then
///    dropped and said; one that a later change to the same item and field supersedes is dropped
///    at once (sent later, it would undo the newer one).
/// 2. The subscriptions come down: they are the synced feed list, categories as tags.
/// 3. New articles come down (`since_id`, paged, at most `itemsPerFeed` a feed a sync).
/// 4. The server's counters say which feeds' unread or starred counts differ from the cache's;
///    those feeds' articles are listed, and their read and starred state is taken, except where
///    a change made here still waits (it is newer than what the server knew).
///
/// So the rule for conflicts: what you do in Fremont is sent before the server's state is read
/// back, and wins for that item and that field; everything else follows the server.
public struct SyncEngine: Sendable {
    public let cache: CacheDatabase
    public let client: TTRSSClient
    /// Names the server in the cache (its API address, no user part).
    public let service: String
    public let itemsPerFeed: Int

    public static let refusalAttempts = 3
    /// Articles a sync lists for their state, at most.
    public static let maximumStateIDs = 100_000
    /// Ids a single updateArticle carries.
    static let batchSize = 200

    public init(cache: CacheDatabase, client: TTRSSClient, itemsPerFeed: Int = SyncSettings.defaultMinItems) {
        self.cache = cache
        self.client = client
        service = client.name
        self.itemsPerFeed = itemsPerFeed
    }

    /// Runs one sync; never throws: the report says what moved and what stopped it.
    public func run() -> SyncReport {
        var report = SyncReport()
        do {
            try push(&report)
            var added = Set<Int>()
            try pullFeeds(&report, &added)
            try pullItems(&report, added: added)
            try pullState(&report)
            try cache.recordSync(service: service, sinceID: cache.syncSinceID(service: service))
        } catch let error as TTRSSError {
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
                    if try send([first], report: &report, { try client.catchUp(feed: feed.remoteID); return 1 }) { progressed = true }
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
        let field: TTRSSClient.Field = run[0].field == .starred ? .starred : .unread
        // Read is unread = false on the server.
        let value = run[0].field == .starred ? run[0].value : !run[0].value
        let valid = run.filter { Int($0.itemID) != nil }
        let invalid = run.filter { Int($0.itemID) == nil }
        if !invalid.isEmpty { try refuse(invalid, "not an article of the server", report: &report) }
        guard !valid.isEmpty else { return true }
        let ids = valid.compactMap { Int($0.itemID) }
        if valid.count > 1 {
            let updated = try attempt(valid, report: &report) { try client.updateArticles(ids, field: field, value: value) }
            if updated == ids.count {
                try cache.removeSyncChanges(valid.map(\.id))
                report.sent += valid.count
                return true
            }
            if updated == nil { return false }
        }
        var progressed = false
        for change in valid {
            let id = Int(change.itemID)!
            if try send([change], report: &report, { try client.updateArticles([id], field: field, value: value) }) { progressed = true }
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

    /// Runs a call; a refusal is counted against the changes (nil returned), a server that does
    /// not answer or refuses the login ends the sync (thrown).
    private func attempt(_ changes: [SyncChange], report: inout SyncReport, _ call: () throws -> Int) throws -> Int? {
        do {
            return try call()
        } catch let error as TTRSSError where error.reason == .refused || error.reason == .junk {
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

    // MARK: Down

    private func pullFeeds(_ report: inout SyncReport, _ addedFeeds: inout Set<Int>) throws {
        let categories = Dictionary(try client.categories().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int>()
        var feeds: [SyncedFeed] = []
        for feed in try client.feeds() where seen.insert(feed.id).inserted {
            let category = categories[feed.categoryID].map { TerminalSafeText.singleLine($0) } ?? ""
            feeds.append(SyncedFeed(key: SyncedFeed.key(endpoint: client.endpoint, feed: feed.id), service: service,
                                    remoteID: feed.id, title: TerminalSafeText.singleLine(feed.title),
                                    category: category == "Uncategorized" ? "" : category,
                                    address: RedactedURL.text(feed.feedURL), position: feeds.count))
        }
        let (added, removed) = try cache.replaceSyncedFeeds(service: service, with: feeds)
        addedFeeds = Set(feeds.filter { added.contains($0.key) }.map(\.remoteID))
        report.feeds = feeds.count
        report.feedsAdded = added.count
        report.feedsRemoved = removed.count
    }

    private func pullItems(_ report: inout SyncReport, added: Set<Int>) throws {
        let feeds = Dictionary(uniqueKeysWithValues: try cache.syncedFeeds(service: service).map { ($0.remoteID, $0.key) })
        let since = try cache.syncSinceID(service: service)
        let limit = max(TTRSSClient.pageSize, itemsPerFeed * max(1, feeds.count))
        var newest = since
        var perFeed: [Int: Int] = [:]
        /// Takes a page; how many of its items were kept.
        func take(_ page: [TTRSSHeadline]) throws -> Int {
            var items: [CacheDatabase.SyncedItem] = []
            for headline in page {
                guard headline.id > 0, let key = feeds[headline.feedID] else { continue }
                newest = max(newest, headline.id)
                // A feed that brings more than its share leaves the rest: the newest come first.
                guard perFeed[headline.feedID, default: 0] < itemsPerFeed else { report.itemsLeft = true; continue }
                perFeed[headline.feedID, default: 0] += 1
                items.append(CacheDatabase.SyncedItem(feedKey: key, item: headline.item, unread: headline.unread, starred: headline.starred))
            }
            report.newItems += try cache.storeSyncedItems(items)
            return items.count
        }
        // Every article newer than the last sync's newest, page by page; bounded by pages too,
        // so a server that ignores `skip` cannot keep the loop going.
        var taken = 0
        var skip = 0
        for _ in 0..<(limit / TTRSSClient.pageSize + 2) where taken < limit {
            let page = try client.headlines(feed: -4, sinceID: since, skip: skip, limit: TTRSSClient.pageSize)
            skip += page.count
            taken += try take(page)
            if page.count < TTRSSClient.pageSize { break }
        }
        if taken >= limit { report.itemsLeft = true }
        // A feed subscribed since the last sync may hold articles older than its newest (the
        // server had them for another reader): its newest come whole.
        if since > 0 {
            for feed in added.sorted() where feeds[feed] != nil && perFeed[feed, default: 0] < itemsPerFeed {
                _ = try take(try client.headlines(feed: feed, limit: itemsPerFeed - perFeed[feed, default: 0]))
            }
        }
        try cache.recordSync(service: service, sinceID: newest)
    }

    /// The server's counters (one call) say which feeds' unread or starred counts differ from
    /// the cache's; only those feeds' articles are listed (no content, as many as the cache holds
    /// of the feed), and their state is taken for the articles listed.
    private func pullState(_ report: inout SyncReport) throws {
        let counters = try client.counters()
        let local = try cache.syncedFeedCounts(service: service)
        var states: [Int: (unread: Bool, starred: Bool)] = [:]
        for feed in try cache.syncedFeeds(service: service) {
            guard let server = counters[feed.remoteID] else { continue }
            let here = local[feed.key] ?? (0, 0)
            guard server.unread != here.unread || server.starred != here.starred else { continue }
            let held = try cache.syncedItemCount(feedURL: feed.key)
            var skip = 0
            // Bounded by pages, and by what a sync lists in all.
            while skip < max(held, 1), states.count < Self.maximumStateIDs {
                let page = try client.headlines(feed: feed.remoteID, skip: skip, withContent: false)
                for headline in page { states[headline.id] = (headline.unread, headline.starred) }
                skip += page.count
                if page.count < TTRSSClient.pageSize { break }
            }
        }
        guard !states.isEmpty else { return }
        report.server = try cache.applyServerState(service: service, read: { states[$0].map { !$0.unread } },
                                                   starred: { states[$0].map(\.starred) })
    }
}
