import Foundation

/// A second process holding an SQLite database's write lock (`sqlite3` inside `BEGIN IMMEDIATE`)
/// until `release`: what another fremont's long write looks like to this one. It holds the lock
/// from the moment `start` returns, however slowly the test's own tasks are scheduled.
public final class CacheLockHolder: Sendable {
    private let process: ChildProcess
    private let flag: URL

    private init(process: ChildProcess, flag: URL) {
        self.process = process
        self.flag = flag
    }

    /// Starts the holder on the database at `path`, and returns once it holds the lock.
    public static func start(_ path: String) async throws -> CacheLockHolder {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let tag = UUID().uuidString
        let flag = folder.appendingPathComponent("hold-\(tag)"), locked = folder.appendingPathComponent("locked-\(tag)")
        try Data().write(to: flag)
        // .bail stops at a failed BEGIN, so `locked` appears only once the lock is held.
        let script = """
            (echo '.bail on'; echo '.timeout 10000'; echo 'BEGIN IMMEDIATE;'; echo ".shell touch '\(locked.path)'"; \
            while [ -e '\(flag.path)' ]; do sleep 0.05; done; echo 'ROLLBACK;') | sqlite3 '\(path)'
            """
        let process = try ChildProcess(["/bin/sh", "-c", script], environment: ProcessInfo.processInfo.environment)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: locked.path) {
            guard Date() < deadline else {
                try? FileManager.default.removeItem(at: flag)
                throw NeverLocked(path: path)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        try? FileManager.default.removeItem(at: locked)
        return CacheLockHolder(process: process, flag: flag)
    }

    /// Lets the lock go and waits for the holder to end.
    public func release() async {
        try? FileManager.default.removeItem(at: flag)
        _ = await process.exit(timeout: .seconds(30))
    }

    public struct NeverLocked: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "sqlite3 never took the lock of \(path)" }
    }
}
