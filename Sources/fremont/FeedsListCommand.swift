import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

struct FeedsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the feeds you follow: address, title, (tags), unread of total from the cache, and a sync service's feeds with where they come from."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text (for a person) or json: per feed url, title, tags, unread, total, updated (the last good fetch), error and source (feeds file, or the sync service).")
    var format: Format = .text

    func run() throws {
        let list = FeedListFile.load()
        // Counts, last fetch and last failure come from the cache; a feed never fetched has none.
        let statuses = (try? WebSources.cache.feedStatuses()) ?? [:]
        // A sync service's feeds, as the last sync left them (urls-source in the config).
        let synced = SyncRunner.isSyncing ? (try? WebSources.cache.syncedFeeds()) ?? [] : []
        // Query feeds: the items their expressions match in the cache, counted there.
        let filterFeeds = FilterFeedList(urls: list.entries.map { RedactedURL.text($0.url) },
                                         tags: Dictionary(list.entries.map { (RedactedURL.text($0.url), $0.tags) }, uniquingKeysWith: { first, _ in first }))
        let queries = list.queries.map { query -> (query: FeedListQuery, unread: Int?, total: Int?) in
            return (query, try? WebSources.cache.itemCount(.filter(query.expression.unreadOnly, feeds: filterFeeds)),
                    try? WebSources.cache.itemCount(.filter(query.expression, feeds: filterFeeds)))
        }
        var output = StandardOutput()
        switch format {
        case .json:
            output.write("[")
            for (index, entry) in list.entries.enumerated() {
                // The cache knows a feed by its address without the password; so is it shown.
                let shown = RedactedURL.text(entry.url)
                let status = statuses[shown] ?? FeedStatus(url: shown)
                var line = index == 0 ? "\n" : ",\n"
                line += "{\"url\":\(JSONText.string(shown)),\"title\":\(JSONText.string(entry.title ?? status.title))"
                line += ",\"tags\":[" + entry.tags.map(JSONText.string).joined(separator: ",") + "]"
                line += ",\"unread\":\(status.unread),\"total\":\(status.total),\"updated\":\(JSONText.date(status.fetchedAt))"
                line += ",\"error\":" + (status.lastError.map(JSONText.string) ?? "null") + ",\"source\":\"feeds file\"}"
                output.write(line)
            }
            for (index, feed) in synced.enumerated() {
                let status = statuses[feed.key] ?? FeedStatus(url: feed.key)
                var line = index + list.entries.count == 0 ? "\n" : ",\n"
                line += "{\"url\":\(JSONText.string(feed.address)),\"title\":\(JSONText.string(feed.title))"
                line += ",\"tags\":[" + (feed.category.isEmpty ? "" : JSONText.string(feed.category)) + "]"
                line += ",\"unread\":\(status.unread),\"total\":\(status.total),\"updated\":\(JSONText.date(status.fetchedAt))"
                line += ",\"error\":null,\"source\":\(JSONText.string("tt-rss " + feed.service)),\"key\":\(JSONText.string(feed.key))}"
                output.write(line)
            }
            for (index, counted) in queries.enumerated() {
                var line = index + list.entries.count + synced.count == 0 ? "\n" : ",\n"
                line += "{\"url\":\(JSONText.string(counted.query.source)),\"title\":\(JSONText.string(counted.query.name))"
                line += ",\"tags\":[" + counted.query.tags.map(JSONText.string).joined(separator: ",") + "]"
                line += ",\"unread\":\(counted.unread ?? 0),\"total\":\(counted.total ?? 0),\"updated\":null"
                line += ",\"error\":null,\"source\":\"query\",\"query\":\(JSONText.string(counted.query.text))}"
                output.write(line)
            }
            output.write(list.entries.isEmpty && synced.isEmpty && queries.isEmpty ? "]\n" : "\n]\n")
        case .text:
            guard !list.entries.isEmpty || !synced.isEmpty || !queries.isEmpty else {
                Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
                return
            }
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
                output.write(line + "\n")
            }
            for feed in synced {
                let status = statuses[feed.key]
                var line = TerminalSafeText.singleLine(feed.address.isEmpty ? feed.key : feed.address)
                if !feed.title.isEmpty { line += "  " + TerminalSafeText.singleLine(feed.title) }
                if !feed.category.isEmpty { line += "  (" + TerminalSafeText.singleLine(feed.category) + ")" }
                if let status, status.total > 0 { line += "  \(status.unread)/\(status.total) unread" }
                line += "  [\(SyncedFeed.kind(of: feed.key)) \(TerminalSafeText.singleLine(feed.service))]"
                output.write(line + "\n")
            }
            for counted in queries {
                var line = TerminalSafeText.singleLine(counted.query.source) + "  " + TerminalSafeText.singleLine(counted.query.text)
                if !counted.query.tags.isEmpty { line += "  (" + counted.query.tags.map(TerminalSafeText.singleLine).joined(separator: ", ") + ")" }
                if let total = counted.total { line += "  \(counted.unread ?? 0)/\(total) unread" }
                output.write(line + "\n")
            }
        }
        output.flush()
    }
}
