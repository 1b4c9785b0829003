/// The state screens share, one store per domain, owned by the browser: each screen is given
/// the browser's stores (`BrowserView.attach`) when it is registered or opened.
public struct BrowserStores: Sendable {
    public let feeds: FeedStore

    public init(feeds: FeedStore = FeedStore()) {
        self.feeds = feeds
    }
}
