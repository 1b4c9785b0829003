import Foundation

/// The one place the browser's views are listed: each is a tab, numbered in this order.
/// Adding a view is its file and a line here.
public enum ViewRegistry {
    public static func standard(feeds: FeedsTab = FeedsTab()) -> [any BrowserView] {
        [
            BikesTab(),
            feeds,
            WeatherTab(),
            LogView(),
            SearchView(),
        ]
    }
}
