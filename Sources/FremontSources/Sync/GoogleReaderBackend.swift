import Foundation
import FremontCore

/// A Google Reader API server as the sync engine's backend (`urls-source` freshrss, miniflux,
/// inoreader or oldreader). Read and starred are the state tags `…/com.google/read` and
/// `…/com.google/starred`, set with `edit-tag`; a feed read whole is `mark-all-as-read`. Down
/// come the subscriptions (`subscription/list`, folders from `tag/list` as tags), the items not
/// in the cache yet (ids listed newest first, paged with `continuation`, then their contents;
/// at most `itemsPerFeed` a feed a sync), and the state: every unread id (`xt=…/read`) and
/// every starred one (`s=…/starred`), taken whole or not at all.
///
/// The server's answers are checked before they reach the cache: an id that is not one of the
/// API's forms, an item nobody asked for or of a feed not subscribed, is skipped and said.
public struct GoogleReaderBackend: SyncBackend {
    public let client: GoogleReaderClient
    /// Names the key's scheme: `urls-source`'s name.
    public let scheme: String

    public init(client: GoogleReaderClient) {
        self.client = client
        scheme = client.source
    }

    public var service: String { client.name }
    public var callCount: Int { client.callCount }

    public func isArticleID(_ id: String) -> Bool { GoogleReaderItemID.isCanonical(id) }

    public func update(_ ids: [String], field: SyncChange.Field, value: Bool) throws(SyncError) -> Int {
        try client.editTag(ids, tag: field == .starred ? GoogleReaderWire.starredTag : GoogleReaderWire.readTag, add: value)
        return ids.count
    }

    public func catchUp(_ feed: SyncedFeed, madeAt: Date) throws(SyncError) {
        guard !feed.stream.isEmpty else { throw SyncError(.refused, "\(service): the feed has no stream id") }
        try client.markAllAsRead(stream: feed.stream, before: madeAt)
    }

    public func pull(into cache: CacheDatabase, itemsPerFeed: Int, report: inout SyncReport) throws {
        let synced = try cache.syncedAt(service: service) != nil
        let added = try pullFeeds(cache, &report)
        try pullItems(cache, itemsPerFeed, &report, synced: synced, added: added)
        try pullState(cache, &report)
    }

    /// A stream id, as far as it can be trusted: `feed/…`, one line, of a sane length.
    static func isFeedStream(_ stream: String) -> Bool {
        stream.hasPrefix("feed/") && stream.utf8.count > 5 && stream.utf8.count <= 2_048 && !stream.contains(where: \.isNewline)
    }

    /// The feeds; returns the streams of those new since the last sync.
    private func pullFeeds(_ cache: CacheDatabase, _ report: inout SyncReport) throws -> Set<String> {
        let folders = try client.folders()
        var seen = Set<String>()
        var feeds: [SyncedFeed] = []
        var skipped = 0
        for subscription in try client.subscriptions() {
            guard Self.isFeedStream(subscription.stream) else { skipped += 1; continue }
            guard seen.insert(subscription.stream).inserted else { continue }
            // A folder the tag list names, else the first label given.
            let label = subscription.labels.first(where: folders.contains) ?? subscription.labels.first ?? ""
            feeds.append(SyncedFeed(key: SyncedFeed.key(scheme: scheme, base: client.base, stream: subscription.stream),
                                    service: service, remoteID: 0, title: TerminalSafeText.singleLine(subscription.title),
                                    category: TerminalSafeText.singleLine(label), address: RedactedURL.text(subscription.url),
                                    position: feeds.count, stream: subscription.stream))
        }
        if skipped > 0 { report.warnings.append("\(service): \(SyncReport.count(skipped, "subscription")) with no feed id skipped") }
        let (added, removed) = try cache.replaceSyncedFeeds(service: service, with: feeds)
        report.feeds = feeds.count
        report.feedsAdded = added.count
        report.feedsRemoved = removed.count
        let addedKeys = Set(added)
        return Set(feeds.filter { addedKeys.contains($0.key) }.map(\.stream))
    }

