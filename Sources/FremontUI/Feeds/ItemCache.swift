import FremontCore

/// The cached items as screens read them (`BrowserServices`): windows of a list, one item whole,
/// a search of every item; the program implements it over its cache.
public protocol ItemCache: Sendable {
    /// A window of an item list: its rows and its count (a first screen comes uncounted).
    func window(_ request: ItemWindowRequest) throws(LoadError) -> ItemWindow
    /// One cached item whole, to read: by its feed's cache key and id; `source` is the feed's
    /// name in the browser (a file's cache key is its absolute path).
    func item(feed: String, id: String, source: String) throws(LoadError) -> FeedEntry
    /// The items holding every word of `words`, best first.
    func search(_ words: String, limit: Int) throws(LoadError) -> [SearchResult]
}

/// An item's full article from its page (`x`), kept in the cache with the item.
public protocol ArticleFetcher: Sendable {
    func fullArticle(_ request: FullArticleRequest, _ control: LoadControl) throws(LoadError) -> FullArticle
}

/// A search's hits, with the words asked.
public struct SearchFound: Sendable {
    public let query: String
    public let results: [SearchResult]
}

/// A full article fetched, with what was asked.
public struct FetchedArticle: Sendable {
    public let request: FullArticleRequest
    public let article: FullArticle
}

/// The commands that read items, for whichever screen asks.
public enum ItemCommands {
    /// The keys their replies are told by (a failure carries no value to tell it by).
    public static let windowKey = "window", countKey = "count", itemKey = "item", searchKey = "search", articleKey = "full article"

    /// A list's window (or its count, on the counts' lane): a window a screen waits for says so on
    /// the status line; one read ahead, or a count, runs silently.
    public static func window(_ request: ItemWindowRequest, key: String? = nil) -> Command {
        let lane: Command.Lane = request.isCountOnly ? .count : .cacheRead
        let silent = request.isCountOnly || request.isReadAhead
        return Command(lane, key: key ?? (request.isCountOnly ? countKey : windowKey), label: silent ? nil : ItemWindowRequest.source,
                       subject: request) { (services, _) throws(LoadError) -> ItemWindow in
            try services.port((any ItemCache).self).window(request)
        }
    }

    /// One item whole, to read.
    public static func item(feed: String, id: String, source: String) -> Command {
        Command(.cacheRead, key: itemKey, label: ItemWindowRequest.source, subject: [feed, id]) { (services, _) throws(LoadError) -> FeedEntry in
            try services.port((any ItemCache).self).item(feed: feed, id: id, source: source)
        }
    }

    /// The items holding `words`.
    public static func search(_ words: String, limit: Int) -> Command {
        Command(.cacheRead, key: searchKey, label: "search: " + words, subject: words) { (services, _) throws(LoadError) -> SearchFound in
            SearchFound(query: words, results: try services.port((any ItemCache).self).search(words, limit: limit))
        }
    }

    /// `x`: the item's full article (its page read, or the kept copy).
    public static func fullArticle(_ request: FullArticleRequest) -> Command {
        Command(.fetch, key: articleKey, label: request.source, subject: request) {
            (services, control) throws(LoadError) -> FetchedArticle in
            FetchedArticle(request: request, article: try services.port((any ArticleFetcher).self).fullArticle(request, control))
        }
    }
}
