import FremontCore

/// One entry wrapped for one width: made when the width changes or the entry's feed reloads,
/// never per key or per frame.
struct FeedEntryLines: Sendable {
    /// How many lines of text a collapsed item shows.
    static let previewCount = 4

    /// The whole title (an expanded item shows it all; a collapsed one its first line, cut).
    let title: [String]
    let text: [String]
    /// The first lines of text with the blank ones between paragraphs left out.
    let preview: [String]
    /// The collapsed item leaves text out (its last line says so with `…`).
    let textIsCut: Bool
    /// Under the expanded text: `[n] url` for each numbered link, then the item's own link.
    let links: [String]
    let width: Int

    init(_ entry: FeedEntry, width: Int) {
        self.width = width
        title = TextLayout.wrap(entry.title, width: width)
        text = entry.text.isEmpty ? [] : TextLayout.wrap(entry.text, width: width)
        let nonBlank = text.filter { !$0.isEmpty }
        preview = Array(nonBlank.prefix(Self.previewCount))
        textIsCut = nonBlank.count > preview.count
        var links: [String] = []
        for (index, link) in entry.links.enumerated() {
            links += TextLayout.wrap("[\(index + 1)] " + link, width: width)
        }
        if !entry.link.isEmpty { links += TextLayout.wrap("Link: " + TerminalSafeText.singleLine(entry.link), width: width) }
        self.links = links
    }

    /// Rows an item takes: title, the feed-and-date line, text, links, and a blank line after.
    func height(expanded: Bool) -> Int {
        if expanded { return title.count + 1 + text.count + (links.isEmpty ? 0 : 1 + links.count) + 1 }
        return 1 + 1 + preview.count + 1
    }
}
