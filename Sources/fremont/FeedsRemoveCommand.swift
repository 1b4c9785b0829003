import ArgumentParser
import FremontBrowser
import FremontCore
import FremontSources

struct FeedsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop following a feed: remove its line from the list (its cached items stay for --offline)."
    )

    @Argument(help: "The feed's address, as listed.")
    var url: String

    func run() throws {
        let left: Int? = FeedListFile.change { list in
            guard list.remove(url: url) != nil else { return (false, nil) }
            return (true, list.entries.count)
        }
        let shown = RedactedURL.text(url)
        guard let left else { Diagnostics.fail("\(shown) is not in \(FeedListFile.location.path)") }
        StandardOutput.line("removed \(shown) (\(left) feed\(left == 1 ? "" : "s") left)")
    }
}
