/// One block of a full article as the pager lays it out: a heading, a paragraph, a list item or
/// a preformatted block, each with the block quotes it sits in. Text is terminal-safe, white
/// space collapsed (but a `<br>` kept as a newline), with `[n]` after each link's words.
public struct ArticleBlock: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case heading, paragraph, item, preformatted
    }

    public var kind: Kind
    public var text: String
    /// A heading's level (1–6); a list item's nesting (1 for a top-level list).
    public var level: Int
    /// `• ` or `3. ` on a list item's first block; empty on the paragraphs that follow it.
    public var marker: String
    /// How many block quotes it is inside.
    public var quoteDepth: Int

    public init(_ kind: Kind, _ text: String, level: Int = 0, marker: String = "", quoteDepth: Int = 0) {
        self.kind = kind
        self.text = text
        self.level = level
        self.marker = marker
        self.quoteDepth = quoteDepth
    }
}
