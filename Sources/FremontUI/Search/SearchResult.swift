import Foundation
import FremontCore

/// One item a search of the cache found, made safe for the screen where it was found.
public struct SearchResult: Sendable, Equatable {
    public var title: String
    public var feedTitle: String
    public var link: String
    public var published: Date?
    /// Words around the first match; the matched words are the `matches` ranges' text.
    public var snippet: String
    public var matches: [Range<Int>]

    /// `snippet` holds each match between `SearchResult.open` and `SearchResult.close`, as
    /// the cache marks them; those marks become `matches` (in characters) and go.
    /// The item's feed (its cache key) and id: what opening it reads.
    public var feed: String
    public var id: String

    public init(title: String, feedTitle: String, link: String, published: Date?, markedSnippet: String, feed: String = "", id: String = "") {
        self.feed = feed
        self.id = id
        self.title = TerminalSafeText.singleLine(title).trimmingCharacters(in: .whitespaces)
        self.feedTitle = TerminalSafeText.singleLine(feedTitle)
        self.link = link
        self.published = published
        var text = "", matches: [Range<Int>] = [], start: Int?, count = 0
        for character in markedSnippet {
            if character == Self.open { start = count; continue }
            if character == Self.close {
                if let begin = start { matches.append(begin..<count) }
                start = nil
                continue
            }
            // Controls and bidi marks out, as everywhere text reaches the screen.
            let safe = TerminalSafeText.singleLine(String(character))
            text += safe
            count += safe.count
        }
        snippet = text
        self.matches = matches
    }

    /// Marks no feed text holds (they are controls, which feeds' text never keeps).
    public static let open: Character = "\u{2}"
    public static let close: Character = "\u{3}"
}
