import FremontCore

/// What a load effect asks for.
public enum LoadTarget: Hashable, Sendable {
    /// The view's sources as they are.
    case reload
    /// Another month of the same data (`<` and `>` on the Table tab).
    case month(year: Int, month: Int)
    /// What matches these words (the Search tab).
    case query(String)
    /// Only these of the view's sources (the feed opened from the list).
    case sources([String])
    /// The starred items.
    case starred
    /// These feeds with every item, as the cache holds them (the summaries view wraps them):
    /// other loads bring a feed's counts, not its items.
    case wholeFeeds([String])
    /// A window of an item list from the cache: the rows on screen and a margin, and the count.
    case window(ItemWindowRequest)
    /// One cached item whole, to read: by its feed's cache key and id; `source` is the feed's
    /// name in the browser (a file's cache key is its absolute path).
    case item(feed: String, id: String, source: String)
    /// An item's page read for its full article (the kept copy, unless asked again).
    case fullArticle(FullArticleRequest)

    /// Whether starting it cancels the view's loads under way: another span or a reload replaces
    /// them; reading the cache (a window, an item, the starred items) never stops a feed loading.
    public var replacesLoads: Bool {
        switch self {
        case .reload, .month, .query: true
        case .sources, .starred, .wholeFeeds, .window, .item, .fullArticle: false
        }
    }

    /// Whether it only counts a list (a query feed's counts, a list's count after its first
    /// screen): such reads scan items, so they run on a lane of their own, never ahead of a window.
    public var isCount: Bool {
        if case .window(let request) = self { return request.isCountOnly }
        return false
    }

    /// Whether it runs without a word on the status line: a count, or a window read ahead (the
    /// screen drawn meanwhile from rows held): a spinner would flicker at every few pages.
    public var isSilent: Bool {
        if case .window(let request) = self { return request.isCountOnly || request.isReadAhead }
        return false
    }

    /// Whether its jobs may reach the network (else they read the cache only).
    public var isFetch: Bool {
        switch self {
        case .reload, .month, .sources, .fullArticle: true
        case .query, .starred, .wholeFeeds, .window, .item: false
        }
    }
}
