import ArgumentParser
import FremontBrowser
import FremontCore
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
        guard FeedList.isWebAddress(url) else { throw ValidationError("'\(RedactedURL.text(url))' is not an http or https address.") }
        for tag in tags where tag.isEmpty || tag.hasPrefix("~") {
            throw ValidationError("A tag cannot be empty or start with '~' (that marks a title; use --title).")
        }
        if let problem = FeedList.problem(with: FeedListEntry(url: url, title: title, tags: tags)) {
            throw ValidationError("Not added: \(problem).")
        }
    }

    func run() throws {
        var unique: [String] = []
        for tag in tags where !unique.contains(tag) { unique.append(tag) }
        let count: Int? = FeedListFile.change { list in
            guard list.add(FeedListEntry(url: url, title: title, tags: unique)) else { return (false, nil) }
            return (true, list.entries.count)
        }
        // The list keeps the address as given; what is said of it never shows a password or token.
        let shown = RedactedURL.text(url)
        guard let count else { Diagnostics.fail("\(shown) is already in \(FeedListFile.location.path)") }
        StandardOutput.line("added \(shown) (\(count) feed\(count == 1 ? "" : "s") in \(FeedListFile.location.path))")
    }
}
