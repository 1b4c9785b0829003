import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

struct FeedsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the feeds of an OPML file (from another reader); folders become tags, feeds already listed are skipped."
    )

    @Argument(help: "An OPML 1.0 or 2.0 file.")
    var file: String

    func run() throws {
        let result: OPMLReader.Result
        do {
            result = try OPMLReader.read(URL(fileURLWithPath: file))
        } catch {
            Diagnostics.fail(error.description)
        }
        // An outline whose address, title or tags hold a line break or control character is
        // refused: written to the list it could add a line of its own.
        var refused: [ParseWarning] = []
        let entries = result.entries.filter { entry in
            guard let problem = FeedList.problem(with: entry) else { return true }
            refused.append(ParseWarning("outline \(TerminalSafeText.singleLine(RedactedURL.text(entry.url))) refused: \(problem)"))
            return false
        }
        Diagnostics.printWarnings(result.warnings + refused, source: file, limit: 20)
        let added = FeedListFile.change { list in
            let added = list.merge(entries)
            return (added > 0, added)
        }
        let skipped = entries.count - added
        StandardOutput.line("imported \(added) feed\(added == 1 ? "" : "s") from \(file)" + (skipped > 0 ? " (\(skipped) already listed)" : ""))
    }
}
