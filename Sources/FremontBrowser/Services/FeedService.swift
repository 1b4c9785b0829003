import FremontCore
import FremontSources
import FremontUI
import Synchronization

/// The Feeds tab's feeds for this run, by their names in the browser: each loaded on its own (a
/// slow or broken one holds up no other), and the starred items kept in the cache. The feeds
/// file edited in the browser gives its feeds from then on (`replace`).
final class FeedService: FeedSource {
    private struct Feeds {
        var sources: [String: DataSource]
        /// The feeds tagged `full-article` (by name): their new items' articles are fetched after a load.
        var fullArticle: Set<String>
    }

    private let feeds: Mutex<Feeds>
    /// The feeds only viewed (named on the command line, not followed), by name: kept, and left
    /// out of the merged lists; nil for a run of the feeds followed, which joins any of them
    /// viewed before to those lists (once, at its first load).
    private let viewedOnly: Set<String>?
    private let followedMarked = Mutex(false)
    private let settings: FetchSettings
    /// The run's cache, unless a test gives its own.
    private let cache: @Sendable () -> CacheDatabase
    let prefetcher: FullArticlePrefetcher

    init(feeds: [DataSource], settings: FetchSettings, fullArticleFeeds: Set<String> = [], viewedOnly: Set<String>? = nil,
         cache: @escaping @Sendable () -> CacheDatabase = { WebSources.cache }) {
        self.feeds = Mutex(Feeds(sources: Self.byName(feeds), fullArticle: fullArticleFeeds))
        self.viewedOnly = viewedOnly
        self.settings = settings
        self.cache = cache
        prefetcher = FullArticlePrefetcher(settings: settings, cache: cache)
    }

    private static func byName(_ feeds: [DataSource]) -> [String: DataSource] {
        Dictionary(feeds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The feeds file was edited: its feeds from now on.
    func replace(_ feeds: [DataSource], fullArticleFeeds: Set<String> = []) {
        self.feeds.withLock { $0 = Feeds(sources: Self.byName(feeds), fullArticle: fullArticleFeeds) }
    }

    /// The feeds' names, as a load asks for them.
    var names: Set<String> { feeds.withLock { Set($0.sources.keys) } }

    /// The names of the feeds the feeds file tags `full-article`.
    static func fullArticleFeeds(_ followed: [FollowedFeed]?) -> Set<String> {
        Set((followed ?? []).filter { $0.tags.contains(FullArticle.feedTag) }.map(\.source))
    }

    /// Parsed and prepared (HTML to text) on the command's thread. A cached feed comes with its
    /// counts and none of its items unless `whole`: the feed list shows counts, item lists read
    /// windows of the cache, so 500 feeds of a million items start in what 500 counts cost, not
    /// in a million items read, rendered and held.
    func feed(_ name: String, whole: Bool, cached: Bool, _ control: LoadControl) throws(LoadError) -> PreparedFeed {
        let (found, fullArticle) = feeds.withLock { ($0.sources[name], $0.fullArticle.contains(name)) }
        guard let source = found else { throw LoadError(source: name, "not a feed of this run (the feeds file changed)") }
        var settings = settings
        // From the cache, as it is: what a reload brought is there already.
        if cached { settings.offline = true }
        let prefetch = fullArticle ? prefetcher : nil
        // A feed whose new items' articles are fetched needs those items (their links).
        let readBack = whole || prefetch != nil ? nil : Self.itemsReadBack
        markFollowedOnce()
        let loaded = try WebSources.feed(source, settings, LoadContext(control, naming: name), readState: true, itemsReadBack: readBack)
        // Only viewed: kept, but out of All items (a cache that cannot say so loses nothing else).
        if viewedOnly?.contains(name) == true { try? cache().markViewedOnly([BrowserSources.cacheKey(source)]) }
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
        return PreparedFeed(loaded.result, source: name, readItemIDs: loaded.readItemIDs, starredItemIDs: loaded.starredIDs,
                            tally: tally, arrived: arrived)
    }

    /// A run of the feeds followed: those of them only viewed before join the merged lists.
    private func markFollowedOnce() {
        guard viewedOnly == nil, !followedMarked.withLock({ done in defer { done = true }; return done }) else { return }
        let keys = feeds.withLock { $0.sources.values.map(BrowserSources.cacheKey) }
        try? cache().markFollowed(keys)
    }

    func starred() throws(LoadError) -> PreparedFeed {
        do {
            return PreparedFeed(starred: try cache().starredItems())
        } catch {
            throw LoadError(source: "the cache", "cannot read the starred items: \(error)")
        }
    }

    /// Items a feed's load brings beside its counts: none (lists read the cache).
    static let itemsReadBack = 0
}
