import Foundation
import FremontCore

/// One item read whole, as newsboat's pager shows it: a header (feed, title, author, date with
/// time, link), the text wrapped to the width with preformatted lines' indentation kept, then
/// the numbered links and enclosures. Lines are made once per width; scrolling moves a window
/// over them. With the item's full article fetched (`x`), the article's blocks stand in place of
/// the feed's text, and its links are the numbered ones.
struct ArticlePager: Sendable {
    let entry: FeedEntry
    private(set) var width = 0
    /// A line as laid out: a dim label (a header's name) and its text, styled when drawn.
    struct Line: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case plain, title, link, dim, warning }
        var label = ""
        var text = ""
        var kind = Kind.plain
    }

    private(set) var lines: [Line] = []
    /// The first line of the numbered links, for `u`.
    private(set) var linksLine: Int?
    /// The first line shown, and how many fit.
    private(set) var offset = 0
    private(set) var height = 0

    /// The feed's name as the reader gave it (`~Title`), else its own.
    let feedName: String
    /// The prompt open is `s`'s, for the file to save the item to.
    private(set) var awaitingSavePath = false
    /// The item's page read for its article, once fetched; shown in place of the feed's text
    /// while `showsFullArticle`.
    private(set) var fullArticle: FullArticle?
    private(set) var showsFullArticle = false
    /// The full article asked for and not arrived yet.
    var isFetchingArticle = false
    private var timeZone = TimeZone.current

    init(_ entry: FeedEntry, feedName: String? = nil) {
        self.entry = entry
        self.feedName = feedName ?? entry.feedName
    }

    /// The columns text is wrapped to in a window `windowWidth` wide: the window's (less the
    /// margins and the scroll arrows), or `text-width` when that is narrower.
    static func width(for windowWidth: Int, textWidth: Int) -> Int {
        let fits = windowWidth - 3
        return textWidth > 0 ? min(fits, textWidth) : fits
    }

    /// The header and text are cut at this many characters: wrapping megabytes on the UI thread
    /// would freeze the screen.
    static let textLimit = 256 * 1024

    mutating func layout(width newWidth: Int, height newHeight: Int, timeZone: TimeZone) {
        self.timeZone = timeZone
        height = max(1, newHeight)
        let width = max(10, newWidth)
        guard width != self.width else { return clamp() }
        // Keep the reader's place: the same share of the article stays at the top.
        let share = lines.isEmpty ? 0 : Double(offset) / Double(lines.count)
        self.width = width
        build(timeZone: timeZone)
        offset = Int((share * Double(lines.count)).rounded(.down))
        clamp()
    }

    private mutating func build(timeZone: TimeZone) {
        var lines: [Line] = []
        func field(_ name: String, _ value: String, _ kind: Line.Kind = .plain) {
            guard !value.isEmpty else { return }
            let label = name + ": "
            let wrapped = name == "Link" ? FeedEntryLines.breakAnywhere(value, width: width - label.count)
                : TextLayout.wrap(value, width: width - label.count)
            for (index, part) in wrapped.enumerated() {
                lines.append(Line(label: index == 0 ? label : String.spaces(label.count), text: part, kind: kind))
            }
        }
        field("Feed", feedName)
        field("Title", entry.title, .title)
        field("Author", entry.author)
        if let date = entry.date { field("Date", FeedDateText.full(date, timeZone: timeZone)) }
        field("Link", TerminalSafeText.singleLine(entry.link), .link)
        if entry.isStarred { lines.append(Line(text: "★ starred", kind: .warning)) }
        if showsFullArticle, let article = fullArticle {
            field("Byline", article.byline)
            field("Site", article.siteName)
            field("Published", article.published)
            let read = "Full article: \(article.wordCount) words, read \(FeedDateText.full(article.fetchedAt, timeZone: timeZone)) (x: the feed's text)"
            for part in TextLayout.wrap(read, width: width) { lines.append(Line(text: part, kind: .dim)) }
            lines.append(Line())
            lines += Self.blockLines(article.blocks, width: width)
        } else {
            lines.append(Line())
            let text = entry.text.utf8.count > Self.textLimit ? String(entry.text.prefix(Self.textLimit)) : entry.text
            for line in TextLayout.wrap(text.isEmpty ? "(this item has no text: o opens its link, x reads its full article)" : text, width: width) {
                lines.append(Line(text: line))
            }
            if text.utf8.count < entry.text.utf8.count {
                lines.append(Line())
                lines.append(Line(text: "… \(ByteCountText.describe(entry.text.utf8.count - text.utf8.count)) more not shown (o opens the link)", kind: .dim))
            }
        }
        linksLine = nil
        let links = shownLinks
        if !links.isEmpty || !entry.enclosures.isEmpty {
            lines.append(Line())
            linksLine = lines.count
            lines.append(Line(text: "Links:", kind: .title))
            for (index, link) in links.enumerated() {
                for part in FeedEntryLines.breakAnywhere("[\(index + 1)] " + link, width: width) { lines.append(Line(text: part, kind: .link)) }
            }
            for (index, enclosure) in entry.enclosures.enumerated() {
                let text = "[\(links.count + index + 1)] " + FeedExport.describe(enclosure) + " (enclosure)"
                for part in FeedEntryLines.breakAnywhere(text, width: width) { lines.append(Line(text: part, kind: .link)) }
            }
        }
        self.lines = lines
    }

    /// An article's blocks as lines: headings styled as titles, a blank line between blocks,
    /// list items hung under their marker and indented by their nesting, block quotes behind a
    /// `│ ` bar each, preformatted lines kept as they are (broken only where wider than the text).
    /// Bounded as the feed's text is: past `textLimit` characters the rest is said, not shown.
    static func blockLines(_ blocks: [ArticleBlock], width: Int) -> [Line] {
        var lines: [Line] = []
        var characters = 0
        var previousDepth = 0
        for (index, block) in blocks.enumerated() {
            characters += block.text.utf8.count
            if characters > textLimit {
                lines.append(Line(text: "… \(blocks.count - index) more blocks not shown (o opens the link)", kind: .dim))
                break
            }
            // The blank line between two blocks is inside the quotes both are in.
            if !lines.isEmpty { lines.append(Line(label: quoteBar(min(previousDepth, block.quoteDepth)), text: "")) }
            previousDepth = block.quoteDepth
            let bar = quoteBar(block.quoteDepth)
            let indent = block.kind == .item ? String(repeating: "  ", count: max(0, block.level - 1)) : ""
            let hang = block.kind == .item ? String(repeating: " ", count: max(2, block.marker.count)) : ""
            let room = max(4, width - bar.count - indent.count - hang.count)
            let kind: Line.Kind = block.kind == .heading ? .title : .plain
            let parts: [String]
            if block.kind == .preformatted {
                parts = block.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                    $0.isEmpty ? [""] : FeedEntryLines.breakAnywhere(String($0), width: room)
                }
            } else {
                parts = TextLayout.wrap(block.text, width: room)
            }
            for (number, part) in parts.enumerated() {
                let lead = number == 0 && !block.marker.isEmpty ? block.marker.padding(toLength: hang.count, withPad: " ", startingAt: 0) : hang
                lines.append(Line(label: bar, text: indent + lead + part, kind: kind))
            }
        }
        return lines
    }

    /// The bar before a line inside `depth` block quotes.
    static func quoteBar(_ depth: Int) -> String { String(repeating: "│ ", count: depth) }

    /// Shows the full article in place of the feed's text (nil: the feed's text again), from
    /// the top.
    mutating func showFullArticle(_ article: FullArticle?) {
        if let article { fullArticle = article }
        showsFullArticle = article != nil
        isFetchingArticle = false
        offset = 0
        if width > 0 { build(timeZone: timeZone) }
        clamp()
    }

    /// The numbered links: the full article's while it is shown, else the feed's.
    var shownLinks: [String] { showsFullArticle ? fullArticle?.links ?? [] : entry.links }

    var maximumOffset: Int { max(0, lines.count - height) }
    var isAtEnd: Bool { offset >= maximumOffset }

    mutating func scroll(by count: Int) {
        offset += count
        clamp()
    }

    /// A page, keeping one line of the last for context.
    mutating func page(by direction: Int) {
        scroll(by: direction * max(1, height - 1))
    }

    mutating func top() { offset = 0 }
    mutating func end() { offset = maximumOffset }

    /// Brings the numbered links to the top; false when the item has none.
    mutating func showLinks() -> Bool {
        guard let linksLine else { return false }
        offset = linksLine
        clamp()
        return true
    }

    private mutating func clamp() {
        offset = min(max(0, offset), maximumOffset)
    }

    /// The links and enclosures by their numbers: what `[n]` opens.
    var numberedCount: Int { shownLinks.count + entry.enclosures.count }

    func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        for row in 0..<area.height {
            let index = offset + row
            guard index < lines.count else { break }
            let line = lines[index]
            var styled = StyledLine(line.label, theme.dim)
            let style: Style = switch line.kind {
            case .plain: .plain
            case .title: theme.title
            case .link: theme.link
            case .dim: theme.dim
            case .warning: theme.warning
            }
            styled.append(line.text, style)
            buffer.draw(styled, x: area.x + 1, y: area.y + row, maxWidth: area.width - 2)
        }
        ScrollIndicator.render(offset: offset, visible: area.height, total: lines.count, area: area, into: &buffer, theme: theme)
    }

    // MARK: - What the reader's keys ask (the same in every screen that shows an item)

    /// Opens `link` (an enclosure in the player) when it is safe to, reading the item.
    func opening(_ link: String, play: Bool, unread: Bool) -> [ViewEffect] {
        if let refusal = ItemListView.refusal(link) { return [.message(refusal)] }
        var effects: [ViewEffect] = [.host(.runProgram(play ? .play(link: link) : .open(link: link)))]
        if entry.tracksReadState, unread { effects.append(.feeds(.markRead([entry], read: true))) }
        return effects
    }

    /// newsboat's `e`: the first enclosure queued for download (the Downloads tab shows it).
    func enqueueing() -> [ViewEffect] {
        guard let enclosure = entry.enclosures.first else { return [.message("this item has no enclosure to download")] }
        if let refusal = ItemListView.refusal(enclosure.url) { return [.message(refusal)] }
        return [.run(DownloadCommands.change(.enqueue(url: enclosure.url, feedTitle: feedName, itemTitle: entry.title, published: entry.date)))]
    }

    func playing(unread: Bool) -> [ViewEffect] {
        guard let enclosure = entry.enclosures.first else { return [.message("this item has no enclosure")] }
        return opening(enclosure.url, play: true, unread: unread)
    }

    /// The link or enclosure numbered in `text` (typed at the prompt a digit opened).
    mutating func answer(_ text: String, unread: Bool) -> [ViewEffect] {
        if awaitingSavePath {
            awaitingSavePath = false
            let path = text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else { return [.message("not saved: no file named")] }
            return [.run(ReaderOutputRequest.saveArticle(path: path, text: savedText).command)]
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1, number <= numberedCount else {
            return [.message("no link \(TextLayout.truncate(TerminalSafeText.singleLine(text), to: 20)) in this item")]
        }
        let links = shownLinks
        if number <= links.count { return opening(links[number - 1], play: false, unread: unread) }
        return opening(entry.enclosures[number - links.count - 1].url, play: true, unread: unread)
    }

    mutating func linkPrompt(_ digit: Int) -> [ViewEffect] {
        awaitingSavePath = false
        guard numberedCount > 0 else { return [.message("this item has no numbered links")] }
        return [.prompt(label: "Open link or enclosure (1–\(numberedCount))", text: String(digit))]
    }

    /// `s` (newsboat's save): asks where, the item's title as a file in the working folder first.
    mutating func savePrompt() -> [ViewEffect] {
        awaitingSavePath = true
        return [.prompt(label: "Save the item to", text: Self.fileName(entry.title))]
    }

    /// A file name from a title: its letters, digits and a few marks, the rest `_`, and `.txt`.
    static func fileName(_ title: String) -> String {
        var name = ""
        for character in title.prefix(60) {
            name.append(character.isLetter || character.isNumber || "-_.,".contains(character) ? character : "_")
        }
        while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
        while name.contains("__") { name = name.replacingOccurrences(of: "__", with: "_") }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return (name.isEmpty ? "item" : name) + ".txt"
    }

    /// The item as a text file holds it: the header, the whole text unwrapped, the links.
    var savedText: String {
        var text = ""
        func field(_ name: String, _ value: String) {
            if !value.isEmpty { text += "\(name): \(TerminalSafeText.singleLine(value))\n" }
        }
        field("Feed", feedName)
        field("Title", entry.title)
        field("Author", entry.author)
        if let date = entry.date { field("Date", InternetDate.format(date)) }
        field("Link", entry.link)
        text += "\n" + entry.text + (entry.text.hasSuffix("\n") ? "" : "\n")
        let numbered = entry.links + entry.enclosures.map(\.url)
        if !numbered.isEmpty {
            text += "\nLinks:\n" + numbered.enumerated().map { "[\($0.offset + 1)] \(TerminalSafeText.singleLine($0.element))\n" }.joined()
        }
        return text
    }

    /// newsboat's `bookmark-cmd` is given the item's link, title, text and feed.
    var bookmark: Bookmark {
        Bookmark(url: entry.link, title: TerminalSafeText.singleLine(entry.title), description: String(entry.text.prefix(4_000)), feedTitle: feedName)
    }

    func bookmarking() -> [ViewEffect] {
        guard !entry.link.isEmpty else { return [.message("this item has no link to bookmark")] }
        return [.run(ReaderOutputRequest.bookmark(bookmark).command), .message("bookmarking '\(TextLayout.truncate(TerminalSafeText.singleLine(entry.title), to: 40))'…")]
    }

    /// `x`: the full article in place of the feed's text, or the feed's text again; read from
    /// the cache or fetched (a load of `view`) when not at hand. `again` (`X`) fetches it anew.
    mutating func fullArticleKey(feed: String, again: Bool, view: ViewID) -> [ViewEffect] {
        if !again {
            if showsFullArticle {
                showFullArticle(nil)
                return [.message("the feed's text (x: the full article)")]
            }
            if let fullArticle {
                showFullArticle(fullArticle)
                return [.message("the full article (x: the feed's text)")]
            }
        }
        if isFetchingArticle { return [.message("the full article is on its way (Esc cancels)")] }
        guard !entry.link.isEmpty else { return [.message("this item has no link to read its full article from")] }
        if let refusal = ItemListView.refusal(entry.link) { return [.message(refusal.replacingOccurrences(of: "not opened", with: "no full article"))] }
        isFetchingArticle = true
        let request = FullArticleRequest(feed: feed, id: entry.key.id, link: entry.link, again: again)
        return [.run(ItemCommands.fullArticle(request)), .message(again ? "fetching the full article again…" : "reading the full article…")]
    }

    /// The full article asked for arrived: shown, or, for a page that holds none, the reason.
    mutating func received(_ article: FullArticle) -> [ViewEffect] {
        isFetchingArticle = false
        if let reason = article.notArticle {
            return [.message("no full article: \(TerminalSafeText.singleLine(reason)); the feed's text stays")]
        }
        showFullArticle(article)
        return [.message("full article: \(article.wordCount) words (x: the feed's text, X: fetch it again)")]
    }

    /// The full article's load failed: the feed's text stays, and the reason is said.
    mutating func articleFailed(_ error: LoadError) -> [ViewEffect] {
        isFetchingArticle = false
        if error.kind == .cancelled { return [.message("full article cancelled")] }
        return [.message("no full article: \(TerminalSafeText.singleLine(error.message)); the feed's text stays")]
    }

    func toggledRead(unread: Bool) -> [ViewEffect] {
        guard entry.tracksReadState else { return [.message("this item keeps no read state")] }
        return [.feeds(.markRead([entry], read: unread)), .message(unread ? "marked read" : "marked unread")]
    }

    func toggledStar(starred: Bool) -> [ViewEffect] {
        [.feeds(.star(entry, !starred)), .message(!starred ? "starred: listed under Starred items" : "star taken away")]
    }

    /// The keys of an item being read; `n`/`p` only where there is a list to go on in.
    static func keys<Action>(_ action: (ReadingKey) -> Action, goingOn: Bool) -> [KeyBinding<Action>] {
        var bindings = [
            KeyBinding([.character("j"), .down], action(.lineDown), "a line down"),
            KeyBinding([.character("k"), .up], action(.lineUp), "a line up"),
            KeyBinding([.character(" "), .pageDown, .control("f")], action(.pageDown), goingOn ? "a page down; at the end, the next unread" : "a page down"),
            KeyBinding([.pageUp, .character("-")], action(.pageUp), "a page up"),
            KeyBinding([.character("g"), .home], action(.top), "the top"),
            KeyBinding([.character("G"), .end], action(.end), "the end"),
        ]
        if goingOn {
            bindings += [
                KeyBinding(.character("n"), action(.nextUnread), "next unread item, on into the next feed"),
                KeyBinding(.character("p"), action(.previousUnread), "previous unread item"),
            ]
        }
        return bindings + [
            KeyBinding(.character("N"), action(.toggleRead), "mark the item read or unread"),
            KeyBinding(.character("*"), action(.toggleStar), "star or unstar (kept under Starred items)"),
            KeyBinding(.character("o"), action(.openLink), "open the item's link in the browser"),
            KeyBinding(.character("u"), action(.showLinks), "go to the numbered links"),
            KeyBinding(.character("P"), action(.play), "play the item's enclosure (config: player)"),
            KeyBinding(.character("s"), action(.save), "save the item's text to a new file (asks where)"),
            KeyBinding(.control("b"), action(.bookmark), "bookmark the item (config: bookmark-cmd)"),
            KeyBinding(.character("x"), action(.fullArticle), "the full article, or the text again"),
            KeyBinding(.character("X"), action(.fullArticleAgain), "fetch the full article again"),
            KeyBinding(.character("e"), action(.enqueue), "download the item's enclosure (tab 6)"),
            KeyBinding((1...9).map { Key.character(Character(String($0))) }, action(.openNumber(0)), "open link N (digits, then Enter)", label: "1-9"),
            KeyBinding([.character("q"), .character("h"), .left], action(.close), "back to the list, on this item"),
        ]
    }

    static let footer = [KeyHint("Space", "page", for: [.character(" ")]), KeyHint("1-9", "link", for: [.character("1")])]
}

/// What a key asks of an item being read.
public enum ReadingKey: Sendable, Hashable {
    case lineDown, lineUp, pageDown, pageUp, top, end, nextUnread, previousUnread, toggleRead, toggleStar, openLink, showLinks, play
    case enqueue, openNumber(Int), close, save, bookmark
    /// `x` and `X`: the full article (fetched anew with `X`), or the feed's text again.
    case fullArticle, fullArticleAgain
}
