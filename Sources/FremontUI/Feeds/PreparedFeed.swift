import Foundation
import FremontCore

/// A parsed feed made ready for the Feeds tab where it was loaded, off the UI thread: every
/// item's HTML rendered to text, its strings made terminal-safe, its search text lowercased.
/// What is left for the UI thread is wrapping to the width, which only it knows.
public struct PreparedFeed: Sendable {
    /// The feed's own title, terminal-safe; empty when it has none.
    let title: String
    var entries: [FeedEntry]
    /// How many warnings the parser gave.
    public let warnings: Int
    /// The first of them, for the Log: a broken feed can give thousands.
    public let warningList: [ParseWarning]
    static let keptWarnings = 200

    init(title: String, entries: [FeedEntry]) {
        self.title = title
        self.entries = entries
        warnings = 0
        warningList = []
    }

    /// - Parameters:
    ///   - readItemIDs: the items already read; nil for a feed that keeps no read state
    ///     (standard input).
    ///   - starredItemIDs: the items starred.
    public init(_ result: FeedParseResult, source: String, readItemIDs: Set<String>? = nil, starredItemIDs: Set<String> = []) {
        title = TerminalSafeText.singleLine(result.feed.title).trimmingCharacters(in: .whitespaces)
        warnings = result.warnings.count
        warningList = Array(result.warnings.prefix(Self.keptWarnings))
        let name = title.isEmpty ? FeedSlot.fileName(source) : title
        var seen: [String: Int] = [:]
        entries = result.feed.items.map { item in
            let occurrence = seen[item.id, default: 0]
            seen[item.id] = occurrence + 1
            let isUnread = readItemIDs.map { !$0.contains(item.id) } ?? false
            var entry = FeedEntry(item: item, source: source, feedName: name, occurrence: occurrence, isUnread: isUnread,
                                  tracksReadState: readItemIDs != nil)
            entry.isStarred = starredItemIDs.contains(item.id)
            return entry
        }
    }

    public var itemCount: Int { entries.count }
}
