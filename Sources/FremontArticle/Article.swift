import FremontCore

/// A page's article: its metadata and its main text, rendered for a terminal the way a feed
/// item's content is (headings, paragraphs, lists, block quotes and `<pre>` blocks kept, links
/// numbered `[n]` with `links[n - 1]` their targets). `notArticle` says why a page has no article
/// (too little text), in which case `text` is what little was found.
public struct Article: Sendable, Equatable {
    public var metadata: ArticleMetadata
    /// Terminal-safe text with `[n]` link marks.
    public var text: String
    public var links: [String]
    /// The article's words as the page has them, without link marks (what the corpus test compares).
    public var plainText: String
    /// The article as cleaned HTML, links made absolute.
    public var html: String
    /// Why the page is not an article, or nil when it is one.
    public var notArticle: String?
    /// The text as blocks for the pager (headings, paragraphs, list items, `<pre>`, each in its
    /// block quotes), with links numbered `[n]` for `blockLinks[n - 1]`.
    public var blocks: [ArticleBlock] = []
    public var blockLinks: [String] = []
    /// What of the page was not read, said (nested past the parser's depth, past the node cap).
    public var notes: [String] = []

    public var wordCount: Int { plainText.split(whereSeparator: \.isWhitespace).count }
}
