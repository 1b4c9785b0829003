import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Keeps a forecast response as received; it must read as a forecast, or nothing is stored.
    public func storeForecast(json: Data, source: String, validators: CacheValidators = CacheValidators(),
                              fetchedAt: Date = Date()) throws {
        _ = try ForecastReader.parse([UInt8](json), name: source)
        try writeForecast(json: json, source: source, validators: validators, fetchedAt: fetchedAt)
    }

    /// Stores a response the caller has already read as a forecast (so it is not parsed twice).
    func writeForecast(json: Data, source: String, validators: CacheValidators, fetchedAt: Date) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO forecast (source, json, etag, lastModified, fetchedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(source) DO UPDATE SET json = excluded.json, etag = excluded.etag,
                    lastModified = excluded.lastModified, fetchedAt = excluded.fetchedAt
                """, arguments: [source, json, validators.etag, validators.lastModified, fetchedAt])
        }
    }

    public func touchForecast(source: String, validators: CacheValidators, fetchedAt: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE forecast SET etag = coalesce(?, etag), lastModified = coalesce(?, lastModified), fetchedAt = ?
                WHERE source = ?
                """, arguments: [validators.etag, validators.lastModified, fetchedAt, source])
        }
    }

    public func cachedForecast(source: String) throws -> CachedForecast? {
        guard let row = try writer.read({ db in try Row.fetchOne(db, sql: "SELECT * FROM forecast WHERE source = ?", arguments: [source]) })
        else { return nil }
        let json: Data = row["json"]
        return CachedForecast(source: source, forecast: try ForecastReader.parse([UInt8](json), name: source), json: json,
                              validators: CacheValidators(etag: row["etag"], lastModified: row["lastModified"]),
                              fetchedAt: row["fetchedAt"])
    }
}