    /// Lists a stream's ids newest first, page by page, until `limit`, the end, or (`stopAtKnown`)
    /// a page holding nothing new. Ids that are not ids are counted, never kept.
    private func listIDs(stream: String, excluding: String? = nil, limit: Int, known: Set<String> = [], stopAtKnown: Bool = false,
                         junk: inout Int) throws(SyncError) -> (ids: [String], complete: Bool) {
        var ids: [String] = []
        var seen = Set<String>()
        var junkSeen = Set<String>()
        var continuation: String?
        // Bounded by pages too: a server that repeats its continuation cannot keep it going.
        for _ in 0..<(limit / GoogleReaderClient.idsPageSize + 2) {
            let page = try client.itemIDs(stream: stream, excluding: excluding, count: min(GoogleReaderClient.idsPageSize, limit - ids.count),
                                          continuation: continuation)
            var new = 0
            for raw in page.ids {
                guard let id = GoogleReaderItemID.canonical(raw) else {
                    if junkSeen.insert(raw).inserted { junk += 1 }
                    continue
                }
                guard seen.insert(id).inserted else { continue }
                ids.append(id)
                if !known.contains(id) { new += 1 }
            }
            guard let next = page.continuation else { return (ids, true) }
            // A continuation that does not move on (or an empty page with one) is a server gone
            // wrong: what was listed is all that is known, not the whole.
            if next == continuation || page.ids.isEmpty || ids.count >= limit || (stopAtKnown && new == 0) { return (ids, false) }
            continuation = next
        }
        return (ids, false)
    }

    private func pullItems(_ cache: CacheDatabase, _ itemsPerFeed: Int, _ report: inout SyncReport, synced: Bool,
                           added: Set<String>) throws {
        let feeds = try cache.syncedFeeds(service: service)
        let keys = Dictionary(feeds.map { ($0.stream, $0.key) }, uniquingKeysWith: { first, _ in first })
        let known = try cache.syncedItemIDs(service: service)
        let limit = min(SyncEngine.maximumStateIDs, max(GoogleReaderClient.idsPageSize, itemsPerFeed * max(1, feeds.count)))
        var junk = 0
        // The newest of every feed; after the first sync, only until a page brings nothing new.
        var listed = try listIDs(stream: GoogleReaderWire.readingList, limit: limit, known: known, stopAtKnown: synced, junk: &junk).ids
        if !listed.isEmpty && listed.count >= limit { report.itemsLeft = true }
        // A feed subscribed since the last sync may hold items older than the newest listed.
        if synced {
            for stream in added.sorted() where keys[stream] != nil {
                listed += try listIDs(stream: stream, limit: itemsPerFeed, junk: &junk).ids
            }
        }
        var wanted: [String] = []
        var seen = known
        for id in listed where seen.insert(id).inserted { wanted.append(id) }
        var perFeed: [String: Int] = [:]
        var strays = 0
        var index = 0
        while index < wanted.count {
            let batch = Array(wanted[index..<min(index + GoogleReaderClient.contentsPageSize, wanted.count)])
            index += batch.count
            let asked = Set(batch)
            var items: [CacheDatabase.SyncedItem] = []
            var taken = Set<String>()
            for item in try client.contents(batch) {
                // Junk, an item not asked for (a changed id), a feed not subscribed: not stored.
                guard let item, asked.contains(item.id), taken.insert(item.id).inserted, let key = keys[item.stream] else { strays += 1; continue }
                guard perFeed[item.stream, default: 0] < itemsPerFeed else { report.itemsLeft = true; continue }
                perFeed[item.stream, default: 0] += 1
                items.append(CacheDatabase.SyncedItem(feedKey: key, item: item.item, unread: !item.read, starred: item.starred,
                                                      position: -Int(item.crawled / 1_000)))
            }
            report.newItems += try cache.storeSyncedItems(items)
        }
        if junk > 0 { report.warnings.append("\(service): \(SyncReport.count(junk, "listed id")) not of the API's forms skipped") }
        if strays > 0 { report.warnings.append("\(service): \(SyncReport.count(strays, "item")) not asked for, unreadable or of no subscribed feed skipped") }
    }

    /// The read and starred state of every item the cache holds: from the lists of unread ids and
    /// of starred ids. A list cut short (past `maximumStateIDs`) says only what it holds.
    private func pullState(_ cache: CacheDatabase, _ report: inout SyncReport) throws {
        var junk = 0
        let unread = try listIDs(stream: GoogleReaderWire.readingList, excluding: GoogleReaderWire.readTag,
                                 limit: SyncEngine.maximumStateIDs, junk: &junk)
        let starred = try listIDs(stream: GoogleReaderWire.starredTag, limit: SyncEngine.maximumStateIDs, junk: &junk)
        let unreadIDs = Set(unread.ids), starredIDs = Set(starred.ids)
        let changes = try cache.applyServerState(
            service: service,
            readByID: { unreadIDs.contains($0) ? false : (unread.complete ? true : nil) },
            starredByID: { starredIDs.contains($0) ? true : (starred.complete ? false : nil) })
        report.server.read += changes.read
        report.server.unread += changes.unread
        report.server.starred += changes.starred
        report.server.unstarred += changes.unstarred
        if !unread.complete || !starred.complete {
            report.warnings.append("\(service): the list of unread or starred ids was cut short (past \(SyncEngine.maximumStateIDs) ids, "
                + "or a continuation that did not move on); the state of the items not listed is left as it was")
        }
    }
}
