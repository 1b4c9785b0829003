import Foundation
import FremontCore
import Synchronization

/// `fremont feeds reload`'s work: every feed fetched into the cache, a few at once on threads of
/// their own, and what came of each, in the list's order.
public enum FeedReload {
    /// Downloads at once: a list of 200 feeds does not open 200 connections.
    public static let concurrentFetches = 4

    public struct Outcome: Sendable {
        public var feeds: Int
        public var newItems: Int
        /// Every failure, in the list's order.
        public var failures: [LoadError]

        /// `3 feeds: 12 new items, 1 failed`
        public var summary: String {
            "\(feeds) feed\(feeds == 1 ? "" : "s"): \(newItems) new item\(newItems == 1 ? "" : "s")"
                + (failures.isEmpty ? "" : ", \(failures.count) failed")
        }
    }

    /// Fetches each of `urls` through `fetcher` into its cache, `width` at once.
    public static func run(_ urls: [URL], fetcher: CachedFetcher, width: Int = concurrentFetches) -> Outcome {
        // A reload counts new items; it shows none, so it reads none of a feed's items back.
        var fetcher = fetcher
        fetcher.itemsReadBack = 0
        let outcomes = Mutex<[(index: Int, newItems: Int, error: LoadError?)]>([])
        // Threads of its own, not the dispatch pool: fetches block, and there they would hold up
        // the network callbacks they wait for (a second each time the pool must grow).
        let queue = BlockingWorkQueue(width: width, name: "fremont.reload")
        for (index, url) in urls.enumerated() {
            queue.add { [fetcher] in
                do throws(LoadError) {
                    let fetch = try fetcher.feed(url)
                    // Fetched but not kept: a reload that keeps nothing has failed.
                    let notKept = fetch.notKept.map { LoadError(source: RedactedURL.text(url), "fetched, but nothing was kept: \($0)") }
                    outcomes.withLock { $0.append((index, notKept == nil ? fetch.newItemIDs.count : 0, notKept)) }
                } catch {
                    outcomes.withLock { $0.append((index, 0, error)) }
                }
            }
        }
        queue.waitUntilIdle()
        let done = outcomes.withLock { $0 }.sorted { $0.index < $1.index }
        return Outcome(feeds: urls.count, newItems: done.reduce(0) { $0 + $1.newItems }, failures: done.compactMap(\.error))
    }
}
