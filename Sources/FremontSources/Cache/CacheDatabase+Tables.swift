import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Replaces what is cached for this source, span (nil: the whole source) and column choice.
    /// The warnings are not kept: they were said when the data arrived.
    public func storeTable(_ table: SeriesTable, source: String, span: ClosedRange<LocalDateTime>? = nil,
                           choice: SeriesColumnChoice = SeriesColumnChoice(),
                           validators: CacheValidators = CacheValidators(), fetchedAt: Date = Date()) throws {
        let (start, end) = Self.bounds(span)
        let seriesJSON = String(decoding: try JSONEncoder().encode(table.series), as: UTF8.self)
        let times = Self.encode(table.times.map(\.sortKey))
        var values = Data(capacity: table.rowCount * table.series.count * 8)
        for column in table.values { values.append(Self.encode(column.map { Int64(bitPattern: $0.bitPattern) })) }
        try write { db in
            try db.execute(sql: """
                INSERT INTO seriesSpan (source, spanStart, spanEnd, choice, series, times, seriesValues, etag, lastModified, fetchedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (source, spanStart, spanEnd, choice) DO UPDATE SET
                    series = excluded.series, times = excluded.times, seriesValues = excluded.seriesValues,
                    etag = excluded.etag, lastModified = excluded.lastModified, fetchedAt = excluded.fetchedAt
                """, arguments: [source, start, end, Self.key(choice), seriesJSON, times, values,
                                 validators.etag, validators.lastModified, fetchedAt])
        }
    }

    /// A `304 Not Modified`: the rows stand, the fetch time moves on.
    public func touchTable(source: String, span: ClosedRange<LocalDateTime>? = nil, choice: SeriesColumnChoice = SeriesColumnChoice(),
                           validators: CacheValidators, fetchedAt: Date = Date()) throws {
        let (start, end) = Self.bounds(span)
        try write { db in
            try db.execute(sql: """
                UPDATE seriesSpan SET etag = coalesce(?, etag), lastModified = coalesce(?, lastModified), fetchedAt = ?
                WHERE source = ? AND spanStart = ? AND spanEnd = ? AND choice = ?
                """, arguments: [validators.etag, validators.lastModified, fetchedAt, source, start, end, Self.key(choice)])
        }
    }

    public func cachedTable(source: String, span: ClosedRange<LocalDateTime>? = nil,
                            choice: SeriesColumnChoice = SeriesColumnChoice()) throws -> CachedTable? {
        let (start, end) = Self.bounds(span)
        return try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT * FROM seriesSpan WHERE source = ? AND spanStart = ? AND spanEnd = ? AND choice = ?
                """, arguments: [source, start, end, Self.key(choice)])
            else { return nil }
            let seriesJSON: String = row["series"]
            let timeData: Data = row["times"]
            let valueData: Data = row["seriesValues"]
            // A row that does not read back whole is treated as absent: it is fetched again.
            guard let series = try? JSONDecoder().decode([Series].self, from: Data(seriesJSON.utf8)),
                  timeData.count % 8 == 0 else { return nil }
            let keys = Self.decode(timeData)
            var times: [LocalDateTime] = []
            times.reserveCapacity(keys.count)
            for key in keys {
                guard let date = Self.date(sortKey: key) else { return nil }
                times.append(date)
            }
            guard valueData.count == keys.count * series.count * 8 else { return nil }
            let bits = Self.decode(valueData)
            let values = series.indices.map { column in
                bits[(column * keys.count)..<((column + 1) * keys.count)].map { Double(bitPattern: UInt64(bitPattern: $0)) }
            }
            let table = SeriesTable(series: series, times: times, values: values)
            return CachedTable(source: source, span: span, choice: choice, table: table,
                               validators: CacheValidators(etag: row["etag"], lastModified: row["lastModified"]),
                               fetchedAt: row["fetchedAt"])
        }
    }

    private static func bounds(_ span: ClosedRange<LocalDateTime>?) -> (String, String) {
        (span?.lowerBound.isoString ?? "", span?.upperBound.isoString ?? "")
    }

    /// The choice as one string, so that the same choice finds the same row.
    private static func key(_ choice: SeriesColumnChoice) -> String {
        guard !choice.isDefault else { return "" }
        func list(_ names: [String]) -> String { names.map { $0.replacingOccurrences(of: "\u{1F}", with: " ") }.joined(separator: "\u{1F}") }
        let columns = choice.columns.map(list) ?? ""
        var key = (choice.timeColumn ?? "") + "\u{1E}" + columns
        // The key column, zone and kinds change the table read: each choice its own row. A
        // choice of only the first two keeps the key it had.
        if choice.keyColumn != nil || choice.timeZone != nil || !choice.summed.isEmpty || !choice.averaged.isEmpty {
            key += "\u{1E}" + (choice.keyColumn ?? "") + "\u{1E}" + (choice.timeZone?.identifier ?? "") + "\u{1E}" + list(choice.summed) + "\u{1E}" + list(choice.averaged)
        }
        return key
    }

    private static func encode(_ numbers: [Int64]) -> Data {
        numbers.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    private static func decode(_ data: Data) -> [Int64] {
        var numbers = [Int64](repeating: 0, count: data.count / 8)
        numbers.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
        return numbers.map { Int64(littleEndian: $0) }
    }

    /// The inverse of `LocalDateTime.sortKey` (YYYYMMDDhhmmss).
    static func date(sortKey: Int64) -> LocalDateTime? {
        let time = Int(sortKey % 1_000_000), day = Int(sortKey / 1_000_000)
        return LocalDateTime(year: day / 10_000, month: day / 100 % 100, day: day % 100,
                             hour: time / 10_000, minute: time / 100 % 100, second: time % 100)
    }
}
