import Foundation
import FremontCore
import GRDB

/// Where a cache file's room goes: each table's and index's pages (SQLite's `dbstat`), largest
/// first, so the scale bench's size figure comes with what there is to shrink.
struct CacheRoom {
    var name: String
    var bytes: Int

    /// The objects holding at least `share` of the file's pages, largest first; empty when the
    /// file cannot be read or this SQLite was built without `dbstat`.
    static func measure(_ path: String, share: Double = 0.01) -> [CacheRoom] {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return [] }
        let rows = try? queue.read { db in
            try Row.fetchAll(db, sql: "SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC")
        }
        let rooms = (rows ?? []).map { CacheRoom(name: $0["name"], bytes: $0["bytes"]) }
        let total = rooms.reduce(0) { $0 + $1.bytes }
        return rooms.filter { Double($0.bytes) >= share * Double(max(total, 1)) }
    }

    /// One line per object: its name, its size in MB and its share of the file.
    static func report(_ title: String, path: String) {
        let rooms = measure(path)
        guard !rooms.isEmpty else { return print("\(title): (no dbstat in this SQLite)") }
        let total = Double(CacheRoom.fileBytes(path))
        print("\(title), each table or index of 1% or more (SQLite dbstat):")
        for room in rooms {
            let megabytes = String(format: "%8.1f MB", Double(room.bytes) / 1_000_000)
            let percent = total > 0 ? String(format: "%4.0f%%", 100 * Double(room.bytes) / total) : ""
            print("  \(NumberText.padRight(room.name, 32)) \(megabytes) \(percent)")
        }
    }

    private static func fileBytes(_ path: String) -> Int {
        ScaleBenchmark.fileSize(path) + ScaleBenchmark.fileSize(path + "-wal")
    }
}
