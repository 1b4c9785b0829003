import Foundation
import FremontCore

/// One feed source on the Feeds tab: its last good items, wrapped for the tab's width, and how
/// its last load went. Sources keep the order they were given in.
struct FeedSlot: Sendable {
    let source: String
    var feedTitle = ""
    var entries: [FeedEntry] = []
    /// `entries` wrapped for `wrapWidth`; empty until the tab knows its width.
    var lines: [FeedEntryLines] = []
    var wrapWidth = 0
    var warnings = 0
    /// Whether a load ever succeeded: a failure after one keeps the items.
    var hasData = false

    init(source: String) {
        self.source = source
    }

    /// The feed's own title, else its file name: what each item's line names it by.
    var displayName: String {
        if !feedTitle.isEmpty { return feedTitle }
        return TerminalSafeText.singleLine(source.split(separator: "/").last.map(String.init) ?? source)
    }

    mutating func show(_ feed: Feed, warnings: Int) {
        feedTitle = TerminalSafeText.singleLine(feed.title).trimmingCharacters(in: .whitespaces)
        self.warnings = warnings
        hasData = true
        var seen: [String: Int] = [:]
        let name = displayName
        entries = feed.items.map { item in
            let occurrence = seen[item.id, default: 0]
            seen[item.id] = occurrence + 1
            return FeedEntry(item: item, source: source, feedName: name, occurrence: occurrence)
        }
        wrapWidth = 0
        lines = []
    }

    /// A failed load: the last good items stay; with none, the failure takes their place.
    mutating func loadFailed(_ error: ParseError) {
        guard !hasData else { return }
        entries = [FeedEntry(failure: error, source: source)]
        wrapWidth = 0
        lines = []
    }

    mutating func wrap(width: Int) {
        guard width != wrapWidth || lines.count != entries.count else { return }
        lines = entries.map { FeedEntryLines($0, width: width) }
        wrapWidth = width
    }
}
