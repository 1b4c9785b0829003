import Foundation
import FremontCore

/// One item of the Feeds tab as it is shown, made once per load: every string already
/// terminal-safe, the HTML already rendered to text. A feed whose first load failed is an entry
/// too, so the tab says why where the items would be.
public struct FeedEntry: Sendable {
    let key: FeedItemKey
    let title: String
    let feedName: String
    let author: String
    let date: Date?
    /// Paragraphs separated by one blank line; no blank line first or last.
    let text: String
    /// The numbered links of `text`, for display (`[n]` is `links[n - 1]`).
    let links: [String]
    /// The item's own link as the feed gave it: what `o` opens, after checking it.
    let link: String
    /// Files attached (podcast episodes): numbered after the links, shown with type, size and length.
    let enclosures: [FeedEnclosure]
    /// Title and text lowercased, for `/`.
    let searchText: String
    let isFailure: Bool
    /// Unread as the cache had it when the feed was loaded (the feed list keeps it current).
    var isUnread: Bool
    /// Whether the item's read state is kept (not for standard input, nor a failure).
    let tracksReadState: Bool
    /// Starred when its feed was loaded.
    var isStarred = false

    init(item: FeedItem, source: String, feedName: String, occurrence: Int, isUnread: Bool = false, tracksReadState: Bool = false) {
        self.isUnread = isUnread
        self.tracksReadState = tracksReadState
        key = FeedItemKey(source: source, id: item.id, occurrence: occurrence)
        let title = TerminalSafeText.singleLine(item.title).trimmingCharacters(in: .whitespaces)
        self.title = title.isEmpty ? "(untitled)" : title
        self.feedName = feedName
        author = TerminalSafeText.singleLine(item.author).trimmingCharacters(in: .whitespaces)
        date = item.published ?? item.updated
        // The full text when the feed has it (content), else the summary: one text, so that
        // expanding shows more of what the collapsed item began, not something else.
        let rendered = HTMLText.render(item.content.isEmpty ? item.summary : item.content)
        text = Self.tidy(rendered.text)
        links = rendered.links.map { TerminalSafeText.singleLine($0) }
        link = item.link.trimmingCharacters(in: .whitespacesAndNewlines)
        enclosures = item.enclosures
        searchText = (self.title + "\n" + text).lowercased()
        isFailure = false
    }

    /// A starred item as the cache kept it.
    init(starred: StarredItem, isUnread: Bool) {
        key = FeedItemKey(source: starred.source, id: starred.id)
        title = starred.title.isEmpty ? "(untitled)" : starred.title
        feedName = starred.feedName
        author = starred.author
        date = starred.date
        text = starred.text
        links = starred.links
        link = starred.link
        enclosures = starred.enclosures
        searchText = (title + "\n" + text).lowercased()
        isFailure = false
        self.isUnread = isUnread
        tracksReadState = false
        isStarred = true
    }

    /// An item of a list of headlines as the cache had it, for its marks: its text is read
    /// when it is opened.
    init(headline: ItemHeadline, source: String) {
        key = FeedItemKey(source: source, id: headline.id)
        let title = TerminalSafeText.singleLine(headline.title).trimmingCharacters(in: .whitespaces)
        self.title = title.isEmpty ? "(untitled)" : title
        feedName = TerminalSafeText.singleLine(headline.feedTitle)
        author = ""
        date = headline.date
        text = ""
        links = []
        link = ""
        enclosures = []
        searchText = ""
        isFailure = false
        isUnread = !headline.isRead
        tracksReadState = true
        isStarred = headline.isStarred
    }

    /// A cached item opened from a list of headlines, made ready off the UI thread (its HTML
    /// rendered to text).
    public static func opened(_ item: FeedItem, source: String, feedName: String, isUnread: Bool, isStarred: Bool) -> FeedEntry {
        var entry = FeedEntry(item: item, source: source, feedName: TerminalSafeText.singleLine(feedName), occurrence: 0,
                              isUnread: isUnread, tracksReadState: true)
        entry.isStarred = isStarred
        return entry
    }

    /// What a star keeps of this item.
    var starredCopy: StarredItem {
        StarredItem(source: key.source, id: key.id, title: title, feedName: feedName, author: author, date: date,
                    text: text, links: links, link: link, enclosures: enclosures)
    }

    init(failure: LoadError, source: String) {
        isUnread = false
        tracksReadState = false
        key = FeedItemKey(source: source, id: "", occurrence: -1)
        title = "Could not read " + FeedSlot.fileName(source)
        feedName = TerminalSafeText.singleLine(source)
        author = ""
        date = nil
        text = failure.description
        links = []
        link = ""
        enclosures = []
        searchText = ""
        isFailure = true
    }

    /// Lines trimmed at their end, tabs as spaces (the wrapper breaks at spaces), runs of blank
    /// lines as one. Leading spaces stay: they are preformatted text's indentation.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A Character and the standard library's replacing: a String argument took
            // Foundation's NSString search for every line of every item prepared.
            let line = raw.contains(Character("\t")) ? raw.replacing("\t", with: "    ") : raw
            var trimmed = String(line)
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            if trimmed.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(Substring(trimmed))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
