import FremontCore
import FremontSources
import FremontUI

/// The ports a run's screens reach, made once from what the command line and the config gave:
/// a port a new screen needs is its implementation here and one line below.
enum RunServices {
    static func make(_ sources: BrowserSources, settings: FetchSettings, config: FremontConfig?, downloads: BrowserDownloads?,
                     feeds: FeedService? = nil, background: BackgroundPrograms = BackgroundPrograms()) -> BrowserServices {
        var services = BrowserServices()
        services.provide((any FeedSource).self, feeds ?? Self.feeds(sources, settings: settings))
        services.provide((any TableSource).self, TableService(request: sources.table, settings: settings, config: config))
        services.provide((any ForecastSource).self, ForecastService(source: sources.weather, settings: settings))
        let items = ItemCacheService(settings: settings)
        services.provide((any ItemCache).self, items)
        services.provide((any ArticleFetcher).self, items)
        services.provide((any ReaderMarks).self, ReaderMarksService())
        services.provide((any ReaderOutput).self, ReaderOutputService(bookmarkCommand: config?.bookmarkCommand, background: background))
        if let downloads { services.provide((any DownloadQueue).self, downloads) }
        return services
    }

    /// The Feeds tab's feeds: the command line's, the feeds file's (and a sync service's), or the built-in ones.
    static func feeds(_ sources: BrowserSources, settings: FetchSettings) -> FeedService {
        FeedService(feeds: sources.feeds, settings: settings, fullArticleFeeds: FeedService.fullArticleFeeds(sources.followed),
                    viewedOnly: sources.viewedOnly)
    }
}
