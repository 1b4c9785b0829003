/// What the filter language knows of feeds that the cache does not hold: their tags and their
/// place in the feeds file (`tags`, `feedindex`), by the feed's cache key (its address).
public struct FilterFeedList: Sendable, Hashable {
    /// The feeds in the file's order; `feedindex` is the place, from 1.
    public var urls: [String]
    public var tags: [String: [String]]

    public init(urls: [String] = [], tags: [String: [String]] = [:]) {
        self.urls = urls
        self.tags = tags
    }
}
