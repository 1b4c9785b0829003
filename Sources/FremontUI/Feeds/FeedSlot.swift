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

    /// A file name for messages and for a feed without a title.
    static func fileName(_ source: String) -> String {
        TerminalSafeText.singleLine(SourceName.file(source))
    }

    /// What the status line says while `sources` load: the one feed's file name, or how many.
    static func loadingText(_ sources: [String]) -> String {
        sources.count == 1 ? fileName(sources[0]) : "\(sources.count) feeds"
    }

    mutating func show(_ feed: PreparedFeed) {
        feedTitle = feed.title
        warnings = feed.warnings
        hasData = true
        entries = feed.entries
        // Wrapped on the loading thread, for the width the tab had then (or not yet: none).
        lines = feed.lines
        wrapWidth = feed.wrapWidth
    }

    /// A failed load: the last good items stay; with none, the failure takes their place.
    mutating func loadFailed(_ error: LoadError) {
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
