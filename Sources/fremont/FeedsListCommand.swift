import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

struct FeedsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the feeds you follow: address, title, (tags), and unread of total from the cache."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text (for a person) or json: per feed url, title, tags, unread, total, updated (the last good fetch) and error.")
    var format: Format = .text

    func run() throws {
        let list = FeedListFile.load()
        // Counts, last fetch and last failure come from the cache; a feed never fetched has none.
        let statuses = (try? WebSources.cache.feedStatuses()) ?? [:]
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
                line += ",\"error\":" + (status.lastError.map(JSONText.string) ?? "null") + "}"
                output.write(line)
            }
            output.write(list.entries.isEmpty ? "]\n" : "\n]\n")
        case .text:
            guard !list.entries.isEmpty else {
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
        }
        output.flush()
    }
}
