import Foundation
import FremontCore
import FremontSources
import FremontUI
import Synchronization

/// The browser's side of the podcast queue: the runner downloading in the background, and the
/// queue as screens reach it (`DownloadQueue`), its changes as the Downloads tab follows them.
public final class BrowserDownloads: DownloadQueue {
    /// Made on first use, off the UI thread: opening the cache before the first frame cost
    /// every start some milliseconds for a queue that is most often empty.
    var runner: DownloadRunner {
        made.withLock { made in
            if let made { return made }
            let runner = makeRunner()
            made = runner
            return runner
        }
    }
    private let makeRunner: @Sendable () -> DownloadRunner
    private let made = Mutex<DownloadRunner?>(nil)
    private let latest: Latest

    /// The queue after the runner's last change, numbered, and a condition its followers wait on.
    private final class Latest: @unchecked Sendable {
        let condition = NSCondition()
        /// Guarded by `condition`.
        var changes = DownloadChanges(version: 0, rows: [])

        func update(_ rows: [DownloadRow]) {
            condition.lock()
            changes = DownloadChanges(version: changes.version + 1, rows: rows)
            condition.broadcast()
            condition.unlock()
        }
    }

    public init(cache: @escaping @Sendable () -> CacheDatabase, settings: DownloadSettings) {
        let latest = Latest()
        self.latest = latest
        makeRunner = {
            DownloadRunner(cache: cache(), settings: settings) { statuses in latest.update(statuses.map(Self.row)) }
        }
    }

    /// Waits for a change after `version`, waking now and then to see whether it was stopped.
    public func changes(after version: Int, _ control: LoadControl) throws(LoadError) -> DownloadChanges {
        latest.condition.lock()
        defer { latest.condition.unlock() }
        while latest.changes.version <= version {
            if control.isCancelled { throw LoadError(source: DownloadCommands.watchKey, kind: .cancelled, "cancelled") }
            _ = latest.condition.wait(until: Date().addingTimeInterval(0.25))
        }
        return latest.changes
    }

    /// The browser runs: downloads left by an earlier run (interrupted, killed) go on.
    func start() {
        NamedThread.start("fremont-download-queue") { [self] in runner.startQueued() }
    }

    /// Quitting: transfers stop (their parts are kept, to resume), a moment given to say so.
    func stop() {
        // Never made: nothing runs, and quitting need not open the cache to say so.
        guard let runner = made.withLock({ $0 }) else { return }
        runner.stopAll()
        _ = runner.waitUntilIdle(timeout: 2)
    }

    public func change(_ request: DownloadRequest) -> String {
        switch request {
        case .enqueue(let url, let feedTitle, let itemTitle, let published):
            return runner.enqueue(url: url, feedTitle: feedTitle, itemTitle: itemTitle, published: published)
        case .remove(let ids):
            runner.remove(ids: ids)
            return "taken out of the download queue (files are kept)"
        case .retry(let ids):
            runner.retry(ids: ids)
            return "downloading again"
        }
    }

    /// The queue as the cache has it, what is left started (the Downloads tab shown, `r`).
    public func rows() throws(LoadError) -> [DownloadRow] {
        runner.startQueued()
        return runner.statuses.map(Self.row)
    }

    static func row(_ status: DownloadStatus) -> DownloadRow {
        let record = status.record
        return DownloadRow(id: record.id, url: record.url, fileName: TerminalSafeText.singleLine(record.fileName), path: record.path,
                           feedTitle: record.feedTitle, itemTitle: record.itemTitle, state: status.stateText, bytes: record.bytes,
                           total: record.total, bytesPerSecond: status.bytesPerSecond, error: record.error)
    }
}
