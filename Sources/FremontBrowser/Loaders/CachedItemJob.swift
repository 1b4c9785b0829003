import FremontCore
import FremontSources
import FremontUI

/// Reads one cached item whole for a screen that opens it (a headline, a search result): its
/// text rendered from HTML on the load thread.
enum CachedItemJob {
    static func make(feed: String, id: String, source: String, cache: @escaping @Sendable () -> CacheDatabase) -> LoadJob {
        LoadJob(source: ItemWindowRequest.source) { (_) throws(LoadError) -> LoadPayload in
            let cache = cache()
            do {
                guard let item = try cache.item(feed: feed, id: id) else {
                    throw LoadError(source: "the cache", "the item is no longer in the cache (its feed dropped it)")
                }
                let cached = try cache.cachedFeedTitle(url: feed)
                return .item(FeedEntry.opened(item.item, source: source, feedName: cached.isEmpty ? source : cached,
                                              isUnread: !item.isRead, isStarred: item.isStarred))
            } catch let error as LoadError {
                throw error
            } catch {
                throw LoadError(source: "the cache", "cannot read the item: \(error)")
            }
        }
    }
}
