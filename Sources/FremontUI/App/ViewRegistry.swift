import Foundation

/// The one place the browser's views are listed: each is a tab, numbered in this order.
/// Adding a view is its file and a line here.
public enum ViewRegistry {
    /// `feeds` is the Feeds tab: the feed list (`FeedListView`) for the feeds you follow, the
    /// items themselves (`ItemListView`) for feeds named on the command line.
    public static func standard(feeds: any BrowserView = ItemListView()) -> [any BrowserView] {
        [
            TableTab(),
            feeds,
            WeatherTab(),
            LogView(),
            SearchView(),
            DownloadsView(),
        ]
    }
}
