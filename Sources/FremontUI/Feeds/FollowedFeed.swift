import Foundation
import FremontCore

/// A feed someone follows, as the feeds file lists it.
public struct FollowedFeed: Sendable, Equatable {
    public var source: String
    /// The feeds file's `"~Title"`; nil: the feed's own title.
    public var title: String?
    public var tags: [String]
    /// Where the cache keeps its items: its address, or a file's absolute path.
    public var cacheKey: String
    /// A query feed (newsboat's `"query:Name:expression"`): the items of the cache the
    /// expression matches; nil for a feed that is fetched.
    public var query: FilterExpression?

    public init(source: String, title: String? = nil, tags: [String] = [], cacheKey: String? = nil, query: FilterExpression? = nil) {
        self.source = source
        self.title = title
        self.tags = tags
        self.cacheKey = cacheKey ?? source
        self.query = query
    }
}
