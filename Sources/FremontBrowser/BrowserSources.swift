import FremontCore
import FremontSources
import FremontUI

/// What the browser's tabs load: named on the command line, else the reader's own (the feeds
/// followed, the config's location), else the data built in.
public struct BrowserSources: Sendable {
    /// The table request the Table tab runs: the command's own, else the built-in April.
    public var table: TableRequest
    /// A forecast that cannot be asked for (Pirate Weather without a key) is the tab's error.
    public var weather: Result<DataSource, LoadError>
    /// Each feed loads on its own, so a slow or broken one holds up no other.
    public var feeds: [DataSource]
    /// The feeds as the feeds file lists them (titles, tags): the Feeds tab is then the feed
    /// list; nil, it shows the items of `feeds` at once.
    public var followed: [FollowedFeed]?
    /// The feeds named on the command line that are not followed, by name: only viewed, they are
    /// kept in the cache but left out of All items until followed. Nil: the feeds followed.
    public var viewedOnly: Set<String>?
    /// What the feeds file had that fremont cannot use (a bad line, a `query:` feed), for the Log.
    public var feedListWarnings: [ParseWarning]
    /// Where the table's counts were taken (a joined `weather:LAT,LON`'s latitude), for the
    /// trend's model of riders against the weather; nil when not known.
    public var latitude: Double?

    /// `feeds` nil: the feeds the list follows (shown as the list), else the built-in ones.
    public init(table: TableRequest? = nil, weather: Result<DataSource, LoadError>? = nil, feeds: [DataSource]? = nil,
                followed: [FollowedFeed]? = nil, feedListWarnings: [ParseWarning] = [], config: FremontConfig?) {
        self.table = table ?? TableRequest(source: .input(EmbeddedData.aprilBikes()))
        self.weather = weather ?? LiveForecast.browserDefault(config)
        if let feeds {
            self.feeds = feeds
            self.followed = followed
            self.feedListWarnings = feedListWarnings
        } else {
            let list = Self.followed() ?? Self.builtInFeeds()
            self.feeds = list.sources
            self.followed = list.feeds
            self.feedListWarnings = list.warnings
        }
    }

    /// The feeds you follow (the feeds file's, then a sync service's), as sources and as the feed
    /// list shows them, with the feeds file's warnings; nil when there are none.
    public static func followed() -> (sources: [DataSource], feeds: [FollowedFeed], warnings: [ParseWarning])? {
        let list = (try? FeedList.load(from: FremontDirectories().feedList)) ?? nil
        return followed(in: list ?? FeedList())
    }

    /// The feeds of a list already read, as sources and as the feed list shows them.
    public static func followed(in list: FeedList) -> (sources: [DataSource], feeds: [FollowedFeed], warnings: [ParseWarning])? {
        var sources: [DataSource] = [], feeds: [FollowedFeed] = []
        for entry in list.entries {
            guard let source = try? DataSource(argument: entry.url) else { continue }
            sources.append(source)
            feeds.append(FollowedFeed(source: source.name, title: entry.title, tags: entry.tags, cacheKey: cacheKey(source)))
        }
        // A sync service's feeds (urls-source) beside the file's own.
        let synced = SyncRunner.followed()
        sources += synced.sources
        feeds += synced.feeds
        // Query feeds: listed after the feeds, loaded from the cache by the list, fetched never.
        for query in list.queries {
            feeds.append(FollowedFeed(source: query.source, title: query.name, tags: query.tags, query: query.expression))
        }
        return sources.isEmpty ? nil : (sources, feeds, list.warnings)
    }

    /// Of `named` (feeds named on the command line), the names of those the feeds file does not
    /// follow: a feed is the same feed by its cache key (a file by its absolute path).
    public static func notFollowed(_ named: [DataSource], in list: FeedList?) -> Set<String> {
        let followed = Set((list?.entries ?? []).compactMap { try? DataSource(argument: $0.url) }.map(cacheKey))
        return Set(named.filter { !followed.contains(cacheKey($0)) }.map(\.name))
    }

    /// The feeds built into the binary, for a browser whose reader follows none.
    public static func builtInFeeds() -> (sources: [DataSource], feeds: [FollowedFeed], warnings: [ParseWarning]) {
        let sources = EmbeddedData.feeds().map { DataSource.input($0) }
        return (sources, sources.map { FollowedFeed(source: $0.name, cacheKey: cacheKey($0)) }, [])
    }

    /// Where the cache keeps a feed's items: a file by its absolute path.
    public static func cacheKey(_ source: DataSource) -> String {
        if case .input = source { return WebSources.readKey(source.name) }
        return source.name
    }
}
