import Foundation
import FremontCore

/// Fetches through the cache: each request carries the cached `ETag` and `Last-Modified`; a
/// `304 Not Modified` serves the cached copy, a 200 is parsed as it streams in and then stored.
/// A failed fetch throws (and for a feed is remembered in the cache); what was cached stays.
/// Blocking, like `HTTPFetcher`: call it from background work.
public struct CachedFetcher: Sendable {
    public let cache: CacheDatabase
    public let fetcher: HTTPFetcher
    public var options: HTTPRequestOptions
    /// What stays of a feed's items (the config's `max-items` and `keep-articles-days`).
    public var retention = FeedRetention()
    /// How many of a feed's items a fetch reads from the cache, before (for its validators and a
    /// 304's answer) and after storing it; nil: all. A caller that wants counts, not items (a
    /// reload of 500 feeds of 2,000 items each), reads none: the cache's counts come with it.
    public var itemsReadBack: Int?
    private let now: @Sendable () -> Date

    public init(cache: CacheDatabase, fetcher: HTTPFetcher, options: HTTPRequestOptions = .init(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.cache = cache
        self.fetcher = fetcher
        self.options = options
        self.now = now
    }

    public typealias Progress = @Sendable (_ bytes: Int, _ expected: Int?) -> Void

    // MARK: Feeds

    public func feed(_ url: URL, cancellation: FetchCancellation? = nil, progress: Progress? = nil) throws(LoadError) -> FeedFetch {
        let key = RedactedURL.text(url)
        let before = try? cache.cachedFeed(url: key, newest: itemsReadBack)
        let held = before?.fetchedAt == nil ? nil : before
        do throws(LoadError) {
            switch try fetcher.fetch(url, options: conditional(held?.validators), cancellation: cancellation, progress: progress) {
            case .notModified(let info):
                guard var cached = held else { throw notModifiedWithoutCopy(key) }
                let fetchedAt = now()
                let validators = info.validators
                var warnings: [ParseWarning] = []
                do {
                    try cache.touchFeed(url: key, validators: validators, fetchedAt: fetchedAt)
                    cached.fetchedAt = fetchedAt
                    cached.lastError = nil
                    cached.lastErrorAt = nil
                } catch {
                    warnings.append(cacheWarning(error))
                }
                return FeedFetch(cached: cached, warnings: warnings, notModified: true, newItemIDs: [], notKept: warnings.first?.message)
            case .body(let source, let info):
                let parsed = try FeedParser.parse(source)
                let fetchedAt = now()
                let validators = info.validators
                do {
                    let stored = try cache.storeFeed(parsed.feed, url: key, validators: validators, fetchedAt: fetchedAt,
                                                     retention: retention, readingBack: itemsReadBack)
                    if let cached = stored.cached {
                        // Stored in a cache standing in for the real one: shown, never said kept.
                        return FeedFetch(cached: cached, warnings: parsed.warnings, notModified: false, newItemIDs: stored.newItemIDs,
                                         notKept: cache.isStandIn ? cache.notice : nil)
                    }
                } catch {
                    // The fetch succeeded: a cache that cannot keep it costs only the memory of it.
                    let cached = CachedFeed(url: key, feed: parsed.feed, readItemIDs: before?.readItemIDs ?? [],
                                            validators: validators, fetchedAt: fetchedAt)
                    let warning = cacheWarning(error)
                    return FeedFetch(cached: cached, warnings: parsed.warnings + [warning], notModified: false,
                                     newItemIDs: parsed.feed.items.map(\.id), notKept: warning.message)
                }
                throw LoadError(source: key, "the cache lost the feed it just stored")
            }
        } catch {
            try? cache.recordFeedError(url: key, message: error.message, at: now())
            throw error
        }
    }

    // MARK: Tables

    /// A table at an address (XML, CSV or JSON), cached as a whole source.
    public func table(_ url: URL, format: TableFormat? = nil, delimiter: UInt8? = nil, choice: SeriesColumnChoice = SeriesColumnChoice(),
                      cancellation: FetchCancellation? = nil, progress: Progress? = nil) throws(LoadError) -> CachedFetch<CachedTable> {
        let key = RedactedURL.text(url)
        let held = try? cache.cachedTable(source: key, choice: choice)
        switch try fetcher.fetch(url, options: conditional(held?.validators), cancellation: cancellation, progress: progress) {
        case .notModified(let info):
            guard var cached = held else { throw notModifiedWithoutCopy(key) }
            cached.fetchedAt = now()
            let validators = info.validators
            let warnings = attempt { try cache.touchTable(source: key, choice: choice, validators: validators, fetchedAt: cached.fetchedAt) }
            return CachedFetch(value: cached, warnings: warnings, notModified: true)
        case .body(let source, let info):
            let table = try SeriesLoader.load(source, format: format, delimiter: delimiter, choice: choice)
            let cached = CachedTable(source: key, span: nil, choice: choice, table: table, validators: info.validators, fetchedAt: now())
            let warnings = attempt {
                try cache.storeTable(table, source: key, choice: choice, validators: cached.validators, fetchedAt: cached.fetchedAt)
            }
            return CachedFetch(value: cached, warnings: table.warnings + warnings, notModified: false)
        }
    }

    /// A span of a Socrata dataset, page by page; cached by endpoint and span. Paged requests are
    /// not conditional (a page's ETag says nothing of the others), so every call fetches them all.
    public func table(_ query: SocrataQuery, choice: SeriesColumnChoice = SeriesColumnChoice(), cancellation: FetchCancellation? = nil,
                      progress: Progress? = nil) throws(LoadError) -> CachedFetch<CachedTable> {
        let table = try SocrataPager(fetcher: fetcher, options: options)
            .load(query, choice: choice, cancellation: cancellation, progress: progress)
        let cached = CachedTable(source: RedactedURL.text(query.endpoint), span: query.first...query.last, choice: choice, table: table,
                                 validators: CacheValidators(), fetchedAt: now())
        let warnings = attempt {
            try cache.storeTable(table, source: cached.source, span: cached.span, choice: choice, fetchedAt: cached.fetchedAt)
        }
        return CachedFetch(value: cached, warnings: table.warnings + warnings, notModified: false)
    }

    // MARK: Forecasts

    /// A forecast response at an address, read in the shape its content has.
    public func forecast(_ url: URL, cancellation: FetchCancellation? = nil,
                         progress: Progress? = nil) throws(LoadError) -> CachedFetch<CachedForecast> {
        try forecast(url, key: RedactedURL.text(url), format: nil, cancellation: cancellation, progress: progress)
    }

    /// A live forecast: kept under the request's name, which never holds its key (nor does any
    /// error thrown from here).
    public func forecast(_ request: ForecastRequest, cancellation: FetchCancellation? = nil,
                         progress: Progress? = nil) throws(LoadError) -> CachedFetch<CachedForecast> {
        do throws(LoadError) {
            return try forecast(request.url, key: request.name, format: request.format, cancellation: cancellation, progress: progress)
        } catch {
            throw request.describe(error)
        }
    }

    private func forecast(_ url: URL, key: String, format: ForecastFormat?, cancellation: FetchCancellation?,
                          progress: Progress?) throws(LoadError) -> CachedFetch<CachedForecast> {
        let held = try? cache.cachedForecast(source: key)
        switch try fetcher.fetch(url, name: key, options: conditional(held?.validators), cancellation: cancellation, progress: progress) {
        case .notModified(let info):
            guard var cached = held else { throw notModifiedWithoutCopy(key) }
            cached.fetchedAt = now()
            let validators = info.validators
            let warnings = attempt { try cache.touchForecast(source: key, validators: validators, fetchedAt: cached.fetchedAt) }
            return CachedFetch(value: cached, warnings: warnings, notModified: true)
        case .body(let source, let info):
            // The response is kept as received, so it is read whole (forecasts are small) and then parsed.
            let bytes = try ForecastReader.readBytes(source)
            let forecast = try ForecastReader.parse(bytes, name: key, format: format)
            let cached = CachedForecast(source: key, forecast: forecast, json: Data(bytes),
                                        validators: info.validators, fetchedAt: now())
            let warnings = attempt {
                try cache.writeForecast(json: cached.json, source: key, validators: cached.validators, fetchedAt: cached.fetchedAt)
            }
            return CachedFetch(value: cached, warnings: warnings, notModified: false)
        }
    }

    // MARK: Pieces

    /// The request options, with the validators of the copy held (if any).
    private func conditional(_ validators: CacheValidators?) -> HTTPRequestOptions {
        var options = self.options
        options.ifNoneMatch = validators?.etag
        options.ifModifiedSince = validators?.lastModified
        return options
    }

    /// A server may answer 304 to a request that was not conditional; without a copy that is a failure.
    private func notModifiedWithoutCopy(_ key: String) -> LoadError {
        LoadError(source: key, "the server answered 304 Not Modified, but the cache holds no copy")
    }

    private func attempt(_ write: () throws -> Void) -> [ParseWarning] {
        do {
            try write()
            return []
        } catch {
            return [cacheWarning(error)]
        }
    }

    private func cacheWarning(_ error: any Error) -> ParseWarning {
        if cache.isReadOnly, let path = cache.path { return ParseWarning("not kept in the cache: \(path) is read-only") }
        return ParseWarning("not kept in the cache: \(error)")
    }
}
