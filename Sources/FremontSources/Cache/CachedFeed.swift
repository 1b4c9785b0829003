import Foundation
import FremontCore

/// A feed as the cache has it: the last fetch's items in the feed's order, then those that have
/// since left the feed, most recently seen first; which were read; when it was fetched.
public struct CachedFeed: Sendable, Equatable {
    public var url: String
    public var feed: Feed
    public var readItemIDs: Set<String>
    public var validators: CacheValidators
    /// Nil when the feed was never fetched whole (only a failure is recorded).
    public var fetchedAt: Date?
    /// The last failure, cleared by the next success.
    public var lastError: String?
    public var lastErrorAt: Date?
    /// The items starred (kept whole apart from the feed), by id.
    public var starredIDs: Set<String> = []
    /// When only the newest items were read (`CacheDatabase.cachedFeed(url:newest:)`): how many
    /// the cache holds of the feed, and how many of them are unread (its kept counts). Nil when
    /// `feed.items` is all of them.
    public var storedCounts: StoredCounts?

    public struct StoredCounts: Sendable, Equatable {
        public var total: Int
        public var unread: Int
        /// The newest item's date (published, else updated), of all of them.
        public var newest: Date?

        public init(total: Int, unread: Int, newest: Date? = nil) {
            self.total = total
            self.unread = unread
            self.newest = newest
        }
    }

    public var unreadCount: Int { feed.items.count { !readItemIDs.contains($0.id) } }
}
