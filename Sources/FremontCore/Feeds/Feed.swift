import Foundation

/// A news feed as a reader shows it, whatever format it came in (RSS 0.9x/1.0/2.0, Atom 0.3/1.0).
/// Missing fields are empty strings or nil, never a failure: one bad field must not cost the feed.
public struct Feed: Sendable, Equatable {
    public var format: FeedFormat
    /// The feed's own id: Atom's `id`; empty when the feed gives none.
    public var id = ""
    public var title: String
    /// The site the feed belongs to (RSS `link`, Atom `link rel="alternate"`), not the feed's own URL.
    public var link: String
    /// RSS `description`, Atom `subtitle` (0.3: `tagline`), as the feed wrote it.
    public var description: String
    /// RSS `lastBuildDate` (else `pubDate`, `dc:date`), Atom `updated` (0.3: `modified`).
    public var updated: Date?
    /// The feed's picture: RSS `image/url`, Atom `logo` (else `icon`), `itunes:image`.
    public var image = ""
    /// RSS channel `category`, Atom feed `category`, `itunes:category`.
    public var categories: [String] = []
    public var items: [FeedItem]

    public init(format: FeedFormat, title: String = "", link: String = "", description: String = "",
                updated: Date? = nil, items: [FeedItem] = []) {
        self.format = format
        self.title = title
        self.link = link
        self.description = description
        self.updated = updated
        self.items = items
    }
}
