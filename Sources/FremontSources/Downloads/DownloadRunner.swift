import Foundation
import FremontCore
import Synchronization

/// Runs the download queue in the background: `max-downloads` at a time, each on a thread of
/// its own (`BlockingWorkQueue`), never on the caller's. Whoever shows the queue (the Downloads
/// tab, `fremont download`) hears every change as a list of `DownloadStatus` — at most a few
/// times a second while bytes arrive, at once when a download starts or ends.
public final class DownloadRunner: Sendable {
    public let cache: CacheDatabase
    public let settings: DownloadSettings
    private let download: EnclosureDownload
    private let queue: BlockingWorkQueue
    private let state = Mutex(State())
    private let onChange: @Sendable ([DownloadStatus]) -> Void

    private struct State {
        /// The queue as last read, with the live downloads' progress laid over it.
        var rows: [DownloadRecord] = []
        /// Downloads scheduled or running in this process, each with its stop switch and speed.
        var running: [Int64: Running] = [:]
        /// Downloads another fremont holds (their part file is locked).
        var elsewhere: Set<Int64> = []
        var lastNotice = Date.distantPast
        /// Progress not told yet (the last bytes before a pause): the ticker tells it.
        var untold = false
        var ticking = false
        var stopped = false
    }

    struct Running {
        var cancellation = FetchCancellation()
        var started = false
        var speed = SpeedMeter()
    }

    public init(cache: CacheDatabase, settings: DownloadSettings, fetcher: HTTPFetcher = HTTPFetcher(),
                onChange: @escaping @Sendable ([DownloadStatus]) -> Void = { _ in }) {
        self.cache = cache
        self.settings = settings
        self.onChange = onChange
        download = EnclosureDownload(cache: cache, fetcher: fetcher, maximumBytes: settings.maximumBytes)
        queue = BlockingWorkQueue(width: max(1, settings.maxDownloads), name: "fremont.downloads")
    }

