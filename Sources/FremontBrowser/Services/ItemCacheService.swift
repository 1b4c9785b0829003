import FremontCore
import FremontSources
import FremontUI

/// The cached items for this run's screens: windows of lists, items read whole, search, and
/// full articles (from the cache, or the item's page). Each read runs on the command's lane,
/// never the UI thread.
public struct ItemCacheService: ItemCache, ArticleFetcher {
    let settings: FetchSettings
    /// The run's cache, unless a test gives its own.
    let cache: @Sendable () -> CacheDatabase

    public init(settings: FetchSettings, cache: @escaping @Sendable () -> CacheDatabase = { WebSources.cache }) {
        self.settings = settings
        self.cache = cache
    }

    /// Its count and its rows read together. A first screen comes without a count that would
    /// scan the items (the list asks for it next).
    public func window(_ request: ItemWindowRequest) throws(LoadError) -> ItemWindow {
        do {
            if request.isFirstScreen {
                let read = try cache().firstItems(request.query, order: request.order, highlights: request.highlights,
                                                  limit: request.firstScreenLimit)
                return request.firstScreen(total: read.total, read: read.rows)
            }
            let read = try cache().countedItemWindow(request.query, order: request.order, highlights: request.highlights) { total in
                let plan = request.plan(total: total)
                return (plan.seek, plan.limit)
            }
            return request.window(total: read.total, read: read.rows)
        } catch {
            throw LoadError(source: "the cache", "cannot read the items: \(error)")
        }
    }

    /// Its text rendered from HTML here, off the UI thread.
    public func item(feed: String, id: String, source: String) throws(LoadError) -> FeedEntry {
        let cache = cache()
        do {
            guard let item = try cache.item(feed: feed, id: id) else {
                throw LoadError(source: "the cache", "the item is no longer in the cache (its feed dropped it)")
            }
            let cached = try cache.cachedFeedTitle(url: feed)
            return FeedEntry.opened(item.item, source: source, feedName: cached.isEmpty ? source : cached,
                                    isUnread: !item.isRead, isStarred: item.isStarred)
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(source: "the cache", "cannot read the item: \(error)")
        }
    }

    /// The cache's full-text index (a search of 50,000 items takes milliseconds, and a frame has none to spare).
    public func search(_ words: String, limit: Int) throws(LoadError) -> [SearchResult] {
        let marks = (String(SearchResult.open), String(SearchResult.close))
        let hits: [SearchHit]
        do {
            hits = try cache().search(words, limit: limit, marks: marks)
        } catch {
            throw LoadError(source: "the cache", "cannot search it: \(error)")
        }
        return hits.map {
            SearchResult(title: $0.title, feedTitle: $0.feedTitle.isEmpty ? SourceName.file($0.feedURL) : $0.feedTitle,
                         link: $0.link, published: $0.published, markedSnippet: $0.snippet, feed: $0.feedURL, id: $0.id)
        }
    }

    /// From the cache, or its page read (the download's progress on the status line, Esc stops it).
    public func fullArticle(_ request: FullArticleRequest, _ control: LoadControl) throws(LoadError) -> FullArticle {
        try FullArticleFetch.article(request, settings, LoadContext(control, naming: request.source), cache: cache())
    }
}
