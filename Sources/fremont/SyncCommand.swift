import ArgumentParser
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont sync`: one sync with the config's feed service, and what moved each way.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync once with the feed service (urls-source ttrss, freshrss, miniflux, inoreader or oldreader): print what moved each way.",
        discussion: """
            Read and star changes made in fremont go to the server first, in the order made; then the \
            server's subscriptions, new articles and read/starred state come into the cache. With the \
            server unreachable, the changes wait in the cache for the next sync (exit status 1).
            """
    )

    func run() throws {
        _ = ConfigFile.load()
        // A cache standing in for the real one (another fremont holds it) would take the server's
        // articles and forget them, and could send nothing queued: no sync is better than a false one.
        if WebSources.cache.isStandIn, let notice = WebSources.cache.notice {
            Diagnostics.fail("nothing synced: \(notice)")
        }
        guard let made = SyncRunner.engine() else {
            Diagnostics.fail("nothing to sync with: set urls-source (ttrss, freshrss, miniflux, inoreader or oldreader), its -url, -login and a password in \(FremontDirectories().configFile.path)")
        }
        let engine: SyncEngine
        switch made {
        case .failure(let error): Diagnostics.fail(error.description)
        case .success(let value): engine = value
        }
        let report = engine.run()
        var output = StandardOutput()
        for line in report.lines { output.write(line + "\n") }
        output.flush()
        for dropped in report.dropped { Diagnostics.error(dropped) }
        for warning in report.warnings { Diagnostics.note(warning) }
        if let failure = report.failure {
            // However it stopped, nothing queued was lost: say how many wait for the next sync.
            Diagnostics.error(failure + (report.pending > 0 ? " (\(NumberText.count(report.pending, "change")) wait in the cache for the next sync)" : ""))
            throw ExitCode(1)
        }
    }
}
