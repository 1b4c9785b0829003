import Foundation
import FremontCore

/// Tiny Tiny RSS as the sync engine's backend: read is `unread = false`, the star is `marked`;
/// down come the subscriptions, the articles newer than the last sync's newest (`since_id`,
/// paged, at most `itemsPerFeed` a feed a sync; a feed subscribed since the last sync brings its
/// newest whole), and the state of the feeds whose counters differ from the cache's.
public struct TTRSSBackend: SyncBackend {
    public let client: TTRSSClient

    public init(client: TTRSSClient) {
        self.client = client
    }

    public var service: String { client.name }
    public var callCount: Int { client.callCount }

    public func isArticleID(_ id: String) -> Bool { Int(id) != nil }

    public func update(_ ids: [String], field: SyncChange.Field, value: Bool) throws(SyncError) -> Int {
        // Read is unread = false on the server.
        try client.updateArticles(ids.compactMap { Int($0) }, field: field == .starred ? .starred : .unread,
                                  value: field == .starred ? value : !value)
    }

    public func catchUp(_ feed: SyncedFeed, madeAt: Date) throws(SyncError) {
        try client.catchUp(feed: feed.remoteID)
    }

    public func pull(into cache: CacheDatabase, itemsPerFeed: Int, report: inout SyncReport) throws {
        var added = Set<Int>()
        try pullFeeds(cache, &report, &added)
        try pullItems(cache, itemsPerFeed, &report, added: added)
        try pullState(cache, &report)
    }

    private func pullFeeds(_ cache: CacheDatabase, _ report: inout SyncReport, _ addedFeeds: inout Set<Int>) throws {
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

    private func pullItems(_ cache: CacheDatabase, _ itemsPerFeed: Int, _ report: inout SyncReport, added: Set<Int>) throws {
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
    private func pullState(_ cache: CacheDatabase, _ report: inout SyncReport) throws {
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
            while skip < max(held, 1), states.count < SyncEngine.maximumStateIDs {
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
