import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont feeds reload`: every followed feed fetched into the cache, without the browser (for
/// cron). Each failure is a line on stderr; the exit status says whether any failed.
struct FeedsReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Fetch every feed you follow into the cache: one line per failure, exit status 1 when any failed."
    )

    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard !network.offline else { throw ValidationError("--offline reads the cache; reload fetches. Leave one out.") }
    }

    func run() throws {
        let list = FeedListFile.load()
        guard !list.entries.isEmpty else {
            Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
            return
        }
        let outcome = FeedReload.run(list.entries.compactMap { URL(string: $0.url) }, fetcher: WebSources.fetcher(network.settings))
        // Every failure, in the list's order: one line each.
        for failure in outcome.failures { Diagnostics.error(failure.description) }
        StandardOutput.line(outcome.summary)
        if !outcome.failures.isEmpty { throw ExitCode(1) }
    }
}
