import Foundation

/// The failure of a call to any sync service: one kind of error for every backend, so the engine
/// acts on it alike (only the API refusing a call in its own shape counts against the changes it
/// carried; anything else ends the sync with every change queued; junk is never stored).
public typealias SyncError = TTRSSError

/// A feed service the sync engine talks to: Tiny Tiny RSS's JSON API (`TTRSSBackend`) or the
/// Google Reader API (`GoogleReaderBackend`: FreshRSS, Miniflux, Inoreader, The Old Reader). The
/// engine owns the queue of changes made here and the order they go up in; a backend sends them
/// in its own terms and brings the server's feeds, articles and state down into the cache.
public protocol SyncBackend: Sendable {
    /// Names the server in the cache and in messages: its API address, no user part.
    var service: String { get }
    /// Requests made so far, for `fremont sync`'s report and the tests.
    var callCount: Int { get }
    /// Whether an item id of the cache can be an article of this server; a change to one that
    /// cannot is refused without asking.
    func isArticleID(_ id: String) -> Bool
    /// Sets `field` (read or starred) of the articles to `value`; returns how many the server
    /// changed (a server that does not count answers all of them).
    func update(_ ids: [String], field: SyncChange.Field, value: Bool) throws(SyncError) -> Int
    /// Marks every article of the feed read, as of `madeAt`.
    func catchUp(_ feed: SyncedFeed, madeAt: Date) throws(SyncError)
    /// Brings the subscriptions (as the synced feeds), new articles and the read and starred
    /// state into the cache, keeping the rule: a change made here that still waits wins.
    func pull(into cache: CacheDatabase, itemsPerFeed: Int, report: inout SyncReport) throws
}
