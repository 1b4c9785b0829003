import Foundation
import FremontCore

extension ViewID {
    public static let search = ViewID("search")
}

/// The Search tab: every cached feed item that holds the words typed after `/`, best first.
/// The search runs off the UI thread (a load the host performs) and arrives as results.
public struct SearchView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), read, open
    }

    public let id = ViewID.search
    public var bindingContext: String { "searchresultslist" }
    public let title = "Search"
    public private(set) var query: String?
    public private(set) var results: [SearchResult] = []
    public private(set) var searching = false
    private(set) var list = ListState(gap: 1)

    /// Results kept: enough to scroll through, few enough to draw at once.
    public static let limit = 200

    public init() {}

    public var searchPrompt: String? { "Search cached items" }
    public var sourceName: String { query.map { "'\(TextLayout.truncate($0, to: 30))'" } ?? "" }

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next result"), up: (.move(.up), "previous result"), pageDown: (.move(.pageDown), "a page down"),
                            pageUp: (.move(.pageUp), "a page up"), first: (.move(.first), "best result"), last: (.move(.last), "last result"))
            + [KeyBinding([.enter, .character("l"), .right], .read, "read the item whole (q comes back)"),
               KeyBinding(.character("o"), .open, "open the result's link in the browser")],
        footer: [
            KeyHint("/", "search", for: [.character("/")]),
            KeyHint("j/k", "move", for: [.character("j"), .character("k")]),
            KeyHint("Enter", "read", for: [.enter]), KeyHint("o", "open", for: [.character("o")]),
        ])

    // Three lines a result (title, feed and date, snippet) and a blank one.
    private struct Metrics: ListMetrics {
        let itemCount: Int
        func top(of index: Int) -> Int { index * 4 }
        func item(atLine line: Int) -> Int { min(line / 4, max(0, itemCount - 1)) }
    }

    private var resultMetrics: Metrics { Metrics(itemCount: results.count) }

    public mutating func search(_ text: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { return [] }
        query = words
        searching = true
        return [.run(ItemCommands.search(words, limit: Self.limit))]
    }

    /// The feed store, for the names the reader gave feeds.
    private var store = FeedStore()

    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
    }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .reply(let reply):
            guard reply.key == ItemCommands.searchKey, let result = reply.value(as: SearchFound.self) else { return [] }
            guard case .success(let search) = result else {
                searching = false
                return []
            }
            guard search.query == query else { return [] }
            let found = search.results
            results = found
            searching = false
            list = ListState(gap: 1)
            list.resize(height: area.height, resultMetrics)
            return found.isEmpty ? [] : [.message("\(found.count == Self.limit ? "the best \(found.count)" : "\(found.count)") \(found.count == 1 ? "item holds" : "items hold") '\(TextLayout.truncate(search.query, to: 30))'")]
        default: break
        }
        return []
    }

    public mutating func layout(in area: Rect) {
        list.resize(height: area.height, resultMetrics)
        list.keepVisible(resultMetrics)
    }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        let metrics = resultMetrics
        guard !results.isEmpty else { return [] }
        switch action {
        case .move(let motion): list.move(motion, metrics)
        case .read:
            let result = results[list.selected]
            guard !result.feed.isEmpty else { return perform(.open, in: area) }
            // The item is read by the screen that shows it.
            return [.push(ArticleView(feed: result.feed, id: result.id, title: result.title))]
        case .open:
            let link = results[list.selected].link.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !link.isEmpty else { return [.message("this item has no link")] }
            return [.host(.runProgram(.open(link: link)))]
        }
        return []
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        list.scroll(by: lines, resultMetrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        guard case .again = list.click(row: y - area.y, resultMetrics) else { return [] }
        return perform(.read, in: area)
    }

    public func loadingText(_ sources: [String]) -> String { "search" }

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard let query else {
            Placeholder.empty("Type / and some words: every feed item in the cache that holds them all, best first.")
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        guard !results.isEmpty else {
            let shown = TextLayout.truncate(query, to: 40)
            (searching ? Placeholder.loading("Searching for '\(shown)'…") : .empty("No cached item holds '\(shown)'."))
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = list
        shown.resize(height: area.height, resultMetrics)
        let width = area.width - 3, x = area.x + 2
        ListView.render(shown, resultMetrics, area: area, into: &buffer, theme: theme) { index, line, y, buffer in
            let result = results[index]
            let selected = index == shown.selected
            switch line {
            case 0:
                let style = selected ? theme.selected(theme.title) : theme.title
                if selected { buffer.fill(Rect(x: area.x, y: y, width: area.width - 1, height: 1), style: style) }
                buffer.write(TextLayout.truncate(result.title.isEmpty ? "(untitled)" : result.title, to: width), x: x, y: y, style: style, maxWidth: width)
            case 1:
                var byline = StyledLine(TextLayout.truncate(store.title(ofFeed: result.feed) ?? result.feedTitle, to: width), theme.feedName)
                if let date = result.published { byline.append(" · " + InternetDate.format(date).prefix(10), theme.dim) }
                buffer.draw(byline, x: x, y: y, maxWidth: width)
            case 2:
                let used = buffer.write(result.snippet, x: x, y: y, maxWidth: width)
                var columns = [0]
                for character in result.snippet { columns.append(columns[columns.count - 1] + DisplayWidth.of(character)) }
                for match in result.matches where match.upperBound < columns.count {
                    let span = Rect(x: x + columns[match.lowerBound], y: y, width: min(used, columns[match.upperBound]) - columns[match.lowerBound], height: 1)
                    buffer.restyle(span) { $0 = theme.searchMatch }
                }
            default: break
            }
        }
    }
}
