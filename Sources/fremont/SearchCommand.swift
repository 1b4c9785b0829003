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

    @Option(help: "How many items at most: a number, or all (the default for json; text lists 50 and says how many it left out).")
    var limit: ResultLimit?

    func validate() throws {
        guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { throw ValidationError("Give at least one word to search for.") }
        if let problem = limit?.problem { throw ValidationError(problem) }
    }

    func run() throws {
        // Its ignore rules hide items from what is listed: what is wrong in it is said first.
        _ = ConfigFile.load()
        let words = terms.joined(separator: " ")
        let hits: [SearchHit]
        let matched: Int
        do {
            matched = try WebSources.cache.searchCount(words)
            let wanted = ResultLimit.resolved(limit, json: format == .json).listed(of: matched)
            hits = wanted == 0 ? [] : try WebSources.cache.search(words, limit: wanted)
        } catch {
            Diagnostics.fail("cannot search the cache: \(error)")
        }
        var output = StandardOutput()
        switch format {
        case .json: SearchHitExport.json(hits, matched: matched) { output.write($0) }
        case .text:
            if hits.isEmpty { Diagnostics.note("no cached item holds \(TerminalSafeText.singleLine(words))") }
            SearchHitExport.text(hits) { output.write($0) }
        }
        output.flush()
        if format == .text, hits.count < matched {
            Diagnostics.note("\(hits.count) of \(NumberText.grouped(matched)) items found listed; --limit all lists every one")
        }
    }
}
