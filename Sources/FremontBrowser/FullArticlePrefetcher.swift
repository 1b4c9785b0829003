import Foundation
import Synchronization
import FremontCore
import FremontSources
import FremontUI

/// The full articles of feeds tagged `full-article` in the feeds file: after a reload, each new
/// item's page is read and kept in the background, as `x` would. Bounded: two pages at a time,
/// the first `perReload` new items of a reload, at most `queueLimit` waiting, each page capped
/// as `x`'s is (`FullArticleFetch`). An item already kept is not fetched again; one that failed
/// (the network) is tried again at the next reload that lists it as new (it never is: it waits
/// for `x`).
final class FullArticlePrefetcher: Sendable {
    static let concurrency = 2
    static let perReload = 20
    static let queueLimit = 100

    private let queue = BlockingWorkQueue(width: concurrency, name: "fremont.articles")
    private let waiting = Mutex(0)
    private let settings: FetchSettings
    private let cache: @Sendable () -> CacheDatabase

    init(settings: FetchSettings, cache: @escaping @Sendable () -> CacheDatabase) {
        self.settings = settings
        self.cache = cache
    }

    /// Queues the pages of `items` (new items of the feed kept under `feed`) not kept yet.
    /// Returns how many were queued.
    @discardableResult
    func fetch(feed: String, items: [(id: String, link: String)]) -> Int {
        guard !settings.offline, !items.isEmpty else { return 0 }
        let links = Dictionary(items.map { ($0.id, $0.link) }, uniquingKeysWith: { first, _ in first })
        let missing = ((try? cache().itemsWithoutArticle(feed: feed, ids: items.map(\.id))) ?? []).prefix(Self.perReload)
        var queued = 0
        for id in missing {
            guard let link = links[id], !link.isEmpty else { continue }
            let admitted = waiting.withLock { count -> Bool in
                guard count < Self.queueLimit else { return false }
                count += 1
                return true
            }
            guard admitted else { break }
            queued += 1
            let request = FullArticleRequest(feed: feed, id: id, link: link)
            queue.add { [self] in
                defer { waiting.withLock { $0 -= 1 } }
                // Nothing to say on the screen: what failed is fetched on `x`, which says why.
                let quiet = LoadContext(cancellation: nil, progress: nil, note: { _ in })
                _ = try? FullArticleFetch.article(request, settings, quiet, cache: cache())
            }
        }
        return queued
    }

    /// For tests and `feeds reload`: waits until every queued page is read (or `timeout` passed).
    @discardableResult
    func waitUntilIdle(timeout: TimeInterval) -> Int {
        queue.waitUntilIdle(timeout: timeout)
    }
}
