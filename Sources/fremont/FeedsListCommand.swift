import ArgumentParser
import FremontCore
import FremontSources

struct FeedsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the feeds you follow: address, title, (tags)."
    )

    func run() throws {
        let list = FeedListFile.load()
        guard !list.entries.isEmpty else {
            Diagnostics.note("no feeds in \(FeedListFile.location.path) yet; add one with 'fremont feeds add URL'")
            return
        }
        var output = StandardOutput()
        for entry in list.entries {
            // Titles and tags may come from an imported file: made safe for the terminal.
            var line = TerminalSafeText.singleLine(entry.url)
            if let title = entry.title { line += "  " + TerminalSafeText.singleLine(title) }
            if !entry.tags.isEmpty { line += "  (" + entry.tags.map(TerminalSafeText.singleLine).joined(separator: ", ") + ")" }
            output.write(line + "\n")
        }
        output.flush()
    }
}
