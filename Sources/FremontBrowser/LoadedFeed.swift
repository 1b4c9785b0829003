import FremontCore
import FremontSources

/// A feed as a load brings it: parsed, with what the cache knows of its items.
public struct LoadedFeed: Sendable {
    public var result: FeedParseResult
    /// The items read; nil for a feed that keeps no read state (standard input).
    public var readItemIDs: Set<String>?
    public var starredIDs: Set<String> = []
    /// Items this fetch stored for the first time (a feed fetched from the web).
    public var newItemIDs: [String] = []
    /// When only the newest items were read back (`WebSources.feed(…itemsReadBack:)`): the
    /// counts of all the feed's cached items; nil when `result` holds them all.
    public var storedCounts: CachedFeed.StoredCounts?

    public init(result: FeedParseResult, readItemIDs: Set<String>? = nil, starredIDs: Set<String> = []) {
        self.result = result
        self.readItemIDs = readItemIDs
        self.starredIDs = starredIDs
    }
}
