/// The state screens share, one store per domain, owned by the browser: each screen is given
/// the browser's stores (`BrowserView.attach`) when it is registered or opened.
///
/// A store is one shared object, not a value: the feed reader's marks and loads (`FeedStore`)
/// and the loaded table with its lens (`SeriesStore`) are each held once, and every screen that
/// shows them — and every copy of `BrowserState` — reads the same one. Screens keep values of
/// their own (a selection, a cursor, what they worked out from a store at a revision); the
/// stores change only inside `BrowserState.update`, on the UI thread.
public struct BrowserStores: Sendable {
    public let feeds: FeedStore
    public let series: SeriesStore

    public init(feeds: FeedStore = FeedStore(), series: SeriesStore = SeriesStore()) {
        self.feeds = feeds
        self.series = series
    }
}
