import ArgumentParser
import FremontSources

struct FeedsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Stop following a feed: remove its line from the list (its cached items stay for --offline)."
    )

    @Argument(help: "The feed's address, as listed.")
    var url: String

    func run() throws {
        var list = FeedListFile.load()
        guard list.remove(url: url) != nil else {
            Diagnostics.fail("\(url) is not in \(FeedListFile.location.path)")
        }
        FeedListFile.save(list)
        StandardOutput.line("removed \(url) (\(list.entries.count) feed\(list.entries.count == 1 ? "" : "s") left)")
    }
}
