import Foundation

/// An item's page read for its article (the `x` key, or a feed tagged `full-article`): what the
/// cache keeps with the item and the pager shows in place of the feed's summary. Every string is
/// terminal-safe; the blocks' text has the `[n]` link marks of `links`, as a feed item's text has.
public struct FullArticle: Sendable, Hashable {
    /// The address read, after redirects.
    public var url: String
    public var title: String
    public var byline: String
    public var siteName: String
    /// The publication date as the page states it (not parsed: pages write it every way).
    public var published: String
    public var blocks: [ArticleBlock]
    public var links: [String]
    /// Why the page holds no article (a video, a PDF, a paywall notice: too little text); the
    /// summary is shown instead. Kept too, so a feed's background fetches do not ask again.
    public var notArticle: String?
    public var fetchedAt: Date

    public init(url: String, title: String = "", byline: String = "", siteName: String = "", published: String = "",
                blocks: [ArticleBlock], links: [String] = [], notArticle: String? = nil, fetchedAt: Date) {
        self.url = url
        self.title = title
        self.byline = byline
        self.siteName = siteName
        self.published = published
        self.blocks = blocks
        self.links = links
        self.notArticle = notArticle
        self.fetchedAt = fetchedAt
    }

    public var isArticle: Bool { notArticle == nil }
    /// The blocks' words, a blank line between blocks: what the full-text index holds.
    public var text: String { blocks.map { $0.marker + $0.text }.joined(separator: "\n\n") }
    public var wordCount: Int { blocks.reduce(0) { $0 + $1.text.split(whereSeparator: \.isWhitespace).count } }

    /// Feeds tagged so in the feeds file (`URL full-article "~Title"`) have every new item's
    /// article fetched in the background after a reload.
    public static let feedTag = "full-article"
}
