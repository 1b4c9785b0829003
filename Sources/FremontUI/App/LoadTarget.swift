import FremontCore

/// What a load effect asks for.
public enum LoadTarget: Hashable, Sendable {
    /// The view's sources as they are.
    case reload
    /// Only these of the view's sources (the feed opened from the list).
    case sources([String])
    /// The starred items.
    case starred
    /// These feeds with every item, as the cache holds them (the summaries view wraps them):
    /// other loads bring a feed's counts, not its items.
    case wholeFeeds([String])

    /// Whether starting it cancels the view's loads under way: a reload replaces them; reading
    /// the cache (the starred items, feeds whole) never stops a feed loading.
    public var replacesLoads: Bool {
        switch self {
        case .reload: true
        case .sources, .starred, .wholeFeeds: false
        }
    }

    /// Whether its jobs may reach the network (else they read the cache only).
    public var isFetch: Bool {
        switch self {
        case .reload, .sources: true
        case .starred, .wholeFeeds: false
        }
    }
}
