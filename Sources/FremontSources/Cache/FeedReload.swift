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

    /// Where a reload is: feeds done of all, and the one in flight the longest (for a person
    /// watching a terminal: what it waits for).
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var slowest: (name: String, seconds: Int)?
    }

    /// Fetches each of `urls` through `fetcher` into its cache, `width` at once. `progress`, when
    /// given, hears where the reload is after each feed and twice a second meanwhile.
    public static func run(_ urls: [URL], fetcher: CachedFetcher, width: Int = concurrentFetches,
                           progress: (@Sendable (Progress) -> Void)? = nil) -> Outcome {
        // A reload counts new items; it shows none, so it reads none of a feed's items back.
        var fetcher = fetcher
        fetcher.itemsReadBack = 0
        let outcomes = Mutex<[(index: Int, newItems: Int, error: LoadError?)]>([])
        let inFlight = Mutex<[Int: ContinuousClock.Instant]>([:])
        // One report at a time: the feeds' threads and the ticker would interleave their lines.
        let reporting = Mutex(())
        @Sendable func report() {
            guard let progress else { return }
            reporting.withLock { _ in reportNow(progress) }
        }
        @Sendable func reportNow(_ progress: @Sendable (Progress) -> Void) {
            let done = outcomes.withLock { $0.count }
            let oldest = inFlight.withLock { $0.min { $0.value < $1.value } }
            progress(Progress(done: done, total: urls.count, slowest: oldest.map { index, started in
                (RedactedURL.text(urls[index]), Int((ContinuousClock.now - started).components.seconds))
            }))
        }
        // Threads of its own, not the dispatch pool: fetches block, and there they would hold up
        // the network callbacks they wait for (a second each time the pool must grow).
        let queue = BlockingWorkQueue(width: width, name: "fremont.reload")
        for (index, url) in urls.enumerated() {
            queue.add { [fetcher] in
                inFlight.withLock { $0[index] = .now }
                defer {
                    inFlight.withLock { $0[index] = nil }
                    report()
                }
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
        // Twice a second while the feeds load: a slow one is seen being waited for.
        let ticking = Mutex(progress != nil)
        if progress != nil {
            Thread.detachNewThread {
                while ticking.withLock({ $0 }) {
                    Thread.sleep(forTimeInterval: 0.5)
                    if ticking.withLock({ $0 }) { report() }
                }
            }
        }
        queue.waitUntilIdle()
        ticking.withLock { $0 = false }
        let done = outcomes.withLock { $0 }.sorted { $0.index < $1.index }
        return Outcome(feeds: urls.count, newItems: done.reduce(0) { $0 + $1.newItems }, failures: done.compactMap(\.error))
    }
}