    /// Queues an enclosure; says what happened, in a line.
    public func enqueue(url: String, feedTitle: String, itemTitle: String, published: Date?) -> String {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "not queued: only http and https enclosures are downloaded"
        }
        let path = settings.filename.path(url: url, feedTitle: feedTitle, itemTitle: itemTitle, published: published)
        let record = DownloadRecord(url: url, feedTitle: TerminalSafeText.singleLine(feedTitle), itemTitle: TerminalSafeText.singleLine(itemTitle),
                                    published: published, path: path)
        do {
            let (queued, added) = try cache.enqueueDownload(record)
            startQueued()
            let name = queued.fileName.count > 60 ? String(queued.fileName.prefix(59)) + "…" : queued.fileName
            return added ? "queued for download: \(name)" : "already in the download queue: \(name) (\(queued.state.rawValue))"
        } catch {
            return "not queued: \(TerminalSafeText.singleLine(String(describing: error)))"
        }
    }

    /// Reads the queue and starts every download not done, not failed and not yet running here.
    public func startQueued() {
        let records = (try? cache.downloads()) ?? []
        let starting = state.withLock { state -> [DownloadRecord] in
            guard !state.stopped else { return [] }
            state.rows = records.map { record in state.running[record.id].flatMap { _ in state.rows.first { $0.id == record.id } } ?? record }
            var starting: [DownloadRecord] = []
            for record in records where (record.state == .queued || record.state == .downloading) && state.running[record.id] == nil {
                state.running[record.id] = Running()
                state.elsewhere.remove(record.id)
                starting.append(record)
            }
            return starting
        }
        for record in starting {
            queue.add { [self] in run(record) }
        }
        notify(force: true)
        startTicker()
    }

    /// While anything downloads, the progress is told at least every half second (a speed
    /// falling to nothing shows; the last bytes before a stall are not left untold).
    private func startTicker() {
        let start = state.withLock { state -> Bool in
            guard !state.ticking, !state.running.isEmpty else { return false }
            state.ticking = true
            return true
        }
        guard start else { return }
        NamedThread.start("fremont-download-ticker") { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                let (busy, untold) = state.withLock { state -> (Bool, Bool) in
                    if state.running.isEmpty { state.ticking = false }
                    // A stalled download's speed falls: its bytes sampled again, unchanged.
                    let now = Date()
                    for row in state.rows where state.running[row.id]?.started == true { state.running[row.id]?.speed.add(bytes: row.bytes, at: now) }
                    return (!state.running.isEmpty, state.untold)
                }
                if untold || busy { notify(force: true) }
                if !busy { return }
            }
        }
    }

    private func run(_ record: DownloadRecord) {
        guard let cancellation = state.withLock({ state -> FetchCancellation? in
            state.running[record.id]?.started = true
            // Queued until its first bytes come (a download left `downloading` by a killed run too),
            // so that its start is told.
            if let index = state.rows.firstIndex(where: { $0.id == record.id }) { state.rows[index].state = .queued }
            return state.running[record.id]?.cancellation
        }), !cancellation.isCancelled else {
            _ = state.withLock { $0.running.removeValue(forKey: record.id) }
            return
        }
        let ending = download.run(record, cancellation: cancellation) { [self] progress in
            let now = Date()
            let due = state.withLock { state -> Bool in
                state.running[progress.id]?.speed.add(bytes: progress.bytes, at: now)
                var changed = false
                if let index = state.rows.firstIndex(where: { $0.id == progress.id }) {
                    // A download starting is told at once, however soon after the last notice.
                    changed = state.rows[index].state != progress.state
                    state.rows[index] = progress
                }
                state.untold = true
                return changed || now.timeIntervalSince(state.lastNotice) >= 0.25
            }
            if due { notify(force: true) }
        }
        state.withLock { state in
            state.running.removeValue(forKey: record.id)
            let final: DownloadRecord
            switch ending {
            case .done(let done): final = done
            case .failed(let failed): final = failed
            case .stopped(let stopped): final = stopped
            case .busy(let busy):
                final = busy
                state.elsewhere.insert(busy.id)
            }
            if let index = state.rows.firstIndex(where: { $0.id == final.id }) { state.rows[index] = final }
        }
        notify(force: true)
    }

    /// The queue as shown: each record with its speed, or why it waits.
    public var statuses: [DownloadStatus] {
        state.withLock { state in
            state.rows.map { record in
                let running = state.running[record.id]
                return DownloadStatus(record: record, bytesPerSecond: running?.started == true ? running?.speed.bytesPerSecond : nil,
                                      inAnotherProcess: state.elsewhere.contains(record.id), isWaiting: running?.started == false,
                                      isRunning: running?.started == true)
            }
        }
    }

    private func notify(force: Bool) {
        let due = state.withLock { state -> Bool in
            guard force || Date().timeIntervalSince(state.lastNotice) >= 0.25 else { return false }
            state.lastNotice = Date()
            state.untold = false
            return true
        }
        if due { onChange(statuses) }
    }

    /// Stops the download of `id` (the part is kept) and takes it out of the queue.
    public func remove(ids: [Int64]) {
        state.withLock { state in
            for id in ids { state.running[id]?.cancellation.cancel() }
        }
        try? cache.removeDownloads(ids: ids)
        startQueued()
    }

    /// Failed downloads queued again, and started.
    public func retry(ids: [Int64]) {
        try? cache.retryDownloads(ids: ids)
        startQueued()
    }

    /// Stops every download (the parts are kept, to resume) and starts no more.
    public func stopAll() {
        state.withLock { state in
            state.stopped = true
            for (_, running) in state.running { running.cancellation.cancel() }
        }
    }

    /// Blocks until every download started so far has ended.
    public func waitUntilIdle() {
        queue.waitUntilIdle()
    }

    /// Waits at most `timeout` seconds; how many downloads were still running.
    public func waitUntilIdle(timeout: TimeInterval) -> Int {
        queue.waitUntilIdle(timeout: timeout)
    }
}

/// A download as a list shows it.
public struct DownloadStatus: Sendable, Equatable {
    public var record: DownloadRecord
    /// The speed of the last seconds, while it downloads here.
    public var bytesPerSecond: Double?
    /// Another fremont holds it.
    public var inAnotherProcess = false
    /// Scheduled here, waiting for a free slot (`max-downloads`).
    public var isWaiting = false
    /// Downloading in this process now.
    public var isRunning = false

    public init(record: DownloadRecord, bytesPerSecond: Double? = nil, inAnotherProcess: Bool = false, isWaiting: Bool = false,
                isRunning: Bool = false) {
        self.isRunning = isRunning
        self.record = record
        self.bytesPerSecond = bytesPerSecond
        self.inAnotherProcess = inAnotherProcess
        self.isWaiting = isWaiting
    }

    /// A word for the state: queued, downloading, done, failed, elsewhere.
    public var stateText: String {
        if inAnotherProcess && record.state != .done { return "in another fremont" }
        if isWaiting { return "queued" }
        return record.state == .downloading && !isRunning ? "interrupted" : record.state.rawValue
    }
}

/// Bytes per second over the last few seconds: a window of samples, bounded.
struct SpeedMeter: Sendable {
    private var samples: [(time: Date, bytes: Int)] = []

    mutating func add(bytes: Int, at time: Date) {
        samples.append((time, bytes))
        // Three seconds of samples, and never more than 64 of them.
        while let first = samples.first, time.timeIntervalSince(first.time) > 3 || samples.count > 64 { samples.removeFirst() }
    }

    var bytesPerSecond: Double? {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return nil }
        return Double(last.bytes - first.bytes) / last.time.timeIntervalSince(first.time)
    }
}
