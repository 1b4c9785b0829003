import ArgumentParser
import Dispatch
import Foundation
import FremontBrowser
import FremontCore
import FremontSources
import Synchronization

/// `fremont feeds reload`: every followed feed fetched into the cache, without the browser (for
/// cron). Each failure is a line on stderr; the exit status says whether any failed.
struct FeedsReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Fetch every feed you follow into the cache: one line per failure, exit status 1 when any failed."
    )

    @OptionGroup var network: NetworkOptions

    /// Downloads at once: a list of 200 feeds does not open 200 connections.
    static let concurrentFetches = 4

    func validate() throws {
        guard !network.offline else { throw ValidationError("--offline reads the cache; reload fetches. Leave one out.") }
    }

    func run() throws {
        let list = FeedListFile.load()
        guard !list.entries.isEmpty else {
            Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
            return
        }
        let urls = list.entries.compactMap { URL(string: $0.url) }
        let settings = network.settings
        // A reload counts new items; it shows none, so it reads none of a feed's items back.
        let fetcher = {
            var fetcher = WebSources.fetcher(settings)
            fetcher.itemsReadBack = 0
            return fetcher
        }()
        let outcomes = Mutex<[(index: Int, newItems: Int, error: LoadError?)]>([])
        // Threads of its own, not the dispatch pool: fetches block, and there they would hold up
        // the network callbacks they wait for (a second each time the pool must grow).
        let queue = BlockingWorkQueue(width: Self.concurrentFetches, name: "fremont.reload")
        for (index, url) in urls.enumerated() {
            queue.add {
                do throws(LoadError) {
                    let fetch = try fetcher.feed(url)
                    // Fetched but not kept: a reload that keeps nothing has failed.
                    let notKept = fetch.notKept.map { LoadError(source: RedactedURL.text(url), "fetched, but \($0)") }
                    outcomes.withLock { $0.append((index, notKept == nil ? fetch.newItemIDs.count : 0, notKept)) }
                } catch {
                    outcomes.withLock { $0.append((index, 0, error)) }
                }
            }
        }
        queue.waitUntilIdle()
        let done = outcomes.withLock { $0 }.sorted { $0.index < $1.index }
        let failures = done.compactMap(\.error)
        // Every failure, in the list's order: one line each.
        for failure in failures { Diagnostics.error(failure.description) }
        let newItems = done.reduce(0) { $0 + $1.newItems }
        var output = StandardOutput()
        output.write("\(urls.count) feed\(urls.count == 1 ? "" : "s"): \(newItems) new item\(newItems == 1 ? "" : "s")"
                     + (failures.isEmpty ? "" : ", \(failures.count) failed") + "\n")
        output.flush()
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
