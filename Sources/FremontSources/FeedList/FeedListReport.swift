import Foundation
import FremontCore

/// What `fremont feeds list` prints: the list's feeds (address, title, tags, unread of total, the
/// last failure), a sync service's feeds with where they come from, and the query feeds with the
/// items they match, as text for a person or as JSON. The counts are the cache's.
public struct FeedListReport: Sendable {
    /// A query feed and the items its expression matches (nil where the cache could not count).
    public struct CountedQuery: Sendable, Equatable {
        public var query: FeedListQuery
        public var unread: Int?
        public var total: Int?

        public init(query: FeedListQuery, unread: Int?, total: Int?) {
            self.query = query
            self.unread = unread
            self.total = total
        }
    }

    public var list: FeedList
    /// What the cache knows of each feed, by its address without a password.
    public var statuses: [String: FeedStatus]
    public var synced: [SyncedFeed]
    public var queries: [CountedQuery]

    public init(list: FeedList, statuses: [String: FeedStatus] = [:], synced: [SyncedFeed] = [], queries: [CountedQuery] = []) {
        self.list = list
        self.statuses = statuses
        self.synced = synced
        self.queries = queries
    }

    /// The list with what `cache` knows: a sync service's feeds too when `syncing`.
    public init(list: FeedList, cache: CacheDatabase, syncing: Bool) {
        // Counts, last fetch and last failure come from the cache; a feed never fetched has none.
        let statuses = (try? cache.feedStatuses()) ?? [:]
        // A sync service's feeds, as the last sync left them (urls-source in the config).
        let synced = syncing ? (try? cache.syncedFeeds()) ?? [] : []
        // Query feeds: the items their expressions match in the cache, counted there.
        let filterFeeds = list.filterFeeds
        let queries = list.queries.map { query in
            CountedQuery(query: query, unread: try? cache.itemCount(.filter(query.expression.unreadOnly, feeds: filterFeeds)),
                         total: try? cache.itemCount(.filter(query.expression, feeds: filterFeeds)))
        }
        self.init(list: list, statuses: statuses, synced: synced, queries: queries)
    }

    /// No feed of any kind.
    public var isEmpty: Bool { list.entries.isEmpty && synced.isEmpty && queries.isEmpty }

    /// An array of `{"url","title","tags","unread","total","updated","error","source"}`, one feed
    /// a line (a synced feed adds its `key`, a query feed its `query`).
    public func json(emit: (String) -> Void) {
        emit("[")
        for (index, entry) in list.entries.enumerated() {
            // The cache knows a feed by its address without the password; so is it shown.
            let shown = RedactedURL.text(entry.url)
            let status = statuses[shown] ?? FeedStatus(url: shown)
            var line = index == 0 ? "\n" : ",\n"
            line += "{\"url\":\(JSONText.string(shown)),\"title\":\(JSONText.string(entry.title ?? status.title))"
            line += ",\"tags\":[" + entry.tags.map(JSONText.string).joined(separator: ",") + "]"
            line += ",\"unread\":\(status.unread),\"total\":\(status.total),\"updated\":\(JSONText.date(status.fetchedAt))"
            line += ",\"error\":" + (status.lastError.map(JSONText.string) ?? "null") + ",\"source\":\"feeds file\"}"
            emit(line)
        }
        for (index, feed) in synced.enumerated() {
            let status = statuses[feed.key] ?? FeedStatus(url: feed.key)
            var line = index + list.entries.count == 0 ? "\n" : ",\n"
            line += "{\"url\":\(JSONText.string(feed.address)),\"title\":\(JSONText.string(feed.title))"
            line += ",\"tags\":[" + (feed.category.isEmpty ? "" : JSONText.string(feed.category)) + "]"
            line += ",\"unread\":\(status.unread),\"total\":\(status.total),\"updated\":\(JSONText.date(status.fetchedAt))"
            line += ",\"error\":null,\"source\":\(JSONText.string("tt-rss " + feed.service)),\"key\":\(JSONText.string(feed.key))}"
            emit(line)
        }
        for (index, counted) in queries.enumerated() {
            var line = index + list.entries.count + synced.count == 0 ? "\n" : ",\n"
            line += "{\"url\":\(JSONText.string(counted.query.source)),\"title\":\(JSONText.string(counted.query.name))"
            line += ",\"tags\":[" + counted.query.tags.map(JSONText.string).joined(separator: ",") + "]"
            line += ",\"unread\":\(counted.unread ?? 0),\"total\":\(counted.total ?? 0),\"updated\":null"
            line += ",\"error\":null,\"source\":\"query\",\"query\":\(JSONText.string(counted.query.text))}"
            emit(line)
        }
        emit(isEmpty ? "]\n" : "\n]\n")
    }

    /// A line a feed: address, title, (tags), unread/total, and the last failure; a synced feed
    /// ends with `[kind service]`, a query feed shows its expression.
    public func text(emit: (String) -> Void) {
        for entry in list.entries {
            let shown = RedactedURL.text(entry.url)
            let status = statuses[shown]
            // Titles and tags may come from an imported file: made safe for the terminal.
            var line = TerminalSafeText.singleLine(shown)
            if let title = entry.title ?? status.flatMap({ $0.title.isEmpty ? nil : $0.title }) {
                line += "  " + TerminalSafeText.singleLine(title)
            }
            if !entry.tags.isEmpty { line += "  (" + entry.tags.map(TerminalSafeText.singleLine).joined(separator: ", ") + ")" }
            if let status, status.total > 0 { line += "  \(status.unread)/\(status.total) unread" }
            if let error = status?.lastError { line += "  failed: " + TerminalSafeText.singleLine(error) }
            emit(line + "\n")
        }
        for feed in synced {
            let status = statuses[feed.key]
            var line = TerminalSafeText.singleLine(feed.address.isEmpty ? feed.key : feed.address)
            if !feed.title.isEmpty { line += "  " + TerminalSafeText.singleLine(feed.title) }
            if !feed.category.isEmpty { line += "  (" + TerminalSafeText.singleLine(feed.category) + ")" }
            if let status, status.total > 0 { line += "  \(status.unread)/\(status.total) unread" }
            line += "  [\(SyncedFeed.kind(of: feed.key)) \(TerminalSafeText.singleLine(feed.service))]"
            emit(line + "\n")
        }
        for counted in queries {
            var line = TerminalSafeText.singleLine(counted.query.source) + "  " + TerminalSafeText.singleLine(counted.query.text)
            if !counted.query.tags.isEmpty { line += "  (" + counted.query.tags.map(TerminalSafeText.singleLine).joined(separator: ", ") + ")" }
            if let total = counted.total { line += "  \(counted.unread ?? 0)/\(total) unread" }
            emit(line + "\n")
        }
    }
}
