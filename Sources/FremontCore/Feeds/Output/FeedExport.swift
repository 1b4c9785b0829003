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

    /// `{"id","title","link","description","image","categories","items":[{"id","title","link","published",
    /// "updated","author","summary","content","enclosures":[{"url","type","length","duration"}],
    /// "categories","comments","image","source":{"title","url"}|null}]}`, dates ISO 8601 UTC or
    /// null, one item a line.
    public static func json(_ feed: Feed, emit: (String) -> Void) {
        var head = "{\"id\":\(JSONText.string(feed.id)),\"title\":\(JSONText.string(feed.title)),\"link\":\(JSONText.string(feed.link))"
        head += ",\"description\":\(JSONText.string(feed.description)),\"image\":\(JSONText.string(feed.image))"
        head += ",\"categories\":\(strings(feed.categories)),\"items\":["
        emit(head)
        for (index, item) in feed.items.enumerated() {
            var line = index == 0 ? "\n" : ",\n"
            line += "{\"id\":\(JSONText.string(item.id)),\"title\":\(JSONText.string(item.title))"
            line += ",\"link\":\(JSONText.string(item.link))"
            line += ",\"published\":\(JSONText.date(item.published)),\"updated\":\(JSONText.date(item.updated))"
            line += ",\"author\":\(JSONText.string(item.author)),\"summary\":\(JSONText.string(item.summary))"
            line += ",\"content\":\(JSONText.string(item.content)),\"enclosures\":["
            line += item.enclosures.map { enclosure in
                "{\"url\":\(JSONText.string(enclosure.url)),\"type\":\(JSONText.string(enclosure.type)),"
                    + "\"length\":\(enclosure.length.map(String.init) ?? "null"),"
                    + "\"duration\":\(enclosure.duration.map(String.init) ?? "null")}"
            }.joined(separator: ",")
            line += "],\"categories\":\(strings(item.categories)),\"comments\":\(JSONText.string(item.comments))"
            line += ",\"image\":\(JSONText.string(item.image)),\"source\":"
            if item.sourceTitle.isEmpty && item.sourceURL.isEmpty {
                line += "null"
            } else {
                line += "{\"title\":\(JSONText.string(item.sourceTitle)),\"url\":\(JSONText.string(item.sourceURL))}"
            }
            line += "}"
            emit(line)
        }
        emit(feed.items.isEmpty ? "]}\n" : "\n]}\n")
    }

    /// `https://…/a.mp3 (audio/mpeg, 12.3 MB, 1:02:03)`.
    public static func describe(_ enclosure: FeedEnclosure) -> String {
        var details: [String] = []
        if !enclosure.type.isEmpty { details.append(TerminalSafeText.singleLine(enclosure.type)) }
        if let length = enclosure.length, length > 0 { details.append(ByteCountText.describe(length)) }
        if let duration = enclosure.duration, duration > 0 { details.append(clock(duration)) }
        let url = TerminalSafeText.singleLine(enclosure.url)
        return details.isEmpty ? url : url + " (" + details.joined(separator: ", ") + ")"
    }

    /// `1:02:03`, `2:03`.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    private static func strings(_ values: [String]) -> String {
        "[" + values.map(JSONText.string).joined(separator: ",") + "]"
    }

    /// The feed's title and link, then per item: title, date and author, link, the first lines
    /// of its summary (or content) as text, and every link in its text and every enclosure as a
    /// URL. Everything passes through `TerminalSafeText`.
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
            let rendered = HTMLText.render(html)
            let (lines, more) = leadingLines(rendered.text, summaryLines)
            for line in lines { block += "  " + line + "\n" }
            if more { block += "  …\n" }
            // The links of the whole text (content when there is one), numbered as the text
            // numbers them, then the enclosures.
            let links = item.content.isEmpty || html == item.content ? rendered.links : HTMLText.render(item.content).links
            for (index, link) in links.enumerated() { block += "  [\(index + 1)] " + TerminalSafeText.singleLine(link) + "\n" }
            for enclosure in item.enclosures { block += "  enclosure: " + describe(enclosure) + "\n" }
            if !item.comments.isEmpty { block += "  comments: " + TerminalSafeText.singleLine(item.comments) + "\n" }
            emit(block)
        }
    }

    /// The first `count` lines of `text` that are not blank, trimmed of trailing spaces and tabs,
    /// and whether another follows. Leading ones stay: the rendering collapses a paragraph's
    /// spaces, so those left are a `<pre>` block's own indentation (code keeps its shape). Stops there:
    /// a long article is not split whole, nor walked a Character at a time, to show four lines.
    static func leadingLines(_ text: String, _ count: Int) -> (lines: [Substring], more: Bool) {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        while true {
            // "\r\n" is one Character, which a split at "\n" does not break: neither does this.
            var end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
            while end != utf8.endIndex, end > start, utf8[utf8.index(before: end)] == 0x0D {
                end = utf8[utf8.index(after: end)...].firstIndex(of: 0x0A) ?? utf8.endIndex
            }
            let line = trimmed(text[start..<end])
            if !line.isEmpty {
                if lines.count == count { return (lines, true) }
                lines.append(line)
            }
            if end == utf8.endIndex { return (lines, false) }
            start = utf8.index(after: end)
        }
    }

    /// Spaces (Unicode's Zs) and tabs off the end, by `CharacterSet.whitespaces`, without Foundation.
    private static func trimmed(_ line: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = line.unicodeScalars
        guard let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        // By scalars, as Foundation trims: a combining mark after a space stays, the space goes.
        return Substring(scalars[...last])
    }
}
