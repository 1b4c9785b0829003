import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources
import Synchronization

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

/// What `fremont download` prints: on a terminal, one line redrawn in place with a bar for the
/// downloads under way, and a line for each that ends; elsewhere only those lines.
final class DownloadPrinter: Sendable {
    private let terminal: Bool
    private struct State {
        /// Every download's state last shown, so each start and end is said once.
        var said: [Int64: String] = [:]
        var barShown = false
    }
    private let state = Mutex(State())

    init(terminal: Bool) {
        self.terminal = terminal
    }

    func show(_ statuses: [DownloadStatus]) {
        state.withLock { state in
            var lines: [String] = []
            for status in statuses {
                let record = status.record
                let word = status.stateText
                guard state.said[record.id] != word else { continue }
                let before = state.said[record.id]
                state.said[record.id] = word
                let name = TerminalSafeText.singleLine(record.fileName)
                switch word {
                case "downloading":
                    lines.append(record.bytes > 0 ? "resuming \(name) at \(ByteCountText.describe(record.bytes))" : "downloading \(name)")
                case "done" where before != nil:
                    lines.append("done \(TerminalSafeText.singleLine(record.path)) (\(ByteCountText.describe(record.bytes)))")
                case "failed" where before != nil || record.error != nil:
                    lines.append("failed \(name): \(TerminalSafeText.singleLine(record.error ?? "failed"))")
                case "in another fremont":
                    lines.append("\(name): another fremont is downloading it; left to it")
                case "queued" where before == "downloading":
                    lines.append("stopped \(name) at \(ByteCountText.describe(record.bytes)) (resumes next time)")
                default:
                    break
                }
            }
            var text = ""
            if terminal, state.barShown { text += "\r\u{1B}[K" }
            for line in lines { text += line + "\n" }
            state.barShown = false
            if terminal, let bar = Self.bar(statuses) {
                text += bar
                state.barShown = true
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    func finish() {
        state.withLock { state in
            if terminal, state.barShown { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            state.barShown = false
        }
    }

    /// `[########········]  45%  12.0 MB of 26.7 MB  1.2 MB/s  episode.mp3 (+1 more)`, the
    /// downloads under way summed.
    static func bar(_ statuses: [DownloadStatus]) -> String? {
        let active = statuses.filter { $0.record.state == .downloading && $0.isRunning }
        guard let first = active.first else { return nil }
        let bytes = active.reduce(0) { $0 + $1.record.bytes }
        let total = active.allSatisfy { $0.record.total != nil } ? active.reduce(0) { $0 + ($1.record.total ?? 0) } : nil
        let speed = active.reduce(0.0) { $0 + ($1.bytesPerSecond ?? 0) }
        let width = 20
        let fraction = total.map { $0 > 0 ? min(1, Double(bytes) / Double($0)) : 0 }
        let filled = Int(((fraction ?? 0) * Double(width)).rounded(.down))
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled) + "]"
        if let fraction { line += String(format: " %3d%%", Int(fraction * 100)) }
        line += "  " + ByteCountText.describe(bytes) + (total.map { " of " + ByteCountText.describe($0) } ?? "")
        line += "  " + ByteCountText.describe(Int(speed)) + "/s  "
        line += String(TerminalSafeText.singleLine(first.record.fileName).prefix(30))
        if active.count > 1 { line += " (+\(active.count - 1) more)" }
        return line
    }
}
