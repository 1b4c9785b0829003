/// One feed someone follows: its address, an optional title of their own, and tags.
public struct FeedListEntry: Sendable, Hashable {
    public var url: String
    /// newsboat's `"~Title"` tag: overrides the feed's own title when shown.
    public var title: String?
    public var tags: [String]

    public init(url: String, title: String? = nil, tags: [String] = []) {
        self.url = url
        self.title = title
        self.tags = tags
    }
}
