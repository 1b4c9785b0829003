import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont import …`: what another reader knew, brought over.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring over another feed reader's feeds, settings and read state.",
        subcommands: [ImportNewsboatCommand.self]
    )
}

/// `fremont import newsboat [--from DIR]`.
struct ImportNewsboatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsboat",
        abstract: "Import newsboat's urls, shared config keys, and read, starred and deleted items from its cache.db.",
        discussion: """
            Feeds already listed and settings already set are kept; running it again changes nothing more. \
            newsboat's cache is opened read only, and not while newsboat runs.
            """
    )

    @Option(name: .customLong("from"), help: "The folder holding newsboat's urls, config and cache.db (default: ~/.newsboat, else newsboat's XDG folders).")
    var folder: String?

    @Option(name: .customLong("star-flag"), help: "The flag letter that means starred, when newsboat's config sets no *-flag-star.")
    var starFlag: String?

    func validate() throws {
        if let starFlag, starFlag.count != 1 || !starFlag.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ValidationError("--star-flag takes one letter (A-Z, a-z), not '\(TerminalSafeText.singleLine(starFlag))'")
        }
    }

    func run() throws {
        let files = NewsboatFiles.locate(from: folder.map { URL(fileURLWithPath: $0) })
        let importer = NewsboatImport(files: files, starFlag: starFlag?.first)
        let report: NewsboatImportReport
        do {
            let cache = CacheDatabase.open(upgrading: {
                Diagnostics.note("bringing the cache up to date for this version, once (about a minute for a million items)…")
            })
            // Marks put in a cache of this run alone would be lost: say so rather than pretend.
            if cache.path == nil || cache.isReadOnly {
                Diagnostics.fail("import newsboat: fremont's cache cannot be written (\(cache.notice ?? "read only")); nothing imported")
            }
            report = try importer.run(cache: cache)
        } catch let error as LoadError {
            Diagnostics.fail(error.description)
        } catch {
            Diagnostics.fail("import newsboat: \(error)")
        }
        var output = StandardOutput()
        for line in report.lines { output.write(line + "\n") }
        output.flush()
    }
}
