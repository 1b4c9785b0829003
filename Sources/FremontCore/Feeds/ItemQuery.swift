/// Which cached items an item list shows, always newest first: the question a list asks the
/// cache, so that a list is a window over it rather than a copy of it.
///
/// Every consumer switches over it exhaustively, so a new kind of list is one more case and the
/// compiler lists every place that must learn it.
public enum ItemQuery: Sendable, Hashable {
    /// Every cached item.
    case all
    /// Items not read yet.
    case unread
    /// Starred items, whatever became of their feed (the cache keeps them apart, whole).
    case starred
    /// One feed's items, by its cache key: the feed's address as the feeds file gives it.
    case feed(String)
    /// The items of the feeds the feeds file gives a tag: the tag, and those feeds' cache keys.
    case tag(String, feeds: Set<String>)
    /// The items of the feeds named together on the command line (`fremont feed A B`), by their
    /// cache keys: read as a tag's feeds are, with no tag of their own.
    case feeds(Set<String>)
    /// The items an expression of newsboat's filter language matches, evaluated in the cache;
    /// `feeds` gives what the feeds file knows (tags, order) to `tags` and `feedindex`.
    case filter(FilterExpression, feeds: FilterFeedList = FilterFeedList())
    /// The items of `within` whose title or text hold every word of `text` (the last word a
    /// prefix), found by the cache's full-text index: `/` in a list.
    indirect case search(String, within: ItemQuery)
}
