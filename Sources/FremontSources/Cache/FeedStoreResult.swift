/// What storing a fetched feed changed.
public struct FeedStoreResult: Sendable, Equatable {
    /// Items the cache had never seen, in the feed's order; they start unread.
    public var newItemIDs: [String]
    /// Items the cache keeps that this fetch no longer had.
    public var vanishedCount: Int
    /// The feed as the cache now holds it, read marks included: what a list shows.
    public var cached: CachedFeed?

    public init(newItemIDs: [String], vanishedCount: Int, cached: CachedFeed? = nil) {
        self.newItemIDs = newItemIDs
        self.vanishedCount = vanishedCount
        self.cached = cached
    }
}
