import ArgumentParser
import FremontBrowser
import FremontSources

struct FeedsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the feeds you follow as OPML 2.0, for another reader; tags go in each feed's category."
    )

    func run() throws {
        var output = StandardOutput()
        output.write(OPMLWriter.write(FeedListFile.load().entries))
        output.flush()
    }
}
