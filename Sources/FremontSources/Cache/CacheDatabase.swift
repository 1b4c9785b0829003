import Foundation
import FremontCore
import GRDB
import Synchronization

/// The SQLite cache of everything fetched, so that fremont works offline and asks servers only
/// for what changed. One writer, many readers (a WAL pool): call it from background work, and a
/// long write never holds up a read.
///
/// `open(at:)` never fails: a file that is not a database, is damaged, or has tables fremont did
/// not make is moved aside and a fresh cache started; a locked file, or one from a newer fremont,
/// is left alone and an empty cache in memory serves this run; a cache that cannot be written (a
/// read-only folder, file or file system) is read as it is, and writes to it fail. `notice` says
/// which, in one line.
/// Opening (and migrating) holds a lock beside the file, so fremonts started together migrate
/// once, one after another, and none mistakes a half-migrated cache for a damaged one.
public final class CacheDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Nil for a cache in memory.
    public let path: String?
    /// Why this cache is not the file it was asked to open, for stderr or a status line.
    public let notice: String?
    /// The file is read as it is: every write fails.
    public let isReadOnly: Bool
    /// How long a write waits in all while another program (a second fremont) holds the cache's
    /// lock: each try waits the busy timeout, then it tries again until this has passed. Marks and
    /// stores queue behind a reload in another terminal instead of being lost.
    public let writePatience: TimeInterval
    /// The write patience unless a caller says otherwise.
    public static let defaultWritePatience: TimeInterval = 60
    /// The display mode's ignore rules as one expression, and the followed feeds' tags and
    /// order they read (`hideItems(matching:feeds:)`).
    private let hidden = Mutex<(expression: FilterExpression?, feeds: FilterFeedList)>((nil, FilterFeedList()))

    /// Opens (creating, migrating) the file at `path`, throwing what went wrong: for tests and
    /// for `open(at:)`, which turns every failure into a working cache. `statements`, when given,
    /// hears every SQL statement run (tests count round trips with it). `upgrading` is told
    /// before a cache an older fremont wrote is brought up to date (a minute for a million items).
    public init(path: String, busyTimeout: TimeInterval = 2, writePatience: TimeInterval = CacheDatabase.defaultWritePatience,
                statements: (@Sendable (String) -> Void)? = nil, upgrading: () -> Void = {}) throws {
        var configuration = Self.configuration()
        // Another fremont may be writing: wait for it a little rather than fail at once.
        configuration.busyMode = .timeout(busyTimeout)
        if let statements {
            configuration.prepareDatabase { db in db.trace(options: .statement) { statements($0.description) } }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try Self.prepare(pool, upgrading: upgrading)
        writer = pool
        self.path = path
        notice = nil
        isReadOnly = false
        self.writePatience = writePatience
    }

    /// An empty cache in memory standing in for the real one, which could not be opened (`notice`
    /// says why): what is stored in it is gone when the run ends, so nothing may claim it kept.
    public var isStandIn: Bool { path == nil && notice != nil }

    /// An empty cache that lives as long as this object.
    public init(inMemoryBecause notice: String? = nil) {
        // An in-memory queue cannot fail to open; the schema on an empty database neither.
        writer = try! DatabaseQueue(configuration: Self.configuration())
        try! CacheSchema.migrator.migrate(writer)
        path = nil
        self.notice = notice
        isReadOnly = false
        writePatience = 0
    }

    private init(writer: any DatabaseWriter, path: String, notice: String, isReadOnly: Bool = false) {
        self.writer = writer
        self.path = path
        self.notice = notice
        self.isReadOnly = isReadOnly
        writePatience = Self.defaultWritePatience
    }

    /// What every connection to a cache needs: the function the search index's text is made by.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in Self.registerFunctions(db) }
        return configuration
    }

    /// Registers on `db` the functions the cache's views and triggers call: a connection of its
    /// own to a cache file (a benchmark filling one) needs them to write items.
    public static func registerFunctions(_ db: Database) {
        db.add(function: ItemSearch.function)
        db.add(function: ItemSearch.functionOfColumns)
        db.add(function: StoredItemText.packFunction)
        db.add(function: StoredItemText.bodyFunction)
        db.add(function: StoredItemText.linkFunction)
    }

    /// Runs `updates` in a write transaction, trying again while another program holds the lock,
    /// for `writePatience` in all; past that, `CacheLocked` says so.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(writePatience)
        while true {
            do {
                return try writer.write(updates)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                guard Date() < deadline else { throw CacheLocked(path: path ?? "the cache", waited: writePatience) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// The cache at `$XDG_CACHE_HOME/fremont/cache.sqlite` (or `url`), whatever state it is in.
    public static func open(at url: URL = FremontDirectories().cacheDatabase, busyTimeout: TimeInterval = 2,
                            writePatience: TimeInterval = CacheDatabase.defaultWritePatience, now: Date = Date(),
                            upgrading: () -> Void = {}) -> CacheDatabase {
        let path = url.path
        do {
            // The cache holds what the reader reads and where from: their folder alone, 0700.
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            chmod(url.deletingLastPathComponent().path, 0o700)
        } catch {
            return CacheDatabase(inMemoryBecause: "cannot create the cache folder \(url.deletingLastPathComponent().path) (\(error.localizedDescription)); nothing will be kept after this run")
        }
        // Opening migrates, and only one fremont may migrate at a time: a second one, seeing the
        // schema half-changed, would think the cache damaged and move the live file aside.
        let lock: FileLock
        do throws(FileLock.Failure) {
            lock = try FileLock(path + ".lock", waiting: max(busyTimeout * 5, 1))
        } catch {
            guard let code = error.code else {
                return CacheDatabase(inMemoryBecause: "the cache \(path) is being opened by another fremont for too long; using an empty cache for this run")
            }
            // The lock file cannot be made or opened (a read-only folder or file system), which
            // no other fremont causes. A cache that cannot be written needs no lock to be read.
            return readOnly(path, because: "cannot make its lock file \(path).lock: \(String(cString: strerror(code)))")
        }
        defer { lock.release() }
        do {
            let cache = try CacheDatabase(path: path, busyTimeout: busyTimeout, writePatience: writePatience, upgrading: upgrading)
            // And its files the reader's alone, 0600, whatever the umask made them.
            for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
            return cache
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return CacheDatabase(inMemoryBecause: "the cache \(path) is locked by another program; using an empty cache for this run")
        } catch is NewerSchema {
            return CacheDatabase(inMemoryBecause: "the cache \(path) was written by a newer fremont; using an empty cache for this run")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_PERM
            || error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_IOERR {
            // Most often a file or folder that cannot be written: what it holds can still be read.
            return readOnly(path, because: describe(error))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
            || error.resultCode == .SQLITE_ERROR {
            // Not a database, damaged, or (migrating under the lock, so no other fremont is
            // halfway) tables fremont did not make: only these are moved aside.
            return replace(path, because: describe(error), now: now)
        } catch {
            return CacheDatabase(inMemoryBecause: "cannot open the cache \(path) (\(describe(error))); using an empty cache for this run")
        }
    }

    /// The cache at `path` opened for reading only, for a folder, file or file system that cannot
    /// be written: `--offline` still reads everything it holds, and writes fail (SQLite's
    /// "attempt to write a readonly database"). An empty cache in memory when even that fails.
    private static func readOnly(_ path: String, because reason: String) -> CacheDatabase {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let what: String
        if access(folder, W_OK) != 0 {
            what = "the cache folder \(folder) is read-only (\(String(cString: strerror(errno))))"
        } else if access(path, W_OK) != 0, errno != ENOENT {
            what = "the cache \(path) is read-only (\(String(cString: strerror(errno))))"
        } else {
            what = "the cache \(path) cannot be written (\(reason))"
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return CacheDatabase(inMemoryBecause: "\(what), and holds no cache yet; using an empty cache for this run")
        }
        var configuration = Self.configuration()
        configuration.readonly = true
        // A WAL database is read through its -shm file, which a read-only folder may not hold
        // (a clean exit removes it) nor let SQLite make: then the file is read as immutable,
        // as it is on disk.
        let immutable = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        var failure = reason
        for name in [path, immutable] {
            do {
                let queue = try DatabaseQueue(path: name, configuration: configuration)
                let migrator = CacheSchema.migrator
                let (current, newer) = try queue.read { db in (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db)) }
                if newer {
                    return CacheDatabase(inMemoryBecause: "\(what), and was written by a newer fremont; using an empty cache for this run")
                }
                guard current else {
                    return CacheDatabase(inMemoryBecause: "\(what), and was written by an older fremont, which a read-only cache cannot bring up to date; using an empty cache for this run")
                }
                return CacheDatabase(writer: queue, path: path, notice: "\(what): reading the cache as it is; nothing new will be kept",
                                     isReadOnly: true)
            } catch {
                failure = describe(error)
            }
        }
        return CacheDatabase(inMemoryBecause: "\(what), and cannot be read either (\(failure)); using an empty cache for this run")
    }

    /// Moves a damaged file (and its WAL files) aside, keeping it for a person to look at, and starts afresh.
    private static func replace(_ path: String, because reason: String, now: Date) -> CacheDatabase {
        let aside = path + ".corrupt-" + stamp(now)
        let files = FileManager.default
        do {
            try files.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try? files.moveItem(atPath: path + suffix, toPath: aside + suffix)
            }
            let fresh = try CacheDatabase(path: path)
            guard let pool = fresh.writer as? DatabasePool else { return fresh }
            return CacheDatabase(writer: pool, path: path,
                                 notice: "the cache \(path) was unreadable (\(reason)); moved it to \(aside) and started a fresh one")
        } catch {
            return CacheDatabase(inMemoryBecause: "the cache \(path) is unreadable (\(reason)) and could not be replaced (\(describe(error))); using an empty cache for this run")
        }
    }

    /// Brings the schema up to date, refusing a file that knows migrations this version does not.
    private static func prepare(_ writer: any DatabaseWriter, upgrading: () -> Void) throws {
        let migrator = CacheSchema.migrator
        let (newer, current, made) = try writer.read { db in
            (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db), try !migrator.appliedIdentifiers(db).isEmpty)
        }
        if newer { throw NewerSchema() }
        if made, !current { upgrading() }
        try migrator.migrate(writer)
        // Space freed by pruning goes back to the file system (incremental_vacuum after a
        // store); a cache made before that was possible is rewritten once to allow it.
        try writer.writeWithoutTransaction { db in
            if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 {
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute(sql: "VACUUM")
            }
            guard !current else { return }
            // What a migration freed (the search index's copy of every text) goes back now, and
            // the write-ahead log, as large as all it wrote, is emptied: every later start would
            // read through it again (when another fremont is reading, the next writer reuses it).
            if try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 > reclaimThreshold {
                try db.execute(sql: "PRAGMA incremental_vacuum")
            }
            _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            // An empty log makes the next open write to recreate it (GRDB's pool does), which
            // fails while another fremont writes: a write of nothing keeps a page in it.
            try db.inTransaction {
                try db.execute(sql: "CREATE TABLE walKept (x); DROP TABLE walKept")
                return .commit
            }
        }
    }

    private struct NewerSchema: Error {}

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// `20261122T004700Z`: sorts by time and has no characters a file name dislikes.
    private static func stamp(_ date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return format.string(from: date)
    }
}

extension CacheDatabase {
    /// Leaves the items `expression` matches out of every item list but the starred one, and
    /// out of the counts (newsboat's `ignore-mode display`): they stay stored, and show again
    /// when it is nil. Each list tests its rows as it reads them (SQL, see `FilterSQL`).
    /// `feeds`: the followed feeds' order and tags, which `feedindex` and `tags` read.
    public func hideItems(matching expression: FilterExpression?, feeds: FilterFeedList = FilterFeedList()) {
        hidden.withLock { $0 = (expression, feeds) }
    }

    /// What `hideItems(matching:)` was last given.
    public var hiddenItems: FilterExpression? { hidden.withLock { $0.expression } }
    /// The feeds' order and tags the hidden items' rule reads.
    public var hiddenFeeds: FilterFeedList { hidden.withLock { $0.feeds } }
}
