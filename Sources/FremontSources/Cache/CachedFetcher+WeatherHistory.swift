import Foundation
import FremontCore

extension CachedFetcher {
    /// The cache's names for a history's two tables; the page's days are the cached span.
    public static func weatherHistoryKey(_ request: WeatherHistoryRequest, hourly: Bool) -> String {
        request.name + (hourly ? "#hourly" : "#daily")
    }

    /// One yearly page of a weather history, fetched and kept in the cache (its days and its
    /// hours, under the page's span). Not conditional: the archive sends no validators, and a
    /// settled page is not asked again at all (see `WebSources.weatherHistory`).
    public func weatherHistoryPage(_ request: WeatherHistoryRequest, _ page: WeatherHistoryRequest.Page,
                                   cancellation: FetchCancellation? = nil) throws(LoadError) -> (tables: WeatherArchiveReader.Tables, warnings: [ParseWarning]) {
        let name = RedactedURL.text(page.url)
        switch try fetcher.fetch(page.url, name: name, options: options, cancellation: cancellation) {
        case .notModified:
            throw LoadError(source: name, "the server answered 304 Not Modified to a request that was not conditional")
        case .body(let source, _):
            let tables = try WeatherArchiveReader.read(try ForecastReader.readBytes(source), name: name)
            var warnings = tables.daily.warnings + tables.hourly.warnings
            do {
                try cache.storeTable(tables.daily, source: Self.weatherHistoryKey(request, hourly: false), span: page.span)
                try cache.storeTable(tables.hourly, source: Self.weatherHistoryKey(request, hourly: true), span: page.span)
            } catch {
                warnings.append(ParseWarning(cache.isReadOnly ? "not kept in the cache: \(cache.path ?? "the cache") is read-only" : "not kept in the cache: \(error)"))
            }
            return (tables, warnings)
        }
    }
}
