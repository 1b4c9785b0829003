import Foundation
import GRDB

/// Feeds only viewed (`fremont feed URL` of a feed not followed): kept like any other (read marks,
/// stars, a warm start the next time), and left out of the merged lists of every item (All
/// items, Unread items, query feeds) until they are followed.
extension CacheDatabase {
    /// These feeds (by cache key) are only viewed: unless followed since, they leave the merged lists.
    public func markViewedOnly(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        try write { db in
            try db.execute(sql: "UPDATE feed SET viewedOnly = 1 WHERE NOT viewedOnly AND url IN (SELECT value FROM json_each(?))",
                           arguments: [Self.jsonArray(urls)])
        }
    }

    /// These feeds are followed: any of them only viewed before joins the merged lists. Costs a
    /// read when none was (the common case: no write, no lock).
    public func markFollowed(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        let viewed = try writer.read { db in try ItemWindowReader.hasViewedFeeds(db) }
        guard viewed else { return }
        try write { db in
            try db.execute(sql: "UPDATE feed SET viewedOnly = 0 WHERE viewedOnly AND url IN (SELECT value FROM json_each(?))",
                           arguments: [Self.jsonArray(urls)])
        }
    }

    /// The feeds only viewed, by cache key.
    public func viewedOnlyFeeds() throws -> Set<String> {
        try writer.read { db in Set(try String.fetchAll(db, sql: "SELECT url FROM feed WHERE viewedOnly")) }
    }

    private static func jsonArray(_ values: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
