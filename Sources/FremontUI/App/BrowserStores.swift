/// The state screens share, one store per domain, owned by the browser: each screen is given
/// the browser's stores (`BrowserView.attach`) when it is registered or opened.
public struct BrowserStores: Sendable {
    public let feeds: FeedStore
    public let series: SeriesStore

    public init(feeds: FeedStore = FeedStore(), series: SeriesStore = SeriesStore()) {
        self.feeds = feeds
        self.series = series
    }
}
