import ArgumentParser
import Foundation
import FremontBrowser
import FremontCore
import FremontSources

/// `fremont search TERMS…`: every cached feed item holding all the words, best first.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the text of every cached feed item: all the words, best matches first.",
        discussion: "Items are cached when fetched (by the browser, 'fremont feed URL' or 'fremont feeds reload'). The last word matches as a prefix."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The words to find.")
    var terms: [String]

    @Option(help: "text (for a person) or json.")
    var format: Format = .text

    @Option(help: "How many items at most.")
    var limit = 50

    func validate() throws {
        guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { throw ValidationError("Give at least one word to search for.") }
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000.") }
    }

    func run() throws {
        let hits: [SearchHit]
        do {
            hits = try WebSources.cache.search(terms.joined(separator: " "), limit: limit)
        } catch {
            Diagnostics.fail("cannot search the cache: \(error)")
        }
        var output = StandardOutput()
        switch format {
        case .json: SearchHitExport.json(hits) { output.write($0) }
        case .text:
            if hits.isEmpty { Diagnostics.note("no cached item holds \(TerminalSafeText.singleLine(terms.joined(separator: " ")))") }
            SearchHitExport.text(hits) { output.write($0) }
        }
        output.flush()
    }
}
