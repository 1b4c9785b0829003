import Foundation
import FremontCore
import FremontSources

/// Loading for the commands and the browser's services, with the cache in the way of the web:
/// addresses and Socrata queries are fetched through it (conditional GET, stored for later), or
/// with `--offline` read from it alone, the data's age said on stderr. Files and standard input
/// load as they are. Failures are `LoadError`s, which the commands print as one line.
public enum WebSources {
    /// The cache, opened once; why it is a fresh one (damaged, locked) is said once, on stderr.
    public static let cache: CacheDatabase = {
        let cache = CacheDatabase.open(upgrading: {
            Diagnostics.note("bringing the cache up to date for this version, once (about a minute for a million items)…")
        })
        if let notice = cache.notice { Diagnostics.note(notice) }
        // `ignore-mode display`: the rules' items stay stored, left out of every list and count.
        if let rule = ConfigFile.quiet?.ignoreRules.displayExpression { cache.hideItems(matching: rule, feeds: followedFeeds(of: cache)) }
        return cache
    }()

    /// One HTTP fetcher for every source of a run.
    static let http = HTTPFetcher()

    public static func fetcher(_ settings: FetchSettings) -> CachedFetcher {
        var fetcher = CachedFetcher(cache: cache, fetcher: http, options: settings.requestOptions)
        fetcher.retention = retention
        return fetcher
    }

    /// The config's `max-items`, `keep-articles-days` and, in `ignore-mode download`, its
    /// `ignore-article` rules (its warnings are said where the config is read).
    private static var retention: FeedRetention {
        let config = ConfigFile.quiet
        // The feeds file is read for the rules' tags only when there are rules.
        let rule = config?.ignoreRules.downloadExpression
        return FeedRetention(maxItems: config?.maxItems, keepArticlesDays: config?.keepArticlesDays,
                             ignored: rule, ignoredFeeds: rule == nil ? FilterFeedList() : followedFeeds(of: cache))
    }

    /// The feeds file's feeds as the rules' `tags` and `feedindex` read them, the synced feeds'
    /// categories as their tags after them; read quietly (the file's warnings are said where it
    /// is read for its feeds), none when there is no file.
    static func followedFeeds(of cache: CacheDatabase) -> FilterFeedList {
        var list = ((try? FeedList.load()) ?? nil)?.filterFeeds ?? FilterFeedList()
        for feed in (try? cache.syncedFeeds()) ?? [] where list.tags[feed.key] == nil {
            list.urls.append(feed.key)
            list.tags[feed.key] = feed.category.isEmpty ? [] : [feed.category]
        }
        return list
    }

    /// Files, standard input and built-in data: read directly, never cached, and without an
    /// HTTP session made for nothing; anything else through the loader.
    private static func open(_ source: DataSource, _ settings: FetchSettings, _ context: LoadContext) throws(LoadError) -> InputSource {
        if case .input(let given) = source { return given }
        return try SourceLoader(fetcher: http, options: settings.requestOptions, cancellation: context.cancellation, progress: context.progress)
            .open(source)
    }

