import Foundation

/// One row of an item list as the cache gives it: what a headline shows and no more (an item's
/// text is fetched when it is opened), so a window of them costs what a screen does.
public struct ItemHeadline: Sendable, Hashable {
    /// The feed's cache key (its address as the feeds file gives it).
    public var feed: String
    public var id: String
    /// As the feed gave it: not yet made safe for a terminal.
    public var title: String
    public var feedTitle: String
    /// Published, else updated; nil when the item has neither.
    public var date: Date?
    public var isRead: Bool
    public var isStarred: Bool
    /// Where the row stands, to continue a window from it.
    public var cursor: ItemCursor
    /// The first of the list's `highlight-article` rules the item matches (its index), if any:
    /// evaluated by the cache with the window, not by the screen each frame.
    public var highlight: Int?

    public init(feed: String, id: String, title: String, feedTitle: String, date: Date?, isRead: Bool, isStarred: Bool,
                cursor: ItemCursor, highlight: Int? = nil) {
        self.highlight = highlight
        self.feed = feed
        self.id = id
        self.title = title
        self.feedTitle = feedTitle
        self.date = date
        self.isRead = isRead
        self.isStarred = isStarred
        self.cursor = cursor
    }
}
