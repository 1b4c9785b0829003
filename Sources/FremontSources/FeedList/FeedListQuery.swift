import FremontCore

/// A query feed of the feeds file, newsboat's `"query:Name:expression" tags…`: the cached items
/// an expression of the filter language matches, listed and opened like a feed.
public struct FeedListQuery: Sendable, Hashable {
    public var name: String
    public var expression: FilterExpression
    /// The expression as written, for `feeds list`.
    public var text: String
    public var tags: [String]

    public init(name: String, expression: FilterExpression, text: String, tags: [String] = []) {
        self.name = name
        self.expression = expression
        self.text = text
        self.tags = tags
    }

    /// The feed list's name for it (its source, and its key in every list).
    public var source: String { "query:" + name }
}
