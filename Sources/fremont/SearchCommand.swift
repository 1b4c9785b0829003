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
        case .json:
            output.write("[")
            for (index, hit) in hits.enumerated() {
                var line = index == 0 ? "\n" : ",\n"
                line += "{\"feed\":\(JSONText.string(hit.feedURL)),\"feedTitle\":\(JSONText.string(hit.feedTitle))"
                line += ",\"id\":\(JSONText.string(hit.id)),\"title\":\(JSONText.string(hit.title))"
                line += ",\"link\":\(JSONText.string(hit.link)),\"published\":\(JSONText.date(hit.published))"
                line += ",\"snippet\":\(JSONText.string(hit.snippet))}"
                output.write(line)
            }
            output.write(hits.isEmpty ? "]\n" : "\n]\n")
        case .text:
            if hits.isEmpty { Diagnostics.note("no cached item holds \(TerminalSafeText.singleLine(terms.joined(separator: " ")))") }
            for hit in hits {
                var block = TerminalSafeText.singleLine(hit.title.isEmpty ? "(untitled)" : hit.title) + "\n"
                var byline = [TerminalSafeText.singleLine(hit.feedTitle.isEmpty ? hit.feedURL : hit.feedTitle)]
                if let date = hit.published { byline.append(InternetDate.format(date)) }
                block += "  " + byline.joined(separator: " · ") + "\n"
                if !hit.link.isEmpty { block += "  " + TerminalSafeText.singleLine(hit.link) + "\n" }
                if !hit.snippet.isEmpty { block += "  " + TerminalSafeText.singleLine(hit.snippet) + "\n" }
                output.write(block + "\n")
            }
        }
        output.flush()
    }
}
