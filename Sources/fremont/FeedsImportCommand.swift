import ArgumentParser
import Foundation
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
        Diagnostics.printWarnings(result.warnings, source: file, limit: 20)
        var list = FeedListFile.load()
        let added = list.merge(result.entries)
        if added > 0 { FeedListFile.save(list) }
        let skipped = result.entries.count - added
        StandardOutput.line("imported \(added) feed\(added == 1 ? "" : "s") from \(file)" + (skipped > 0 ? " (\(skipped) already listed)" : ""))
    }
}
