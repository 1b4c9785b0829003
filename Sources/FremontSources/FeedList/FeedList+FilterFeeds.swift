import FremontCore

extension FeedList {
    /// What the filter language knows of the list's feeds: each one's place (`feedindex`) and
    /// tags (`tags`), by the address the cache knows it by (without a password); a feed listed
    /// twice keeps its first tags.
    public var filterFeeds: FilterFeedList {
        let urls = entries.map { RedactedURL.text($0.url) }
        var tags: [String: [String]] = [:]
        for (entry, url) in zip(entries, urls) where tags[url] == nil { tags[url] = entry.tags }
        return FilterFeedList(urls: urls, tags: tags)
    }
}
