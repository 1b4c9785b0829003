import Foundation
import FremontCore
import GRDB

extension CacheDatabase {
    /// Applies marks from another reader in one transaction: items the cache holds take the read
    /// state at once (deleted ones go); every read or deleted mark is also kept by each of its ids,
    /// so an item first fetched later starts read, and a deleted one is never stored again.
    /// Importing the same marks twice changes nothing more.
    public func importMarks(_ marks: [ImportedMark], at date: Date = Date()) throws -> ImportedMarksResult {
        try write { db in
            var result = ImportedMarksResult()
            let find = try db.cachedStatement(sql: "SELECT id FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            let setRead = try db.cachedStatement(sql: "UPDATE item SET isRead = ? WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            let remove = try db.cachedStatement(sql: "DELETE FROM item WHERE feedKey = \(Self.feedKeyOfURL) AND id = ?")
            let keep = try db.cachedStatement(sql: """
                INSERT INTO importedMark (feedURL, id, isRead, deleted) VALUES (?, ?, ?, ?)
                ON CONFLICT (feedURL, id) DO UPDATE SET isRead = excluded.isRead, deleted = excluded.deleted
                """)
            let forget = try db.cachedStatement(sql: "DELETE FROM importedMark WHERE feedURL = ? AND id = ?")
            for mark in marks {
                var stored: String?
                for id in mark.ids where stored == nil {
                    stored = try String.fetchOne(find, arguments: [mark.feedURL, id])
                }
                if let stored {
                    try (mark.deleted ? remove : setRead).execute(arguments: mark.deleted ? [mark.feedURL, stored]
                                                                                         : [mark.isRead, mark.feedURL, stored])
                    result.appliedToStored += 1
                } else {
                    result.waiting += 1
                }
                for id in mark.ids {
                    if mark.isRead || mark.deleted {
                        try keep.execute(arguments: [mark.feedURL, id, mark.isRead, mark.deleted])
                    } else {
                        try forget.execute(arguments: [mark.feedURL, id])
                    }
                }
                if mark.deleted { result.tombstones += 1 }
                if var star = mark.star, !mark.deleted {
                    star.id = stored ?? mark.ids.first ?? star.id
                    try Self.insertStar(db, star, at: date)
                    result.starred += 1
                }
            }
            return result
        }
    }
}