    /// A feed, the items already read and the items starred: from the cache for a feed it holds
    /// (read back in the transaction that stored it); for a file (with `readState`, as the browser
    /// asks), from the marks kept by its path; else nil and none.
    /// `itemsReadBack`: how many of a cached feed's items to read back with it (nil: all); fewer
    /// come with the counts of all of them (`LoadedFeed.storedCounts`). A feed file is read whole.
    public static func feed(_ source: DataSource, _ settings: FetchSettings, _ context: LoadContext = .commandLine,
                            readState: Bool = false, itemsReadBack: Int? = nil) throws(LoadError) -> LoadedFeed {
        guard case .url(let url) = source else {
            let result = try FeedParser.parse(try open(source, settings, context))
            guard readState, !source.readsStandardInput else { return LoadedFeed(result: result) }
            let key = readKey(source.name)
            // Stored like a fetched feed, so the item lists over the cache show it too; a cache
            // that cannot take it still leaves the file readable, with its marks.
            if let stored = try? cache.storeLocalFeed(result.feed, key: key, retention: retention), let cached = stored.cached {
                return LoadedFeed(result: FeedParseResult(feed: cached.feed, warnings: result.warnings),
                                  readItemIDs: cached.readItemIDs, starredIDs: cached.starredIDs)
            }
            return LoadedFeed(result: result, readItemIDs: (try? cache.readMarks(source: key)) ?? [],
                              starredIDs: (try? cache.starredIDs(source: key)) ?? [])
        }
        let key = RedactedURL.text(url)
        if SyncedFeed.schemes.contains(url.scheme ?? "") {
            return try syncedFeed(key, settings, context)
        }
        guard settings.offline else {
            var fetcher = fetcher(settings)
            fetcher.itemsReadBack = itemsReadBack
            let fetch = try fetcher.feed(url, cancellation: context.cancellation, progress: context.progress)
            var loaded = LoadedFeed(result: FeedParseResult(feed: fetch.cached.feed, warnings: fetch.warnings),
                                    readItemIDs: fetch.cached.readItemIDs, starredIDs: fetch.cached.starredIDs)
            loaded.newItemIDs = fetch.newItemIDs
            loaded.storedCounts = fetch.cached.storedCounts
            return loaded
        }
        let cached = try read({ try cache.cachedFeed(url: key, newest: itemsReadBack) }, key)
        guard let cached, let fetchedAt = cached.fetchedAt else {
            // A feed tried and failed is not "never fetched": the advice fits how it failed.
            throw LoadError(source: key, kind: .notCached,
                            OfflineAdvice.notCached(lastError: cached?.lastError, failedAt: cached?.lastErrorAt))
        }
        context.note("\(key): \(OfflineAdvice.cached(fetchedAt: fetchedAt, lastError: cached.lastError, failedAt: cached.lastErrorAt))")
        var loaded = LoadedFeed(result: FeedParseResult(feed: cached.feed), readItemIDs: cached.readItemIDs, starredIDs: cached.starredIDs)
        loaded.storedCounts = cached.storedCounts
        return loaded
    }

    /// A web page or a file whole (a page is parsed at once, not streamed), refused past `limit`
    /// bytes, and the address its relative links resolve against (after redirects). Pages are
    /// fetched live: they are not kept in the cache, so `--offline` has none to read.
    public static func page(_ source: DataSource, _ settings: FetchSettings, limit: Int,
                            _ context: LoadContext = .commandLine) throws(LoadError) -> (data: Data, base: URL?) {
        if case .url(let url) = source, settings.offline {
            throw LoadError(source: RedactedURL.text(url), kind: .notCached, "pages are not kept in the cache; run it without --offline")
        }
        var settings = settings
        settings.requestOptions.maximumBytes = min(settings.requestOptions.maximumBytes, limit)
        let input = try open(source, settings, context)
        let reader = try input.open()
        reader.limit = (limit, "a web page")
        var data = Data()
        try reader.forEachChunk { data.append($0) }
        var base: URL?
        if let given = input.base { base = URL(string: given) }
        if base == nil, case .url(let url) = source { base = url }
        return (data, base)
    }

    /// A feed of a sync service: synced first (one sync serves a whole reload), then read from
    /// the cache, where the sync put it. The sync's troubles are the load's warnings.
    private static func syncedFeed(_ key: String, _ settings: FetchSettings, _ context: LoadContext) throws(LoadError) -> LoadedFeed {
        let said = settings.offline ? [] : SyncRunner.syncForLoad()
        guard let cached = try read({ try cache.cachedFeed(url: key) }, key) else {
            throw LoadError(source: key, kind: .notCached, "no longer a feed of the sync service")
        }
        return LoadedFeed(result: FeedParseResult(feed: cached.feed, warnings: said), readItemIDs: cached.readItemIDs,
                          starredIDs: cached.starredIDs)
    }

