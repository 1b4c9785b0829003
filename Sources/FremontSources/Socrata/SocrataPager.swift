import Foundation
import FremontCore
import Synchronization

/// Loads every row of a `SocrataQuery`: page after page with `$offset` until a page comes back
/// short, each page streamed into the parser as it downloads, then one `BikeCounts` of them all.
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
        _ query: SocrataQuery, cancellation: FetchCancellation? = nil,
        progress: (@Sendable (_ bytes: Int, _ expected: Int?) -> Void)? = nil
    ) throws(ParseError) -> BikeCounts {
        var rows: [BikeRow] = []
        var warnings: [ParseWarning] = []
        var records = 0
        var offset = 0
        var earlier = 0 // bytes of the pages before this one
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
            let counts = try BikeDataLoader.load(body, format: query.format)
            earlier += counter.value
            // Each warning says which page it came from: its line is a line of that page.
            let label = "page \(page) (rows from \(offset + 1))"
            warnings += counts.warnings.map { ParseWarning("\(label): \($0.message)", at: $0.location) }
            if page > 1, let first = counts.rows.first, let last = rows.last, first.date <= last.date {
                if counts.rows == Array(rows.prefix(counts.rows.count)) {
                    throw ParseError(source: url.absoluteString, "the server sent the first page again: it ignores $offset, so the rows cannot be paged")
                }
            }
            rows += counts.rows
            records += counts.recordCount
            if counts.recordCount < query.pageSize { return merged(rows, warnings, records) }
            offset += query.pageSize
        }
        throw ParseError(source: query.endpoint.absoluteString, "more than \(Self.maximumPages) pages of \(query.pageSize) rows; stopped")
    }

    /// Pages come in date order, so joining them keeps it; should the data change between two
    /// requests, rows are sorted again and an hour sent twice is kept once.
    private func merged(_ rows: [BikeRow], _ warnings: [ParseWarning], _ records: Int) -> BikeCounts {
        var ordered = true
        for index in rows.indices.dropFirst() where rows[index - 1].date >= rows[index].date {
            ordered = false
            break
        }
        guard !ordered else { return BikeCounts(rows: rows, warnings: warnings, recordCount: records) }
        var unique: [BikeRow] = []
        var warnings = warnings
        for row in rows.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }).map(\.element) {
            if let last = unique.last, last.date == row.date {
                warnings.append(ParseWarning("duplicate hour \(row.date) across pages (the data changed while paging?); row skipped"))
                continue
            }
            unique.append(row)
        }
        return BikeCounts(rows: unique, warnings: warnings, recordCount: records)
    }
}

/// The bytes a page has downloaded so far, written by the fetch's progress callbacks.
private final class ByteTally: Sendable {
    private let bytes = Atomic<Int>(0)

    func set(_ value: Int) { bytes.store(value, ordering: .relaxed) }

    var value: Int { bytes.load(ordering: .relaxed) }
}
