import Foundation

/// Writes a feed as JSON (for programs) or text (for a person), in pieces through `emit`.
public enum FeedExport {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// How many lines of an item's rendered summary the text form shows.
    public static let summaryLines = 3

    public static func write(_ feed: Feed, as format: Format, emit: (String) -> Void) {
        switch format {
        case .json: json(feed, emit: emit)
        case .text: text(feed, emit: emit)
        }
    }

    /// `{"title","link","items":[{"id","title","link","published","updated","author","summary",
    /// "content","enclosures":[{"url","type","length"}]}]}`, dates ISO 8601 UTC or null, one item a line.
    public static func json(_ feed: Feed, emit: (String) -> Void) {
        emit("{\"title\":\(JSONText.string(feed.title)),\"link\":\(JSONText.string(feed.link)),\"items\":[")
        for (index, item) in feed.items.enumerated() {
            var line = index == 0 ? "\n" : ",\n"
            line += "{\"id\":\(JSONText.string(item.id)),\"title\":\(JSONText.string(item.title))"
            line += ",\"link\":\(JSONText.string(item.link))"
            line += ",\"published\":\(JSONText.date(item.published)),\"updated\":\(JSONText.date(item.updated))"
            line += ",\"author\":\(JSONText.string(item.author)),\"summary\":\(JSONText.string(item.summary))"
            line += ",\"content\":\(JSONText.string(item.content)),\"enclosures\":["
            line += item.enclosures.map { enclosure in
                "{\"url\":\(JSONText.string(enclosure.url)),\"type\":\(JSONText.string(enclosure.type)),"
                    + "\"length\":\(enclosure.length.map(String.init) ?? "null")}"
            }.joined(separator: ",")
            line += "]}"
            emit(line)
        }
        emit(feed.items.isEmpty ? "]}\n" : "\n]}\n")
    }

    /// The feed's title and link, then per item: title, date and author, link, and the first lines
    /// of its summary (or content) as text. Everything passes through `TerminalSafeText`.
    public static func text(_ feed: Feed, emit: (String) -> Void) {
        let title = TerminalSafeText.singleLine(feed.title)
        emit((title.isEmpty ? "(untitled feed)" : title) + "\n")
        if !feed.link.isEmpty { emit(TerminalSafeText.singleLine(feed.link) + "\n") }
        emit("\(feed.items.count) item\(feed.items.count == 1 ? "" : "s")\n")
        for item in feed.items {
            let itemTitle = TerminalSafeText.singleLine(item.title)
            var block = "\n" + (itemTitle.isEmpty ? "(untitled)" : itemTitle) + "\n"
            var byline: [String] = []
            if let date = item.published ?? item.updated { byline.append(InternetDate.format(date)) }
            if !item.author.isEmpty { byline.append(TerminalSafeText.singleLine(item.author)) }
            if !byline.isEmpty { block += "  " + byline.joined(separator: " · ") + "\n" }
            if !item.link.isEmpty { block += "  " + TerminalSafeText.singleLine(item.link) + "\n" }
            let html = item.summary.isEmpty ? item.content : item.summary
            let lines = HTMLText.render(html).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            for line in lines.prefix(summaryLines) { block += "  " + line + "\n" }
            if lines.count > summaryLines { block += "  …\n" }
            emit(block)
        }
    }
}
