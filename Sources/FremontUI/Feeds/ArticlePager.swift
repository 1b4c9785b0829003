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

    init(_ entry: FeedEntry) {
        self.entry = entry
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
        field("Feed", entry.feedName)
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
}
