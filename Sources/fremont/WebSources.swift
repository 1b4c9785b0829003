import Foundation
import FremontCore
import FremontSources

/// Sources given as web addresses, for the printing forms of the commands: fetched through the
/// cache (conditional GET, stored for later), or with `--offline` read from the cache alone, the
/// data's age said on stderr. Failures are one line and a non-zero exit, like every other.
enum WebSources {
    /// The address in an argument, or nil when it is a file or `-`.
    static func url(_ argument: String) -> URL? {
        let lowered = argument.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        do {
            guard case .url(let url) = try SourceLocator(argument) else { return nil }
            return url
        } catch {
            Diagnostics.fail(error.description)
        }
    }

    /// The cache, opened once; why it is a fresh one (damaged, locked) is said once, on stderr.
    static let cache: CacheDatabase = {
        let cache = CacheDatabase.open()
        if let notice = cache.notice { Diagnostics.note(notice) }
        return cache
    }()

    static var fetcher: CachedFetcher { CachedFetcher(cache: cache, fetcher: HTTPFetcher()) }

    static func feed(_ url: URL, offline: Bool) throws(ParseError) -> (feed: Feed, warnings: [ParseWarning]) {
        let key = url.absoluteString
        guard offline else {
            let fetch = try fetcher.feed(url)
            return (fetch.cached.feed, fetch.warnings)
        }
        guard let cached = read({ try cache.cachedFeed(url: key) }, key), let fetchedAt = cached.fetchedAt else {
            throw notCached(key)
        }
        sayAge(key, fetchedAt)
        return (cached.feed, [])
    }

    static func bikes(_ url: URL, format: BikeDataFormat?, delimiter: UInt8?, offline: Bool) throws(ParseError) -> BikeCounts {
        let key = url.absoluteString
        guard offline else {
            let fetch = try fetcher.bikes(url, format: format, delimiter: delimiter)
            return BikeCounts(rows: fetch.value.rows, warnings: fetch.warnings)
        }
        guard let cached = read({ try cache.cachedBikes(source: key) }, key) else { throw notCached(key) }
        sayAge(key, cached.fetchedAt)
        return cached.counts
    }

    static func forecast(_ url: URL, offline: Bool) throws(ParseError) -> Forecast {
        let key = url.absoluteString
        guard offline else { return try fetcher.forecast(url).value.forecast }
        guard let cached = read({ try cache.cachedForecast(source: key) }, key) else { throw notCached(key) }
        sayAge(key, cached.fetchedAt)
        return cached.forecast
    }

    /// A cache that fails to read is a failure of this command, in one line.
    private static func read<T>(_ body: () throws -> T?, _ key: String) -> T? {
        do {
            return try body()
        } catch {
            Diagnostics.fail("\(key): cannot read the cache: \(error)")
        }
    }

    private static func notCached(_ key: String) -> ParseError {
        ParseError(source: key, "not in the cache (--offline); fetch it once without --offline")
    }

    private static func sayAge(_ key: String, _ fetchedAt: Date) {
        Diagnostics.note("\(key): \(CacheAge.text(since: fetchedAt)) (offline)")
    }
}
