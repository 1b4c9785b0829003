import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont download [URL…]`: runs the podcast download queue without the browser (podboat's
/// job), the addresses given queued first. A progress bar on a terminal; plain lines otherwise.
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download the queued podcast enclosures (e in the browser queues one); URLs given are queued first.",
        discussion: "Files land under download-path, named by download-filename-format (the config; newsboat's placeholders), max-downloads at a time. An interrupted download resumes where it stopped."
    )

    @Argument(help: "Enclosure addresses (http or https) to queue before running the queue.")
    var urls: [String] = []

    @Option(help: "The feed's title, for %n in download-filename-format (with URLs).")
    var feedTitle = ""

    @Option(help: "The episode's title, for %t (with URLs).")
    var title = ""

    func run() throws {
        let config = ConfigFile.load()
        let printer = DownloadPrinter(terminal: isatty(STDOUT_FILENO) == 1)
        // The queue lives in the cache: one standing in for it would forget every download.
        if WebSources.cache.isStandIn, let notice = WebSources.cache.notice {
            Diagnostics.fail("nothing downloaded: \(notice)")
        }
        let runner = DownloadRunner(cache: WebSources.cache, settings: DownloadSettings(config)) { printer.show($0) }
        for url in urls {
            let said = runner.enqueue(url: url, feedTitle: feedTitle, itemTitle: title, published: nil)
            if said.hasPrefix("not queued") { Diagnostics.error(said) }
        }
        // What failed before is tried again: a cut connection, a disk full then.
        let failedBefore = ((try? WebSources.cache.downloads()) ?? []).filter { $0.state == .failed }.map(\.id)
        if !failedBefore.isEmpty { try? WebSources.cache.retryDownloads(ids: failedBefore) }
        runner.startQueued()
        runner.waitUntilIdle()
        printer.finish()
        let statuses = runner.statuses
        let failed = statuses.filter { $0.record.state == .failed }
        if statuses.isEmpty { Diagnostics.note("the download queue is empty (e in the browser queues an item's enclosure)") }
        if !failed.isEmpty { throw ExitCode(1) }
    }
}
