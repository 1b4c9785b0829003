import FremontCore

/// A feed after a fetch through the cache: what the cache now holds for it, and what changed.
public struct FeedFetch: Sendable {
    /// The items of this fetch (or of the cache, after a 304), then those the feed has dropped.
    public var cached: CachedFeed
    /// The parser's warnings; empty after a 304. A failure to write the cache is one too.
    public var warnings: [ParseWarning]
    /// The server said `304 Not Modified`: the cached copy is what is shown.
    public var notModified: Bool
    /// Items seen for the first time, which start unread.
    public var newItemIDs: [String]
    /// Why the cache could not keep what was fetched (read-only, locked past the write
    /// patience); nil when it did. The feed is shown all the same, but a reload that keeps
    /// nothing has failed.
    public var notKept: String? = nil
}
