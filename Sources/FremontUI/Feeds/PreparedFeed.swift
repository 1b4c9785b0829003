import Foundation
import FremontCore

/// A parsed feed made ready for the Feeds tab where it was loaded, off the UI thread: every
/// item's HTML rendered to text, its strings made terminal-safe, its search text lowercased.
/// It is also wrapped there, for the width the Feeds tab had when the load started
/// (`wrapped(for:)`): 8,000 items arriving then cost the UI thread a merge, not 300 ms of
/// wrapping. Only a width changed in the meantime wraps on the UI thread.
public struct PreparedFeed: Sendable {
    /// The feed's own title, terminal-safe; empty when it has none.
    let title: String
    var entries: [FeedEntry] {
        didSet { lines = [] }
    }
    /// `entries` wrapped to `wrapWidth`; empty when not wrapped yet.
    private(set) var lines: [FeedEntryLines] = []
    var wrapWidth: Int { lines.first?.width ?? 0 }
    /// Every item's id, the unread ones' (read state kept), and the newest date: worked out where
    /// the feed is prepared, off the UI thread, so the feed store takes a feed without a walk.
    private(set) var itemIDs: Set<String> = []
    private(set) var unreadIDs: Set<String> = []
    private(set) var newest: Date?
    /// What the cache counts of the feed when only some (or none) of its items came with the
    /// load: a feed list needs its counts, not its items (which lists read as windows).
    public struct Tally: Sendable, Equatable {
        public var total: Int
        public var unread: Int
        public var newest: Date?
        /// Items the load stored for the first time: "N new items" after a reload.
        public var arrived: Int

        public init(total: Int, unread: Int, newest: Date?, arrived: Int = 0) {
            self.total = total
            self.unread = unread
            self.newest = newest
            self.arrived = arrived
        }
    }

    /// Nil when `entries` are all of the feed's items.
    public let tally: Tally?
    /// Items this load stored for the first time, when the load knows (a feed fetched, or read
    /// from the cache: none); nil for a file, whose items are told new by those held before.
    public private(set) var arrived: Int?
    /// How many items the feed has: the tally's count, else the entries'.
    var itemTotal: Int { tally?.total ?? entries.count }
    /// How many warnings the parser gave.
    public let warnings: Int
    /// The first of them, for the Log: a broken feed can give thousands.
    public let warningList: [ParseWarning]
    static let keptWarnings = 200

    init(title: String, entries: [FeedEntry]) {
        self.title = title
        self.entries = entries
        tally = nil
        warnings = 0
        warningList = []
        index()
    }

    private mutating func index() {
        itemIDs = Set(entries.lazy.map(\.key.id))
        unreadIDs = Set(entries.lazy.filter { $0.tracksReadState && $0.isUnread }.map(\.key.id))
        newest = tally.map(\.newest) ?? entries.lazy.compactMap(\.date).max()
    }

    /// - Parameters:
    ///   - readItemIDs: the items already read; nil for a feed that keeps no read state
    ///     (standard input).
    ///   - starredItemIDs: the items starred.
    ///   - tally: the cache's counts, when `result` holds only some of the feed's items.
    public init(_ result: FeedParseResult, source: String, readItemIDs: Set<String>? = nil, starredItemIDs: Set<String> = [],
                tally: Tally? = nil, arrived: Int? = nil) {
        title = TerminalSafeText.singleLine(result.feed.title).trimmingCharacters(in: .whitespaces)
        self.tally = tally
        self.arrived = arrived ?? tally?.arrived
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
        index()
    }

    public var itemCount: Int { entries.count }

    /// The feed with every entry wrapped as the Feeds tab in `area` shows it: work for the
    /// loading thread.
    public func wrapped(for area: Rect) -> PreparedFeed {
        var feed = self
        let width = ItemListView.textWidth(for: area)
        feed.lines = entries.map { FeedEntryLines($0, width: width) }
        return feed
    }
}
