import FremontCore
import FremontSources
import FremontUI

/// The Feeds tab's feeds, each loaded on its own (a slow or broken one holds up no other), and
/// the starred items kept in the cache.
final class FeedLoader: TabLoader {
    /// Changed only on the UI thread (after the feeds file is edited), where jobs are asked for.
    private var feeds: [DataSource]
    private let settings: FetchSettings
    /// The cache windows of items are read from: the run's, unless a test gives its own.
    private let cache: @Sendable () -> CacheDatabase
    /// The feeds tagged `full-article` (by name): their new items' articles are fetched after a load.
    private var fullArticleFeeds: Set<String>
    let prefetcher: FullArticlePrefetcher

    init(feeds: [DataSource], settings: FetchSettings, fullArticleFeeds: Set<String> = [],
         cache: @escaping @Sendable () -> CacheDatabase = { WebSources.cache }) {
        self.feeds = feeds
        self.settings = settings
        self.cache = cache
        self.fullArticleFeeds = fullArticleFeeds
        prefetcher = FullArticlePrefetcher(settings: settings, cache: cache)
    }

    /// The feeds file was edited: its feeds from now on.
    func replaceFeeds(_ feeds: [DataSource], fullArticleFeeds: Set<String> = []) {
        self.feeds = feeds
        self.fullArticleFeeds = fullArticleFeeds
    }

    /// The names of the feeds the feeds file tags `full-article`.
    static func fullArticleFeeds(_ followed: [FollowedFeed]?) -> Set<String> {
        Set((followed ?? []).filter { $0.tags.contains(FullArticle.feedTag) }.map(\.source))
    }

    func jobs(for target: LoadTarget) -> [LoadJob] {
        switch target {
        case .reload: return feeds.map { job($0) }
        // One feed reloaded (`r`) comes as `R` brings it, with its counts: lists read the cache
        // (the summaries view asks for its feeds whole when their counts come).
        case .sources(let names): return feeds.filter { names.contains($0.name) }.map { job($0) }
        case .wholeFeeds(let names):
            // From the cache, as it is: what a reload brought is there already.
            var cached = settings
            cached.offline = true
            return feeds.filter { names.contains($0.name) }.map { job($0, whole: true, settings: cached) }
        case .starred:
            return [LoadJob(source: StarredItem.source) { [cache] (_) throws(LoadError) -> LoadPayload in
                do {
                    return .feed(PreparedFeed(starred: try cache().starredItems()))
                } catch {
                    throw LoadError(source: "the cache", "cannot read the starred items: \(error)")
                }
            }]
        }
    }

    /// Parsed and prepared (HTML to text) off the UI thread, which only wraps. A cached feed
    /// comes with its counts and none of its items unless `whole`: the feed list shows counts,
    /// item lists read windows of the cache, so 500 feeds of a million items start in what 500
    /// counts cost, not in a million items read, rendered and held.
    private func job(_ source: DataSource, whole: Bool = false, settings: FetchSettings? = nil) -> LoadJob {
        let prefetch = fullArticleFeeds.contains(source.name) ? prefetcher : nil
        // A feed whose new items' articles are fetched needs those items (their links).
        let readBack = whole || prefetch != nil ? nil : Self.itemsReadBack
        return .fetching(source, settings ?? self.settings) { settings, context, source throws(LoadError) in
            let loaded = try WebSources.feed(source, settings, context, readState: true, itemsReadBack: readBack)
            if let prefetch, !loaded.newItemIDs.isEmpty {
                let new = Set(loaded.newItemIDs)
                let items = loaded.result.feed.items.filter { new.contains($0.id) }.map { (id: $0.id, link: $0.link) }
                prefetch.fetch(feed: BrowserSources.cacheKey(source), items: items)
            }
            let tally = loaded.storedCounts.map {
                PreparedFeed.Tally(total: $0.total, unread: $0.unread, newest: $0.newest, arrived: loaded.newItemIDs.count)
            }
            // A fetch (or a read of the cache) knows which items are new; a file's are told by the store.
            let arrived: Int? = if case .url = source { loaded.newItemIDs.count } else { nil }
            return .feed(PreparedFeed(loaded.result, source: source.name, readItemIDs: loaded.readItemIDs, starredItemIDs: loaded.starredIDs,
                                      tally: tally, arrived: arrived))
        }
    }

    /// Items a feed's load brings beside its counts: none (lists read the cache).
    static let itemsReadBack = 0
}
