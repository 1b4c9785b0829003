import Foundation

/// A starred item as the reader showed it: what the cache keeps, never pruned, so it can be
/// shown again whatever becomes of its feed.
public struct StarredItem: Sendable, Hashable {
    public var source: String
    public var id: String
    public var title: String
    public var feedName: String
    public var author: String
    public var date: Date?
    /// The text rendered from the item's HTML, paragraphs separated by blank lines.
    public var text: String
    public var links: [String]
    public var link: String
    public var enclosures: [FeedEnclosure]

    public init(source: String, id: String, title: String, feedName: String, author: String, date: Date?, text: String,
                links: [String], link: String, enclosures: [FeedEnclosure]) {
        self.source = source
        self.id = id
        self.title = title
        self.feedName = feedName
        self.author = author
        self.date = date
        self.text = text
        self.links = links
        self.link = link
        self.enclosures = enclosures
    }

    /// The name the starred items load under, for the view that shows them.
    public static let source = "starred items"
}