    public static func table(_ source: DataSource, format: TableFormat?, delimiter: UInt8?, choice: SeriesColumnChoice = SeriesColumnChoice(),
                      _ settings: FetchSettings, _ context: LoadContext = .commandLine) throws(LoadError) -> SeriesTable {
        let cached: CachedTable?
        switch source {
        case .input(let input):
            // A file or standard input: read directly, with no HTTP session made for nothing.
            return try SeriesLoader.load(input, format: format, delimiter: delimiter, choice: choice)
        case .forecast(let request):
            throw LoadError(source: request.name, "a forecast holds no table of counts")
        case .url(let url):
            guard settings.offline else {
                let fetch = try fetcher(settings).table(url, format: format, delimiter: delimiter, choice: choice,
                                                        cancellation: context.cancellation, progress: context.progress)
                return fetch.value.table.replacingWarnings(fetch.warnings)
            }
            cached = try read({ try cache.cachedTable(source: RedactedURL.text(url), choice: choice) }, source.name)
        case .socrata(let query):
            guard settings.offline else {
                let fetch = try fetcher(settings).table(query, choice: choice, cancellation: context.cancellation, progress: context.progress)
                return fetch.value.table.replacingWarnings(fetch.warnings)
            }
            cached = try read({ try cache.cachedTable(source: RedactedURL.text(query.endpoint), span: query.first...query.last, choice: choice) }, source.name)
        }
        guard let cached else { throw notCached(source.name) }
        sayAge(source.name, cached.fetchedAt, context)
        return cached.table
    }

    /// A forecast file or address, or a live forecast (kept in the cache under its name, which
    /// never holds a key).
    public static func forecast(_ source: DataSource, _ settings: FetchSettings, _ context: LoadContext = .commandLine) throws(LoadError) -> Forecast {
        let key: String
        switch source {
        case .url(let url):
            key = RedactedURL.text(url)
            guard settings.offline else {
                return try fetcher(settings).forecast(url, cancellation: context.cancellation, progress: context.progress).value.forecast
            }
        case .forecast(let request):
            key = request.name
            guard settings.offline else {
                return try fetcher(settings).forecast(request, cancellation: context.cancellation, progress: context.progress).value.forecast
            }
        case .input, .socrata:
            return try ForecastReader.read(open(source, settings, context))
        }
        guard let cached = try read({ try cache.cachedForecast(source: key) }, key) else { throw notCached(key) }
        sayAge(key, cached.fetchedAt, context)
        return cached.forecast
    }

    /// Remembers that items were read, or unread again, so it stays so after a restart: in the
    /// cached feed for a web address, as read marks for a file or a built-in feed.
    public static func markRead(source: String, ids: [String], read: Bool) throws {
        let lowered = source.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || SyncedFeed.isKey(source) {
            // A synced feed's marks are queued for the server in the same write.
            try cache.markRead(feedURL: source, itemIDs: ids, read: read)
        } else {
            try cache.setReadMarks(source: readKey(source), itemIDs: ids, read: read)
        }
    }

    /// Every cached item of these feeds read, in one write: a fetched feed's items by one
    /// statement; a file's items also as read marks (they outlive its stored items).
    public static func markAllRead(sources: [String]) throws {
        try cache.markAllRead(feedURLs: sources.map { source in
            let lowered = source.prefix(8).lowercased()
            let fetched = lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || SyncedFeed.isKey(source)
            return (fetched ? source : readKey(source), keepsReadMarks: !fetched)
        })
    }

    /// A file's read marks are kept by its absolute path, so `feed.xml` from its folder and
    /// `~/news/feed.xml` from elsewhere are the same file; other names as they are.
    public static func readKey(_ name: String) -> String {
        FileManager.default.fileExists(atPath: name) ? URL(fileURLWithPath: name).standardizedFileURL.path : name
    }

    /// A cache that fails to read is a failure of this load, in one line.
    private static func read<T>(_ body: () throws -> T?, _ key: String) throws(LoadError) -> T? {
        do {
            return try body()
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(source: key, "cannot read the cache: \(error)")
        }
    }

    private static func notCached(_ key: String) -> LoadError {
        LoadError(source: key, kind: .notCached, OfflineAdvice.notCached(lastError: nil, failedAt: nil))
    }

    private static func sayAge(_ key: String, _ fetchedAt: Date, _ context: LoadContext) {
        context.note("\(key): \(CacheAge.text(since: fetchedAt)) (offline)")
    }
}
