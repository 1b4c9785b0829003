import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont feeds reload`: every followed feed fetched into the cache, without the browser (for
/// cron). Each failure is a line on stderr; the exit status says whether any failed.
struct FeedsReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Fetch every feed you follow into the cache: one line per failure, exit status 1 when any failed."
    )

    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard !network.offline else { throw ValidationError("--offline reads the cache; reload fetches. Leave one out.") }
    }

    func run() throws {
        // Its ignore rules and limits decide what is kept: what is wrong in it is said first.
        _ = ConfigFile.load()
        let list = FeedListFile.load()
        guard !list.entries.isEmpty else {
            Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
            return
        }
        // On a terminal, where the reload is, on one line written over (stderr: the output stays clean).
        let onTerminal = isatty(STDERR_FILENO) == 1
        let shown: (@Sendable (FeedReload.Progress) -> Void)? = onTerminal ? { @Sendable progress in ReloadProgressLine.show(progress) } : nil
        let outcome = FeedReload.run(list.entries.compactMap { URL(string: $0.url) }, fetcher: WebSources.fetcher(network.settings),
                                     progress: shown)
        if onTerminal { ReloadProgressLine.write("\r\u{1B}[K") }
        // Every failure, in the list's order: one line each.
        for failure in outcome.failures { Diagnostics.error(failure.description) }
        StandardOutput.line(outcome.summary)
        if !outcome.failures.isEmpty { throw ExitCode(1) }
    }
}

/// The reload's progress on a terminal: one line on stderr, written over.
enum ReloadProgressLine {
    /// `reloading: 3 of 10 feeds · waiting 6 s for example.org/feed.xml`
    static func show(_ progress: FeedReload.Progress) {
        var line = "reloading: \(progress.done) of \(NumberText.count(progress.total, "feed"))"
        if let slowest = progress.slowest, slowest.seconds >= 2 {
            line += " · waiting \(slowest.seconds) s for \(TerminalSafeText.singleLine(String(slowest.name.prefix(60))))"
        }
        write("\r\u{1B}[K" + line)
    }

    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
