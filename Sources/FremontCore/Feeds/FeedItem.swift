import Foundation

/// One entry of a feed (RSS `item`, Atom `entry`).
public struct FeedItem: Sendable, Equatable {
    /// Stable across fetches: guid or Atom id; else link + date; else link; else title; else the
    /// first enclosure's address (+ date); else a digest of the text (+ date).
    public var id: String
    /// Plain text (Atom `type="html"` titles are reduced to their text).
    public var title: String
    /// Atom `rel="alternate"` first, else the first link without rel; RSS `link`, else a permalink guid.
    public var link: String
    /// HTML, as the feed wrote it (RSS `description`, Atom `summary`). Atom plain text is escaped
    /// so that this is always HTML.
    public var summary: String
    /// HTML of the full text (`content:encoded`, Atom `content`; `type="xhtml"` as markup).
    public var content: String
    public var published: Date?
    public var updated: Date?
    /// `dc:creator`, RSS `author`, Atom author name (inherited from the feed), `itunes:author`.
    public var author: String
    public var categories: [String]
    public var enclosures: [FeedEnclosure]
    /// RSS `comments`: the page of comments on the item.
    public var comments = ""
    /// RSS `source`: the feed the item came from, its title and address.
    public var sourceTitle = ""
    public var sourceURL = ""
    /// A picture for the item: `media:thumbnail`, `itunes:image`.
    public var image = ""

    public init(id: String = "", title: String = "", link: String = "", summary: String = "",
                content: String = "", published: Date? = nil, updated: Date? = nil, author: String = "",
                categories: [String] = [], enclosures: [FeedEnclosure] = []) {
        self.id = id
        self.title = title
        self.link = link
        self.summary = summary
        self.content = content
        self.published = published
        self.updated = updated
        self.author = author
        self.categories = categories
        self.enclosures = enclosures
    }
}
