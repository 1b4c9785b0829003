import FremontSources
import FremontUI

/// Each tab's loader, beside `ViewRegistry`'s views: a tab that loads something is its view, its
/// loader and a line in each registry.
public enum LoaderRegistry {
    public static func standard(_ sources: BrowserSources, settings: FetchSettings, config: FremontConfig?) -> [ViewID: any TabLoader] {
        [
            .feeds: FeedLoader(feeds: sources.feeds, settings: settings, fullArticleFeeds: FeedLoader.fullArticleFeeds(sources.followed)),
        ]
    }
}
