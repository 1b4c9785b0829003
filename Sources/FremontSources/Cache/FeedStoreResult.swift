/// What storing a fetched feed changed.
public struct FeedStoreResult: Sendable, Equatable {
    /// Items the cache had never seen, in the feed's order; they start unread.
    public var newItemIDs: [String]
    /// Items the cache keeps that this fetch no longer had.
    public var vanishedCount: Int
}
