import FremontCore

/// One entry wrapped for one width. The collapsed form (title, the first lines of text) is made
/// for every item when the width changes or its feed loads, from only as much text as those
/// lines need; the whole text is wrapped when the item is first expanded at this width. So a
/// load or a resize costs the same for a short summary and a 25,000-character article, and no
/// key re-wraps anything.
struct FeedEntryLines: Sendable {
    /// How many lines of text a collapsed item shows.
    static let previewCount = 4

    let width: Int
    /// The whole title (an expanded item shows it all; a collapsed one its first line, cut).
    let title: [String]
    /// The first lines of text with the blank ones between paragraphs left out.
    let preview: [String]
    /// The collapsed item leaves text out (its last line says so with `…`).
    let textIsCut: Bool
    /// The expanded item's text (blank lines between paragraphs kept), then under it `[n] url`
    /// for each numbered link and the item's own link; nil until it is first expanded.
    private(set) var expanded: (text: [String], links: [String])?

    init(_ entry: FeedEntry, width: Int) {
        self.width = width
        title = TextLayout.wrap(entry.title, width: width)
        (preview, textIsCut) = Self.preview(entry.text, width: width)
    }

    /// A stand-in for an entry not wrapped yet (width 0): as tall as a collapsed item with text
    /// usually is, until the wrap done off the UI thread says.
    init(unwrapped entry: FeedEntry) {
        width = 0
        title = [entry.title]
        preview = entry.text.isEmpty ? [] : Array(repeating: "", count: Self.previewCount)
        textIsCut = false
    }

    var isComplete: Bool { expanded != nil }

    /// Wrapped for `width`, and whole when the item is expanded: ready to draw.
    func isReady(width: Int, expanded isExpanded: Bool) -> Bool {
        self.width == width && (!isExpanded || expanded != nil)
    }

    /// The most text an expanded item shows: a long article is a few thousand characters, and
    /// wrapping a megabyte on the UI thread would freeze the screen for seconds.
    static let expandedTextLimit = 64 * 1024

    /// Wraps the text (up to `expandedTextLimit` characters) and the links, once per width.
    mutating func complete(_ entry: FeedEntry) {
        guard expanded == nil else { return }
        var text: [String] = []
        let shown = entry.text.utf8.count > Self.expandedTextLimit ? String(entry.text.prefix(Self.expandedTextLimit)) : entry.text
        if !shown.isEmpty { text = TextLayout.wrap(shown, width: width) }
        let hidden = entry.text.utf8.count - shown.utf8.count
        if hidden > 0 {
            text += [""] + TextLayout.wrap("… \(ByteCountText.describe(hidden)) more not shown here (o opens the item's link)", width: width)
        }
        var links: [String] = []
        for (index, link) in entry.links.enumerated() {
            links += Self.breakAnywhere("[\(index + 1)] " + link, width: width)
        }
        for (index, enclosure) in entry.enclosures.enumerated() {
            links += Self.breakAnywhere("[\(entry.links.count + index + 1)] " + FeedExport.describe(enclosure), width: width)
        }
        if !entry.link.isEmpty { links += Self.breakAnywhere("Link: " + TerminalSafeText.singleLine(entry.link), width: width) }
        expanded = (text, links)
    }

    var text: [String] { expanded?.text ?? preview }
    var links: [String] { expanded?.links ?? [] }

    /// Rows an item takes: title, the feed-and-date line, text, links, and a blank line after.
    /// An expanded item must be `complete` first.
    func height(expanded isExpanded: Bool) -> Int {
        guard isExpanded, let expanded else { return 1 + 1 + preview.count + 1 }
        return title.count + 1 + expanded.text.count + (expanded.links.isEmpty ? 0 : 1 + expanded.links.count) + 1
    }

    /// An address cut into lines of `width` columns wherever it reaches the edge: a URL has no
    /// good place to break, and word wrapping would leave `[1]` alone on its line.
    static func breakAnywhere(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width, !line.isEmpty {
                lines.append(line)
                line = ""
                used = 0
            }
            line.append(character)
            used += columns
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The first `previewCount` non-blank lines of `text` wrapped to `width`, and whether any
    /// text is left after them. Paragraphs wrap independently, so these are exactly the first
    /// non-blank lines of the whole text wrapped; only a prefix of each paragraph is wrapped.
    static func preview(_ text: String, width: Int) -> ([String], Bool) {
        var lines: [String] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let paragraph = text[start..<end]
            start = end < text.endIndex ? text.index(after: end) : end
            if paragraph.isEmpty { continue }
            if lines.count == previewCount { return (lines, true) }
            let needed = previewCount - lines.count
            let (wrapped, more) = wrapStart(paragraph, width: width, lines: needed)
            lines += wrapped.prefix(needed)
            if more || wrapped.count > needed { return (lines, true) }
        }
        return (lines, false)
    }

    /// The first `count` lines of `paragraph` wrapped, and whether it goes on. A line holds at
    /// most `width` characters, so `count + 2` lines' worth is enough: when that prefix makes
    /// `count + 2` lines, line `count + 1` ended inside it, so the first `count` are exact.
    private static func wrapStart(_ paragraph: Substring, width: Int, lines count: Int) -> ([String], Bool) {
        if let cut = paragraph.index(paragraph.startIndex, offsetBy: (count + 2) * width, limitedBy: paragraph.endIndex),
           cut < paragraph.endIndex {
            let lines = TextLayout.wrap(String(paragraph[..<cut]), width: width)
            if lines.count >= count + 2 { return (Array(lines.prefix(count)), true) }
        }
        // Short, or lines shorter than their width (long words, zero-width characters): all of it.
        return (TextLayout.wrap(String(paragraph), width: width), false)
    }
}
