import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The Search tab: `/` asks the host to search, results arrive as a message and draw with their
/// matches marked; Enter reads a result whole, `o` opens its link.
@Suite struct SearchViewTests {
    private func marked(_ text: String) -> String {
        text.replacingOccurrences(of: "[", with: String(SearchResult.open)).replacingOccurrences(of: "]", with: String(SearchResult.close))
    }

    private func browser() -> BrowserState {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .search)
        _ = state.update(.key(.character("5")))
        return state
    }

    @Test func slashAsksTheHostAndResultsArriveAsAMessage() throws {
        var state = browser()
        #expect(screen(state).line(2).contains("Type / and some words"))
        _ = state.update(.key(.character("/")))
        #expect(screen(state).line(22).hasPrefix(" Search cached items:"))
        type(&state, "glow  cloud")
        let effects = state.update(.key(.enter))
        #expect(commands(effects) == [ItemCommands.search("glow cloud", limit: SearchView.limit)])
        #expect(screen(state).line(2).contains("Searching for 'glow cloud'…"))

        let results = [
            SearchResult(title: "221 - The Glow Cloud, Explained", feedTitle: "Welcome to Night Vale", link: "https://e.example/221",
                         published: InternetDate.parse("2023-02-01T05:00:00Z"), markedSnippet: marked("The [Glow] [Cloud] is back…"),
                         feed: "https://e.example/feed", id: "221"),
            SearchResult(title: "Weather", feedTitle: "Night Vale", link: "", published: nil,
                         markedSnippet: marked("a [glow] over the [cloud]\u{202E}\u{1B}x")),
        ]
        state.searchFound("glow cloud", results)
        let lines = screen(state).lines
        #expect(state.active.sourceName.hasSuffix("'glow cloud'"))  // the header's right side from 87 columns
        #expect(lines[1] == "  221 - The Glow Cloud, Explained")
        #expect(lines[2] == "  Welcome to Night Vale · 2023-02-01")
        #expect(lines[3] == "  The Glow Cloud is back…")
        #expect(lines[5] == "  Weather")
        #expect(lines[7] == "  a glow over the cloudx")
        #expect(screen(state).style(of: "Glow", row: 3) == state.theme.searchMatch)
        #expect(screen(state).style(of: "is back", row: 3) == .plain)
        #expect(state.status.message == "2 items hold 'glow cloud'")

        // Enter reads the item whole, from the cache; q comes back.
        #expect(commands(state.update(.key(.enter))) == [ItemCommands.item(feed: "https://e.example/feed", id: "221", source: "https://e.example/feed")])
        #expect(state.active is ArticleView && screen(state).text.contains("Reading the item…"))
        _ = state.update(.key(.character("q")))
        #expect(state.active is SearchView)
        #expect(state.update(.key(.character("o"))) == [.runProgram(.open(link: "https://e.example/221"))])
        _ = state.update(.key(.character("j")))
        #expect(state.update(.key(.character("o"))) == [])
        #expect(state.status.message == "this item has no link")
    }

    @Test func resultsOfAnOlderQueryAreDroppedAndNothingFoundSaysSo() {
        var state = browser()
        _ = state.update(.key(.character("/")))
        type(&state, "mars")
        _ = state.update(.key(.enter))
        let stale = [SearchResult(title: "Old", feedTitle: "F", link: "", published: nil, markedSnippet: "x")]
        state.searchFound("venus", stale)
        #expect(screen(state).line(2).contains("Searching for 'mars'…"))
        state.searchFound("mars", [])
        #expect(screen(state).line(2).contains("No cached item holds 'mars'."))
    }
}
