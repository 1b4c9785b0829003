import FremontCore

/// A feed as a load brings it: parsed, with what the cache knows of its items.
public struct LoadedFeed: Sendable {
    public var result: FeedParseResult
    /// The items read; nil for a feed that keeps no read state (standard input).
    public var readItemIDs: Set<String>?
    public var starredIDs: Set<String> = []
    /// Items this fetch stored for the first time (a feed fetched from the web).
    public var newItemIDs: [String] = []

    public init(result: FeedParseResult, readItemIDs: Set<String>? = nil, starredIDs: Set<String> = []) {
        self.result = result
        self.readItemIDs = readItemIDs
        self.starredIDs = starredIDs
    }
}
