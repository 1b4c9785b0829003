import Foundation
import FremontTestSupport
import GRDB
import Testing
@testable import FremontSources

/// Several fremont processes at once on a cache from an older fremont: the migrations run once,
/// under a lock, and nothing is moved aside or lost.
@Suite struct CacheRaceTests {
    @Test func eightProcessesOnAnOldCacheAllSucceedAndKeepEveryReadFlag() async throws {
        let home = try TestHome()
        let url = home.cacheDatabase
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A cache as the previous fremont left it: every migration but the last, and read marks.
        do {
            let pool = try DatabasePool(path: url.path)
            try CacheSchema.migrator.migrate(pool, upTo: "v7-starred")
            try await pool.write { db in
                for index in 0..<50 {
                    try db.execute(sql: "INSERT INTO readMark (source, id) VALUES (?, ?)", arguments: ["/feeds/a.rss", "item-\(index)"])
                }
            }
            try pool.close()
        }
        let environment = home.environment
        let runs = try await Fremont.runTogether(Array(repeating: ["search", "anything"], count: 8), environment: environment)
        for run in runs {
            #expect(!run.errors.contains("moved it to"), "\(run.errors)")
            #expect(!run.errors.contains("empty cache"), "\(run.errors)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(!leftovers.contains { $0.contains("corrupt") }, "\(leftovers)")
        let cache = try CacheDatabase(path: url.path)
        #expect(try cache.readMarks(source: "/feeds/a.rss").count == 50)
        let applied = try await cache.writer.read { try CacheSchema.migrator.appliedIdentifiers($0) }
        #expect(applied.contains("v8-series"))
    }
}
