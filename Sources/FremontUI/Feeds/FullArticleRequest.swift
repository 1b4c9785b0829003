import FremontCore

/// The `x` key's load: an item's page read for its article, kept in the cache with the item.
/// The kept copy answers unless `again` (`X`) asks for the page anew.
public struct FullArticleRequest: Sendable, Hashable {
    /// The item: its feed's cache key and its id.
    public var feed: String
    public var id: String
    /// The page to read: the item's own link.
    public var link: String
    public var again: Bool

    public init(feed: String, id: String, link: String, again: Bool = false) {
        self.feed = feed
        self.id = id
        self.link = link
        self.again = again
    }

    /// The load's name on the status line and in the Log: the page's address.
    public var source: String { link }
}
