import Foundation
import FremontCore

/// One feed source on the Feeds tab: its last good items, wrapped (for the tab's width, or for
/// the width before a resize until the new wrap is done), and how its last load went. Sources
/// keep the order they were given in.
struct FeedSlot: Sendable {
    let source: String
    var feedTitle = ""
    var entries: [FeedEntry] = [] {
        didSet { version += 1 }
    }
    /// One per entry, each wrapped for whichever width it was last wrapped to (0: never, a
    /// stand-in that only estimates its height).
    var lines: [FeedEntryLines] = []
    /// Bumped whenever `entries` change: lines wrapped off the UI thread for an older version
    /// are not taken.
    private(set) var version = 0
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
        let replaced = OffThreadRelease((entries, lines))
        entries = feed.entries
        // Wrapped on the loading thread, for the width the tab had then (or not yet: stand-ins).
        lines = feed.lines.count == entries.count ? feed.lines : entries.map(FeedEntryLines.init(unwrapped:))
        replaced.release()
    }

    /// A failed load: the last good items stay; with none, the failure takes their place.
    mutating func loadFailed(_ error: LoadError) {
        guard !hasData else { return }
        entries = [FeedEntry(failure: error, source: source)]
        lines = entries.map(FeedEntryLines.init(unwrapped:))
    }
}
