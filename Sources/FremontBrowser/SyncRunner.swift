import Foundation
import FremontCore
import FremontSources
import FremontUI
import Synchronization

/// Syncing with the config's feed service for the commands and the browser: the engine made from
/// `urls-source` and the service's settings (`ttrss-…`, `freshrss-…`, …), one sync at a time, and the synced feeds as the feed
/// list shows them.
public enum SyncRunner {
    /// The engine, nil when the feed list is the local one, or why the settings cannot be used.
    public static func engine(config: FremontConfig? = ConfigFile.quiet, cache: CacheDatabase = WebSources.cache)
        -> Result<SyncEngine, SyncError>? {
        do throws(SyncError) {
            guard let config, let active = try config.sync.activeAccount() else { return nil }
            let backend: any SyncBackend
            if active.source == .ttrss {
                backend = TTRSSBackend(client: TTRSSClient(url: active.url, login: active.login, password: active.password))
            } else {
                let application = active.account.appID.flatMap { id in active.account.appKey.map { (id: id, key: $0) } }
                backend = GoogleReaderBackend(client: GoogleReaderClient(base: active.url, source: active.source.rawValue, login: active.login,
                                                                         password: active.password, application: application))
            }
            var engine = SyncEngine(cache: cache, backend: backend, itemsPerFeed: active.account.minItems)
            // The download mode's ignore rules apply to synced articles as to fetched ones.
            if let rule = config.ignoreRules.downloadExpression { engine.ignored = (rule, WebSources.followedFeeds(of: cache)) }
            return .success(engine)
        } catch {
            return .failure(error)
        }
    }

    /// Whether the config says the feed list comes from a service.
    public static var isSyncing: Bool { (ConfigFile.quiet?.sync.source ?? .local) != .local }

    private struct State {
        var lastAttempt: Date?
    }
    private static let state = Mutex(State())
    /// One sync at a time in a run.
    private static let running = NSLock()
    /// A reload's feeds each ask for a sync; one begun this recently serves them all.
    static let sharedWindow: TimeInterval = 5

    /// Syncs for a load of a synced feed, unless a sync began within the last few seconds (the
    /// same reload's other feeds). Returns what to say in the Log, for the load that ran it.
    public static func syncForLoad() -> [ParseWarning] {
        running.lock()
        defer { running.unlock() }
        let now = Date()
        let recent = state.withLock { state -> Bool in
            if let last = state.lastAttempt, now.timeIntervalSince(last) < sharedWindow { return true }
            state.lastAttempt = now
            return false
        }
        guard !recent, let made = engine() else { return [] }
        switch made {
        case .failure(let error):
            return [ParseWarning("sync: \(error.description)")]
        case .success(let engine):
            let report = engine.run()
            // The window counts from the end: a sync that waited out a timeout serves the loads
            // that waited behind it, rather than each trying again.
            state.withLock { $0.lastAttempt = Date() }
            var said = report.dropped.map { ParseWarning("sync: \($0)") } + report.warnings.map { ParseWarning("sync: \($0)") }
            if let failure = report.failure {
                let waiting = report.pending > 0 ? "; \(report.pending) changes wait for it" : ""
                said.append(ParseWarning("sync: \(failure) (showing the cache\(waiting))"))
            }
            return said
        }
    }

    /// The synced feeds the cache holds, as sources and as the feed list shows them (their
    /// category as the tag); none when the config does not sync. The first run, which has none
    /// yet, syncs once first.
    public static func followed() -> (sources: [DataSource], feeds: [FollowedFeed]) {
        guard isSyncing else { return ([], []) }
        var feeds = (try? WebSources.cache.syncedFeeds()) ?? []
        if feeds.isEmpty {
            for warning in syncForLoad() { Diagnostics.note(warning.message) }
            feeds = (try? WebSources.cache.syncedFeeds()) ?? []
        }
        var sources: [DataSource] = [], followed: [FollowedFeed] = []
        for feed in feeds {
            guard let url = URL(string: feed.key) else { continue }
            sources.append(.url(url))
            followed.append(FollowedFeed(source: feed.key, title: feed.title.isEmpty ? nil : feed.title,
                                         tags: feed.category.isEmpty ? [] : [feed.category]))
        }
        return (sources, followed)
    }
}
