import ArgumentParser
import FremontSources

struct FeedsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Follow a feed: add its address to the end of the list."
    )

    @Argument(help: "The feed's http or https address.")
    var url: String

    @Option(help: "A title of your own, shown instead of the feed's.")
    var title: String?

    @Option(name: .customLong("tag"), help: "A tag (repeat for several).")
    var tags: [String] = []

    func validate() throws {
        guard FeedList.isWebAddress(url) else { throw ValidationError("'\(url)' is not an http or https address.") }
        for tag in tags where tag.isEmpty || tag.hasPrefix("~") {
            throw ValidationError("A tag cannot be empty or start with '~' (that marks a title; use --title).")
        }
        if let problem = FeedList.problem(with: FeedListEntry(url: url, title: title, tags: tags)) {
            throw ValidationError("Not added: \(problem).")
        }
    }

    func run() throws {
        var list = FeedListFile.load()
        var unique: [String] = []
        for tag in tags where !unique.contains(tag) { unique.append(tag) }
        guard list.add(FeedListEntry(url: url, title: title, tags: unique)) else {
            Diagnostics.fail("\(url) is already in \(FeedListFile.location.path)")
        }
        FeedListFile.save(list)
        StandardOutput.line("added \(url) (\(list.entries.count) feed\(list.entries.count == 1 ? "" : "s") in \(FeedListFile.location.path))")
    }
}
