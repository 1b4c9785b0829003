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
        let report = FeedListReport(list: FeedListFile.load(), cache: WebSources.cache, syncing: SyncRunner.isSyncing)
        var output = StandardOutput()
        switch format {
        case .json: report.json { output.write($0) }
        case .text:
            guard !report.isEmpty else {
                Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
                return
            }
            report.text { output.write($0) }
        }
        output.flush()
    }
}
