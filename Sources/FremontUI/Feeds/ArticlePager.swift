import Foundation
import FremontCore

/// One item read whole, as newsboat's pager shows it: a header (feed, title, author, date with
/// time, link), the text wrapped to the width with preformatted lines' indentation kept, then
/// the numbered links and enclosures. Lines are made once per width; scrolling moves a window
/// over them.
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
                lines.append(Line(label: index == 0 ? label : String(repeating: " ", count: label.count), text: part, kind: kind))
            }
        }
        field("Feed", feedName)
        field("Title", entry.title, .title)
        field("Author", entry.author)
        if let date = entry.date { field("Date", FeedDateText.full(date, timeZone: timeZone)) }
        field("Link", TerminalSafeText.singleLine(entry.link), .link)
        if entry.isStarred { lines.append(Line(text: "★ starred", kind: .warning)) }
        lines.append(Line())
        let text = entry.text.utf8.count > Self.textLimit ? String(entry.text.prefix(Self.textLimit)) : entry.text
        for line in TextLayout.wrap(text.isEmpty ? "(this item has no text: o opens its link)" : text, width: width) {
            lines.append(Line(text: line))
        }
        if text.utf8.count < entry.text.utf8.count {
            lines.append(Line())
            lines.append(Line(text: "… \(ByteCountText.describe(entry.text.utf8.count - text.utf8.count)) more not shown (o opens the link)", kind: .dim))
        }
        linksLine = nil
        if !entry.links.isEmpty || !entry.enclosures.isEmpty {
            lines.append(Line())
            linksLine = lines.count
            lines.append(Line(text: "Links:", kind: .title))
            for (index, link) in entry.links.enumerated() {
                for part in FeedEntryLines.breakAnywhere("[\(index + 1)] " + link, width: width) { lines.append(Line(text: part, kind: .link)) }
            }
            for (index, enclosure) in entry.enclosures.enumerated() {
                let text = "[\(entry.links.count + index + 1)] " + FeedExport.describe(enclosure) + " (enclosure)"
                for part in FeedEntryLines.breakAnywhere(text, width: width) { lines.append(Line(text: part, kind: .link)) }
            }
        }
        self.lines = lines
    }

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
    var numberedCount: Int { entry.links.count + entry.enclosures.count }

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
        var effects: [ViewEffect] = [.host(play ? .play(link) : .openLink(link))]
        if entry.tracksReadState, unread { effects.append(.feeds(.markRead([entry], read: true))) }
        return effects
    }

    /// newsboat's `e`: the first enclosure queued for download (the Downloads tab shows it).
    func enqueueing() -> [ViewEffect] {
        guard let enclosure = entry.enclosures.first else { return [.message("this item has no enclosure to download")] }
        if let refusal = ItemListView.refusal(enclosure.url) { return [.message(refusal)] }
        return [.host(.downloads(.enqueue(url: enclosure.url, feedTitle: feedName, itemTitle: entry.title, published: entry.date)))]
    }

    func playing(unread: Bool) -> [ViewEffect] {
        guard let enclosure = entry.enclosures.first else { return [.message("this item has no enclosure")] }
        return opening(enclosure.url, play: true, unread: unread)
    }

    /// The link or enclosure numbered in `text` (typed at the prompt a digit opened).
    func answer(_ text: String, unread: Bool) -> [ViewEffect] {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1, number <= numberedCount else {
            return [.message("no link \(TextLayout.truncate(TerminalSafeText.singleLine(text), to: 20)) in this item")]
        }
        if number <= entry.links.count { return opening(entry.links[number - 1], play: false, unread: unread) }
        return opening(entry.enclosures[number - entry.links.count - 1].url, play: true, unread: unread)
    }

    func linkPrompt(_ digit: Int) -> [ViewEffect] {
        guard numberedCount > 0 else { return [.message("this item has no numbered links")] }
        return [.prompt(label: "Open link or enclosure (1–\(numberedCount))", text: String(digit))]
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
            KeyBinding([.pageUp, .control("b"), .character("-")], action(.pageUp), "a page up"),
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
    case enqueue, openNumber(Int), close
}
