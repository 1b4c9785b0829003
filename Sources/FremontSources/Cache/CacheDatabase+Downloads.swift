import Foundation
import GRDB

extension CacheDatabase {
    /// Every queued enclosure, oldest first; at most `limit`.
    public func downloads(limit: Int = 10_000) throws -> [DownloadRecord] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM download ORDER BY id LIMIT ?", arguments: [limit]).map(Self.downloadRecord)
        }
    }

    public func download(id: Int64) throws -> DownloadRecord? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM download WHERE id = ?", arguments: [id]).map(Self.downloadRecord)
        }
    }

    /// The finished download of `url` whose file is still there, for `player`.
    public func downloadedFile(for url: String) throws -> String? {
        let path = try writer.read { db in
            try String.fetchOne(db, sql: "SELECT path FROM download WHERE url = ? AND state = 'done'", arguments: [url])
        }
        return path.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// Queues `record` (its path made unique among the queue's and the folder's files); nil when
    /// its address is queued already (the record queued then is returned instead).
    public func enqueueDownload(_ record: DownloadRecord, now: Date = Date()) throws -> (record: DownloadRecord, added: Bool) {
        try write { db in
            if let existing = try Row.fetchOne(db, sql: "SELECT * FROM download WHERE url = ?", arguments: [record.url]) {
                return (Self.downloadRecord(existing), false)
            }
            var record = record
            record.path = try Self.freePath(record.path, db)
            try db.execute(sql: """
                INSERT INTO download (url, feedTitle, itemTitle, published, path, state, bytes, addedAt)
                VALUES (?, ?, ?, ?, ?, 'queued', 0, ?)
                """, arguments: [record.url, record.feedTitle, record.itemTitle, record.published, record.path, now])
            record.id = db.lastInsertedRowID
            record.state = .queued
            return (record, true)
        }
    }

    /// `path`, or `name (2).ext`, `name (3).ext`… : the first that no queued download takes and no
    /// file (nor a partial one) holds. Never an existing file's name: nothing is overwritten.
    static func freePath(_ path: String, _ db: Database) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        var stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        // A name numbered already (`episode (2)`) is numbered on from its own stem.
        if let open = stem.range(of: " (", options: .backwards), stem.hasSuffix(")"),
           Int(stem[open.upperBound..<stem.index(before: stem.endIndex)]) != nil {
            stem = String(stem[..<open.lowerBound])
        }
        for number in 1...1000 {
            let candidateName = number == 1 ? name : "\(stem) (\(number))" + (ext.isEmpty ? "" : ".\(ext)")
            let candidate = folder + "/" + candidateName
            let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM download WHERE path = ?)", arguments: [candidate]) ?? false
            if !taken, !Self.entryExists(candidate), !Self.entryExists(candidate + ".part") {
                return candidate
            }
        }
        return folder + "/" + stem + "-\(UUID().uuidString.prefix(8))" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// Whether anything is at `path`: a file, a folder, or a symbolic link, even one pointing
    /// nowhere (lstat, not stat: a dangling link would otherwise seem free, and be written through).
    static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 || errno != ENOENT
    }

    /// Records a download's progress or its end.
    public func updateDownload(_ record: DownloadRecord) throws {
        try write { db in
            try db.execute(sql: """
                UPDATE download SET path = ?, state = ?, bytes = ?, total = ?, etag = ?, lastModified = ?, error = ? WHERE id = ?
                """, arguments: [record.path, record.state.rawValue, record.bytes, record.total, record.etag, record.lastModified,
                                 record.error, record.id])
        }
    }

    /// Another name for a finished file whose name was taken meanwhile (by something outside fremont).
    func renameDownload(id: Int64, wanted: String) throws -> String {
        try write { db in
            let path = try Self.freePath(wanted, db)
            try db.execute(sql: "UPDATE download SET path = ? WHERE id = ?", arguments: [path, id])
            return path
        }
    }

    /// Takes downloads out of the queue (their files stay).
    public func removeDownloads(ids: [Int64]) throws {
        try write { db in
            for id in ids { try db.execute(sql: "DELETE FROM download WHERE id = ?", arguments: [id]) }
        }
    }

    /// Failed downloads queued again.
    public func retryDownloads(ids: [Int64]) throws {
        try write { db in
            for id in ids {
                try db.execute(sql: "UPDATE download SET state = 'queued', error = NULL WHERE id = ? AND state = 'failed'", arguments: [id])
            }
        }
    }

    private static func downloadRecord(_ row: Row) -> DownloadRecord {
        DownloadRecord(id: row["id"], url: row["url"], feedTitle: row["feedTitle"], itemTitle: row["itemTitle"], published: row["published"],
                       path: row["path"], state: DownloadRecord.State(rawValue: row["state"]) ?? .failed, bytes: row["bytes"],
                       total: row["total"], etag: row["etag"], lastModified: row["lastModified"], error: row["error"])
    }
}
