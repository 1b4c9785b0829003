import Foundation
import FremontSources
import FremontTestSupport
import Testing

/// A cache that cannot be written is not "opened by another fremont": it is said to be read-only,
/// with its path, and `--offline` reads everything it holds.
///
/// Tests run as root here, and permission bits do not stop root. So the read-only file system is
/// real: a read-only bind mount of the cache folder in a mount namespace of the run's own
/// (`unshare -m`). The read-only file (0400, in a 0500 folder) is real too: fremont runs as
/// `nobody` (`setpriv`), which owns them. Each is skipped where the machine cannot do it.
@Suite(.serialized, .needsSharedData) struct ReadOnlyCacheTests {
    static let feed = "/data/feeds/real/nasa__breaking_news_2018-09-05.rss"

    static func works(_ arguments: [String]) async -> Bool {
        let result = try? await ChildProcess.run(arguments, environment: ProcessInfo.processInfo.environment, timeout: .seconds(30))
        return result?.status == 0
    }

    static func canMountReadOnly() async -> Bool {
        await works(["/usr/bin/unshare", "-m", "--propagation", "private", "sh", "-c",
                     "mount --bind /tmp /tmp && mount -o remount,bind,ro /tmp && ! touch /tmp/fremont-ro-probe"])
    }

    static func canRunAsNobody() async -> Bool {
        guard getuid() == 0 else { return false }
        return await works(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "true"])
    }

    /// fremont with `arguments`, the cache folder mounted read-only for it alone.
    func onReadOnlyFileSystem(_ home: TestHome, _ arguments: [String]) async throws -> Fremont.Result {
        let script = #"mount --bind "$FREMONT_RO" "$FREMONT_RO" && mount -o remount,bind,ro "$FREMONT_RO" && exec "$@""#
        return try await Fremont.run(arguments: arguments, environment: home.environment.merging(["FREMONT_RO": home.cache.path]) { $1 },
                               wrapper: ["/usr/bin/unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh"])
    }

    /// Fetches the feed into the cache, then closes the cache as a fremont that exits cleanly
    /// does: the WAL's files go, and only the database file is left to read.
    func fillCache(_ home: TestHome, _ url: String, consolidate: Bool) async throws {
        let fetched = try await Fremont.run(arguments: ["feed", url, "--format", "json"], environment: home.environment)
        #expect(fetched.status == 0, "\(fetched.errors)")
        if consolidate {
            _ = try CacheDatabase(path: home.cacheDatabase.path)
            #expect(!FileManager.default.fileExists(atPath: home.cacheDatabase.path + "-wal"))
        }
    }

    func expectReadOnlyOffline(_ run: Fremont.Result, naming folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(!run.errors.contains("another fremont"), "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.errors.contains("\(folder) is read-only"), "\(run.errors)", sourceLocation: sourceLocation)
        let items = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])?["items"] as? [Any]
        #expect(items?.count == 10, "\(run.output.prefix(200))", sourceLocation: sourceLocation)
    }

    @Test(.enabled { await canMountReadOnly() }, arguments: [false, true])
    func aReadOnlyFileSystemIsSaidAndReadOffline(consolidated: Bool) async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let url = server.address(Self.feed)
            try await fillCache(home, url, consolidate: consolidated)
            let offline = try await onReadOnlyFileSystem(home, ["feed", url, "--offline", "--format", "json"])
            expectReadOnlyOffline(offline, naming: home.cacheDatabase.deletingLastPathComponent().path)
            #expect(offline.errors.contains("Read-only file system"), "\(offline.errors)")

            // Fetching still works; what it cannot keep is said, not lost without a word.
            let live = try await onReadOnlyFileSystem(home, ["feed", url, "--format", "json"])
            #expect(live.status == 0, "\(live.errors)")
            #expect(live.errors.contains("not kept in the cache: \(home.cacheDatabase.path) is read-only"), "\(live.errors)")
        }
    }

    @Test(.enabled { await canRunAsNobody() })
    func aReadOnlyFolderAndFileAreSaidAndReadOffline() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let url = server.address(Self.feed)
            try await fillCache(home, url, consolidate: true)
            let folder = home.cacheDatabase.deletingLastPathComponent()
            // nobody owns the cache and can only read it; it can reach it through the test's folders.
            for path in [home.root.path, home.cache.path, home.config.path] { chmod(path, 0o755) }
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                chown(folder.appendingPathComponent(file).path, 65534, 65534)
                chmod(folder.appendingPathComponent(file).path, 0o400)
            }
            chown(folder.path, 65534, 65534)
            chmod(folder.path, 0o500)
            let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            let offline = try await Fremont.run(arguments: ["feed", url, "--offline", "--format", "json"], environment: home.environment,
                                                wrapper: asNobody)
            // fremont makes a cache folder of its own 0700 again (it keeps it private), so it is
            // the file, 0400, that cannot be written.
            expectReadOnlyOffline(offline, naming: home.cacheDatabase.path)
            #expect(offline.errors.contains("Permission denied"), "\(offline.errors)")
            chmod(folder.path, 0o700)
        }
    }
}
