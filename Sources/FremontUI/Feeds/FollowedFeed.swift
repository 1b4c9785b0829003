import Foundation
import FremontCore

/// A feed someone follows, as the feeds file lists it.
public struct FollowedFeed: Sendable, Equatable {
    public var source: String
    /// The feeds file's `"~Title"`; nil: the feed's own title.
    public var title: String?
    public var tags: [String]

    public init(source: String, title: String? = nil, tags: [String] = []) {
        self.source = source
        self.title = title
        self.tags = tags
    }
}
