/// A parsed feed and what the parser had to forgive to get it (repairs, unreadable dates, a cut).
public struct FeedParseResult: Sendable, Equatable {
    public var feed: Feed
    public var warnings: [ParseWarning]

    public init(feed: Feed, warnings: [ParseWarning] = []) {
        self.feed = feed
        self.warnings = warnings
    }
}
