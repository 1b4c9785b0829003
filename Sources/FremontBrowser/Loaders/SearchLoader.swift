import FremontCore
import FremontSources
import FremontUI

/// The Search tab's results: the cache's full-text index, read on a load thread (a search of
/// 50,000 items takes milliseconds, and a frame has none to spare).
final class SearchLoader: TabLoader {
    /// How a result's full article is fetched (`x` on a result read).
    private let settings: FetchSettings

    init(settings: FetchSettings = FetchSettings()) {
        self.settings = settings
    }

    func jobs(for target: LoadTarget) -> [LoadJob] {
        // A result opened to read.
        if case .item(let feed, let id, let source) = target {
            return [CachedItemJob.make(feed: feed, id: id, source: source) { WebSources.cache }]
        }
        if case .fullArticle(let request) = target {
            return [FullArticleJob.make(request, settings: settings) { WebSources.cache }]
        }
        guard case .query(let query) = target else { return [] }
        return [LoadJob(source: "search: " + query) { (_) throws(LoadError) -> LoadPayload in
            let marks = (String(SearchResult.open), String(SearchResult.close))
            let hits: [SearchHit]
            do {
                hits = try WebSources.cache.search(query, limit: SearchView.limit, marks: marks)
            } catch {
                throw LoadError(source: "the cache", "cannot search it: \(error)")
            }
            return .searchResults(query: query, hits.map {
                SearchResult(title: $0.title, feedTitle: $0.feedTitle.isEmpty ? SourceName.file($0.feedURL) : $0.feedTitle,
                             link: $0.link, published: $0.published, markedSnippet: $0.snippet, feed: $0.feedURL, id: $0.id)
            })
        }]
    }
}
