import ArgumentParser
import FremontBrowser
import FremontCore
import FremontSources

struct FeedsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the feeds you follow as OPML 2.0, for another reader: each named by its title (yours, else its own from the cache), with its site as htmlUrl and its tags in its category."
    )

    func run() throws {
        let entries = FeedListFile.load().entries
        // Titles and sites from the cache, which knows a feed by its address without a password.
        let statuses = (try? WebSources.cache.feedStatuses()) ?? [:]
        var details: [String: OPMLWriter.FeedDetails] = [:]
        for entry in entries {
            guard let status = statuses[RedactedURL.text(entry.url)] else { continue }
            details[entry.url] = OPMLWriter.FeedDetails(title: status.title, siteURL: status.link)
        }
        var output = StandardOutput()
        output.write(OPMLWriter.write(entries, details: details))
        output.flush()
    }
}
