import Foundation
import FremontCore
import Synchronization

/// Loads every row of a `SocrataQuery`: page after page with `$offset` until a page comes back
/// short, each page streamed into the parser as it downloads, then one `SeriesTable` of them all.
public struct SocrataPager: Sendable {
    /// Far more than any span of hourly counts needs; a server that ignores `$offset` stops here.
    public static let maximumPages = 1_000

    public let fetcher: HTTPFetcher
    public var options: HTTPRequestOptions

    public init(fetcher: HTTPFetcher, options: HTTPRequestOptions = .init()) {
        self.fetcher = fetcher
        self.options = options
    }

    /// - Parameters:
    ///   - progress: bytes so far over all pages; the expected size is unknown with paging.
    public func load(
        _ query: SocrataQuery, choice: SeriesColumnChoice = SeriesColumnChoice(), cancellation: FetchCancellation? = nil,
        progress: (@Sendable (_ bytes: Int, _ expected: Int?) -> Void)? = nil
    ) throws(LoadError) -> SeriesTable {
        var pages: [SeriesTable] = []
        var warnings: [ParseWarning] = []
        var records = 0
        var offset = 0
        var earlier = 0 // bytes of the pages before this one
        var seen = Set<Int64>()
        var received = 0
        // The most rows a span can hold: one a minute, finer than any counter publishes.
        let capacity = (query.last.hourNumber - query.first.hourNumber + 1) * 60
        for page in 1...Self.maximumPages {
            let url = query.url(offset: offset)
            let before = earlier
            let counter = ByteTally()
            var pageProgress: (@Sendable (Int, Int?) -> Void)?
            if let progress {
                pageProgress = { @Sendable bytes, _ in
                    counter.set(bytes)
                    progress(before + bytes, nil)
                }
            }
            let body = try SourceLoader(fetcher: fetcher, options: options, cancellation: cancellation, progress: pageProgress)
                .open(.url(url))
            let table = try SeriesLoader.load(body, format: query.format, choice: choice)
            earlier += counter.value
            // Each warning says which page it came from: its line is a line of that page.
            let label = "page \(page) (rows from \(offset + 1))"
            warnings += table.warnings.map { ParseWarning("\(label): \($0.message)", at: $0.location) }
            if let firstPage = pages.first, !table.isEmpty, table.times == Array(firstPage.times.prefix(table.rowCount)) {
                throw LoadError(source: RedactedURL.text(url), "the server sent the first page again: it ignores $offset, so the rows cannot be paged")
            }
            // Only rows of the span asked are data; others say the server did not filter.
            let inSpan = table.times.indices.filter { (query.first...query.last).contains(table.times[$0]) }
            if inSpan.count < table.rowCount {
                warnings.append(ParseWarning("\(label): \(NumberText.count(table.rowCount - inSpan.count, "row")) outside the span asked (\(query.first.isoString) to \(query.last.isoString)) left out"))
            }
            var fresh = 0
            for time in table.times where seen.insert(time.sortKey).inserted { fresh += 1 }
            pages.append(inSpan.count == table.rowCount ? table : table.rows(inSpan))
            records += table.recordCount
            received += table.rowCount
            if table.recordCount < query.pageSize { return merged(pages, warnings, records) }
            // A full page with nothing new, or more rows than the span can hold: the server is not
            // paging as asked, and asking on would never end.
            if fresh == 0 {
                warnings.append(ParseWarning("\(label): a full page with no row not seen before; stopped asking (the server does not page this query)"))
                return merged(pages, warnings, records)
            }
            // Rows come in time order: once a whole page is past the span, nothing later is in it.
            if let first = table.times.first, first > query.last {
                warnings.append(ParseWarning("\(label): the rows have gone past the span; stopped asking"))
                return merged(pages, warnings, records)
            }
            if received > capacity {
                warnings.append(ParseWarning("\(label): more rows than the span can hold (\(NumberText.grouped(capacity)), a row a minute); stopped asking"))
                return merged(pages, warnings, records)
            }
            offset += query.pageSize
        }
        throw LoadError(source: RedactedURL.text(query.endpoint), "more than \(Self.maximumPages) pages of \(query.pageSize) rows; stopped")
    }

    /// Pages come in date order, so joining them keeps it; should the data change between two
    /// requests, rows are sorted again and an hour sent twice is kept once. A page whose rows
    /// lack a series the others have gets missing values there.
    private func merged(_ pages: [SeriesTable], _ warnings: [ParseWarning], _ records: Int) -> SeriesTable {
        var series: [Series] = []
        for page in pages {
            for column in page.series where !series.contains(where: { $0.name == column.name }) { series.append(column) }
        }
        var rows: [(time: LocalDateTime, page: Int, row: Int)] = []
        for (pageIndex, page) in pages.enumerated() {
            for row in page.times.indices { rows.append((page.times[row], pageIndex, row)) }
        }
        var warnings = warnings
        var ordered = true
        for index in rows.indices.dropFirst() where rows[index - 1].time >= rows[index].time {
            ordered = false
            break
        }
        if !ordered {
            rows = rows.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            var unique: [(time: LocalDateTime, page: Int, row: Int)] = []
            for row in rows {
                if let last = unique.last, last.time == row.time {
                    warnings.append(ParseWarning("duplicate hour \(row.time) across pages (the data changed while paging?); row skipped"))
                    continue
                }
                unique.append(row)
            }
            rows = unique
        }
        let columnOfPage = pages.map { page in series.map { column in page.series.firstIndex { $0.name == column.name } } }
        let values = series.indices.map { column in
            rows.map { row in columnOfPage[row.page][column].map { pages[row.page].values[$0][row.row] } ?? .nan }
        }
        return SeriesTable(series: series, times: rows.map(\.time), values: values, warnings: warnings, recordCount: records)
    }
}

/// The bytes a page has downloaded so far, written by the fetch's progress callbacks.
private final class ByteTally: Sendable {
    private let bytes = Atomic<Int>(0)

    func set(_ value: Int) { bytes.store(value, ordering: .relaxed) }

    var value: Int { bytes.load(ordering: .relaxed) }
}
