import Foundation

/// Writes cached items (a headline, and the item whole when the cache still has it) as JSON, for
/// programs, or as text, a block an item, for a person: what `fremont query` prints.
public enum ItemHeadlineExport {
    /// `{"matched":N,"items":[{"feed","feedTitle","id","title","link","date","author","unread","starred"}]}`,
    /// one item a line: `matched` says how many the query matched in all, however many are listed.
    /// Written as the items come (`begin`, `write` for each window, `end`), never held whole.
    public struct JSONWriter {
        private var written = 0
        private let emit: (String) -> Void

        public init(matched: Int, emit: @escaping (String) -> Void) {
            self.emit = emit
            emit("{\"matched\":\(matched),\"items\":[")
        }

        public mutating func write(_ items: [(headline: ItemHeadline, item: FeedItem?)]) {
            for (headline, item) in items {
                var line = written == 0 ? "\n" : ",\n"
                line += "{\"feed\":\(JSONText.string(headline.feed)),\"feedTitle\":\(JSONText.string(headline.feedTitle))"
                line += ",\"id\":\(JSONText.string(headline.id)),\"title\":\(JSONText.string(headline.title))"
                line += ",\"link\":\(JSONText.string(item?.link ?? "")),\"date\":\(JSONText.date(headline.date))"
                line += ",\"author\":\(JSONText.string(item?.author ?? ""))"
                line += ",\"unread\":\(!headline.isRead),\"starred\":\(headline.isStarred)}"
                emit(line)
                written += 1
            }
        }

        public func end() {
            emit(written == 0 ? "]}\n" : "\n]}\n")
        }
    }

    /// `● Title` (a dot when unread), `  Feed · date · starred`, the link, and a blank line.
    public static func text(_ items: [(headline: ItemHeadline, item: FeedItem?)], emit: (String) -> Void) {
        for (headline, item) in items {
            var block = (headline.isRead ? "  " : "● ") + TerminalSafeText.singleLine(headline.title.isEmpty ? "(untitled)" : headline.title) + "\n"
            var byline = [TerminalSafeText.singleLine(headline.feedTitle.isEmpty ? headline.feed : headline.feedTitle)]
            if let date = headline.date { byline.append(InternetDate.format(date)) }
            if headline.isStarred { byline.append("starred") }
            block += "  " + byline.joined(separator: " · ") + "\n"
            if let link = item?.link, !link.isEmpty { block += "  " + TerminalSafeText.singleLine(link) + "\n" }
            emit(block + "\n")
        }
    }
}
