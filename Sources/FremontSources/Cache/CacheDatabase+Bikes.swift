import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Replaces the rows cached for this source and span (nil: the whole source) with `rows`.
    public func storeBikes(_ rows: [BikeRow], source: String, span: ClosedRange<LocalDateTime>? = nil,
                           validators: CacheValidators = CacheValidators(), fetchedAt: Date = Date()) throws {
        let (start, end) = Self.bounds(span)
        try writer.write { db in
            try db.execute(sql: "DELETE FROM bikeSpan WHERE source = ? AND spanStart = ? AND spanEnd = ?",
                           arguments: [source, start, end])
            try db.execute(sql: "INSERT INTO bikeSpan (source, spanStart, spanEnd, etag, lastModified, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [source, start, end, validators.etag, validators.lastModified, fetchedAt])
            let spanID = db.lastInsertedRowID
            let insert = try db.cachedStatement(sql: "INSERT INTO bikeRow (spanID, position, date, northbound, southbound) VALUES (?, ?, ?, ?, ?)")
            for (position, row) in rows.enumerated() {
                try insert.execute(arguments: [spanID, position, row.date.sortKey, row.northbound, row.southbound])
            }
        }
    }

    /// A `304 Not Modified` for bike data: the rows stand, the fetch time moves on.
    public func touchBikes(source: String, span: ClosedRange<LocalDateTime>? = nil, validators: CacheValidators,
                           fetchedAt: Date = Date()) throws {
        let (start, end) = Self.bounds(span)
        try writer.write { db in
            try db.execute(sql: """
                UPDATE bikeSpan SET etag = coalesce(?, etag), lastModified = coalesce(?, lastModified), fetchedAt = ?
                WHERE source = ? AND spanStart = ? AND spanEnd = ?
                """, arguments: [validators.etag, validators.lastModified, fetchedAt, source, start, end])
        }
    }

    public func cachedBikes(source: String, span: ClosedRange<LocalDateTime>? = nil) throws -> CachedBikes? {
        let (start, end) = Self.bounds(span)
        return try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM bikeSpan WHERE source = ? AND spanStart = ? AND spanEnd = ?",
                                             arguments: [source, start, end])
            else { return nil }
            var rows: [BikeRow] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT date, northbound, southbound FROM bikeRow WHERE spanID = ? ORDER BY position",
                                             arguments: [row["id"] as Int64])
            while let stored = try cursor.next() {
                // Only dates that were valid were stored, so reading one back cannot fail.
                guard let date = Self.date(sortKey: stored[0]) else { continue }
                rows.append(BikeRow(date: date, northbound: stored[1], southbound: stored[2]))
            }
            return CachedBikes(source: source, span: span, rows: rows,
                               validators: CacheValidators(etag: row["etag"], lastModified: row["lastModified"]),
                               fetchedAt: row["fetchedAt"])
        }
    }

    private static func bounds(_ span: ClosedRange<LocalDateTime>?) -> (String, String) {
        (span?.lowerBound.isoString ?? "", span?.upperBound.isoString ?? "")
    }

    /// The inverse of `LocalDateTime.sortKey` (YYYYMMDDhhmmss).
    static func date(sortKey: Int64) -> LocalDateTime? {
        let time = Int(sortKey % 1_000_000), day = Int(sortKey / 1_000_000)
        return LocalDateTime(year: day / 10_000, month: day / 100 % 100, day: day % 100,
                             hour: time / 10_000, minute: time / 100 % 100, second: time % 100)
    }
}
