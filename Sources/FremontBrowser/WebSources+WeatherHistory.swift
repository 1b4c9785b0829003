import Foundation
import FremontCore
import FremontSources

extension WebSources {
    /// Days the archive may still revise (its last days come from preliminary analyses): a page
    /// ending later than this before today is asked again; an older one comes from the cache.
    static let unsettledDays = 7

    /// A place's weather history, days or hours, a yearly page at a time: each page held in the
    /// cache and settled is read from it, any other fetched (and kept); with `--offline`, every
    /// page from the cache or a failure naming the first one missing.
    public static func weatherHistory(_ request: WeatherHistoryRequest, hourly: Bool, _ settings: FetchSettings,
                                      _ context: LoadContext = .commandLine) throws(LoadError) -> SeriesTable {
        let key = CachedFetcher.weatherHistoryKey(request, hourly: hourly)
        let today = Self.today()
        let settledBefore = today.addingHours(-24 * unsettledDays)
        var tables: [SeriesTable] = []
        var warnings: [ParseWarning] = []
        var fetched = 0
        var oldest: Date?
        for page in request.pages {
            let held = try? cache.cachedTable(source: key, span: page.span)
            if let held, settings.offline || page.last < settledBefore {
                tables.append(held.table)
                oldest = min(oldest ?? held.fetchedAt, held.fetchedAt)
                continue
            }
            if settings.offline {
                throw LoadError(source: "\(request.name) \(page.first.isoDateString) to \(page.last.isoDateString)", kind: .notCached,
                                OfflineAdvice.notCached(lastError: nil, failedAt: nil))
            }
            let page = try fetcher(settings).weatherHistoryPage(request, page, cancellation: context.cancellation)
            tables.append(hourly ? page.tables.hourly : page.tables.daily)
            warnings += page.warnings
            fetched += 1
        }
        if fetched == 0, let oldest {
            context.note("\(request.name): \(CacheAge.text(since: oldest))\(settings.offline ? " (offline)" : "")")
        }
        let series = tables.first?.series ?? []
        var times: [LocalDateTime] = []
        var values = [[Double]](repeating: [], count: series.count)
        for table in tables where table.series.map(\.name) == series.map(\.name) {
            // Pages are disjoint years in order; a row not after the last is a page overlapping its neighbour.
            var from = 0
            while from < table.rowCount, let last = times.last, table.times[from] <= last { from += 1 }
            times += table.times[from...]
            for column in series.indices { values[column] += table.values[column][from...] }
        }
        return SeriesTable(series: series, times: times, values: values, warnings: warnings)
    }

    /// Today's date where fremont runs (once per history, not per row).
    private static func today() -> LocalDateTime {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return LocalDateTime(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1) ?? LocalDateTime(year: 2000, month: 1, day: 1)!
    }
}
