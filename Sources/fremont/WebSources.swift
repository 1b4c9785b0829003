import Foundation
import FremontCore
import FremontSources

/// Loading for the printing forms of the commands, with the cache in the way of the web:
/// addresses and Socrata queries are fetched through it (conditional GET, stored for later), or
/// with `--offline` read from it alone, the data's age said on stderr. Files and standard input
/// load as they are. Failures are `ParseError`s, which the commands print as one line.
enum WebSources {
    /// The cache, opened once; why it is a fresh one (damaged, locked) is said once, on stderr.
    static let cache: CacheDatabase = {
        let cache = CacheDatabase.open()
        if let notice = cache.notice { Diagnostics.note(notice) }
        return cache
    }()

    /// One HTTP session for every feed of a run.
    private static let http = HTTPFetcher()

    static func fetcher(_ network: NetworkOptions) -> CachedFetcher {
        CachedFetcher(cache: cache, fetcher: http, options: network.requestOptions)
    }

    static func feed(_ source: DataSource, _ network: NetworkOptions) throws(ParseError) -> FeedParseResult {
        guard case .url(let url) = source else { return try FeedParser.parse(network.loader().open(source)) }
        let key = url.absoluteString
        guard network.offline else {
            let fetch = try fetcher(network).feed(url)
            return FeedParseResult(feed: fetch.cached.feed, warnings: fetch.warnings)
        }
        guard let cached = try read({ try cache.cachedFeed(url: key) }, key), let fetchedAt = cached.fetchedAt else {
            throw notCached(key)
        }
        sayAge(key, fetchedAt)
        return FeedParseResult(feed: cached.feed)
    }

    static func bikes(_ source: DataSource, format: BikeDataFormat?, delimiter: UInt8?,
                      _ network: NetworkOptions) throws(ParseError) -> BikeCounts {
        let cached: CachedBikes?
        switch source {
        case .input:
            return try network.loader().bikes(source, format: format, delimiter: delimiter)
        case .url(let url):
            guard network.offline else {
                let fetch = try fetcher(network).bikes(url, format: format, delimiter: delimiter)
                return BikeCounts(rows: fetch.value.rows, warnings: fetch.warnings)
            }
            cached = try read({ try cache.cachedBikes(source: url.absoluteString) }, source.name)
        case .socrata(let query):
            guard network.offline else {
                let fetch = try fetcher(network).bikes(query)
                return BikeCounts(rows: fetch.value.rows, warnings: fetch.warnings)
            }
            cached = try read({ try cache.cachedBikes(source: query.endpoint.absoluteString, span: query.first...query.last) }, source.name)
        }
        guard let cached else { throw notCached(source.name) }
        sayAge(source.name, cached.fetchedAt)
        return cached.counts
    }

    static func forecast(_ source: DataSource, _ network: NetworkOptions) throws(ParseError) -> Forecast {
        guard case .url(let url) = source else { return try ForecastReader.read(network.loader().open(source)) }
        let key = url.absoluteString
        guard network.offline else { return try fetcher(network).forecast(url).value.forecast }
        guard let cached = try read({ try cache.cachedForecast(source: key) }, key) else { throw notCached(key) }
        sayAge(key, cached.fetchedAt)
        return cached.forecast
    }

    /// Whether `--offline` keeps this source from the browser, which reads the web only live.
    static func needsCache(_ source: DataSource, _ network: NetworkOptions) -> Bool {
        guard network.offline else { return false }
        if case .input = source { return false }
        return true
    }

    /// A cache that fails to read is a failure of this load, in one line.
    private static func read<T>(_ body: () throws -> T?, _ key: String) throws(ParseError) -> T? {
        do {
            return try body()
        } catch let error as ParseError {
            throw error
        } catch {
            throw ParseError(source: key, "cannot read the cache: \(error)")
        }
    }

    private static func notCached(_ key: String) -> ParseError {
        ParseError(source: key, "not in the cache (--offline); fetch it once without --offline")
    }

    private static func sayAge(_ key: String, _ fetchedAt: Date) {
        Diagnostics.note("\(key): \(CacheAge.text(since: fetchedAt)) (offline)")
    }
}
