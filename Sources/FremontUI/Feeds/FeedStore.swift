import Foundation
import FremontCore
import Synchronization

/// The feed reader's state, held once for every screen that shows it (the feed list, the item
/// lists opened from it, the search): each feed's last load, and which items are read and
/// starred. Screens read it and send intents (`FeedIntent`); `BrowserState` applies loads and
/// intents here, once, inside `update`, so a read in one screen shows in every other at its next
/// frame without a message to each. Unread counts are kept as marks change, so a list of 500
/// feeds reads its counts without walking their items.
///
/// A class, so the screens of one browser share it; every change happens on the UI thread
/// (from `update`), the lock only makes that checkable.
public final class FeedStore: Sendable {
    /// An item as its read mark is kept: a repeated id is one item to the cache.
    struct ItemRef: Hashable, Sendable {
        var source: String
        var id: String
    }

    private struct Feed: Sendable {
        var prepared: PreparedFeed
        var unread: Int
    }

    /// One feed as a list row shows it: its counts, not its items.
    struct Summary: Sendable {
        var loaded = false
        var title = ""
        var items = 0
        var error: LoadError?
        var unread = 0
        var newest: Date?
    }

    private struct State: Sendable {
        var feeds: [String: Feed] = [:]
        var errors: [String: LoadError] = [:]
        /// Read (true) or unread again (false) since the item's feed loaded; a reload's read
        /// state includes these, as the write may not have landed yet.
        var read: [ItemRef: Bool] = [:]
        var starred: [ItemRef: Bool] = [:]
        /// Feeds marked read whole since their last load (the write goes to the cache as one
        /// statement): every item of theirs is read, unless marked unread since.
        var allRead: Set<String> = []
        /// Unread items, items and warnings of every feed but the starred items: the feed list's
        /// "All items" counts, kept as loads and marks change them.
        var totals = (unread: 0, items: 0, warnings: 0)
        /// Bumped on every change, so a screen can tell its derived rows are stale.
        var revision = 0
    }

    private let state = Mutex(State())
    /// The feeds file's `~Title` of each feed, by its source and by its cache key: every screen
    /// names a feed the way the reader named it.
    private let titles = Mutex([String: String]())

    /// Names feeds as the feeds file does (the feed list gives them when it is attached).
    public func name(_ feeds: [FollowedFeed]) {
        titles.withLock { titles in
            for feed in feeds {
                guard let title = feed.title.map(TerminalSafeText.singleLine), !title.isEmpty else { continue }
                titles[feed.source] = title
                titles[feed.cacheKey] = title
            }
        }
    }

    /// The reader's name for a feed (its source or cache key), when the feeds file gives one.
    public func title(ofFeed feed: String) -> String? {
        titles.withLock { $0[feed] }
    }

    public init() {}

    // MARK: - Reading

    public var revision: Int { state.withLock { $0.revision } }

    /// Unread: so the cache said when the item's feed loaded, unless read or marked unread since.
    func isUnread(_ entry: FeedEntry) -> Bool {
        guard entry.tracksReadState else { return entry.isUnread }
        return state.withLock { Self.isUnread(entry, $0) }
    }

    func isStarred(_ entry: FeedEntry) -> Bool {
        state.withLock { $0.starred[ItemRef(source: entry.key.source, id: entry.key.id)] ?? entry.isStarred }
    }

    /// An item of a list read from the cache: unread as the cache had it, unless read or marked
    /// unread since.
    func isUnread(source: String, id: String, asCached unread: Bool) -> Bool {
        state.withLock { Self.isUnread(source: source, id: id, asCached: unread, $0) }
    }

    func isStarred(source: String, id: String, asCached starred: Bool) -> Bool {
        state.withLock { $0.starred[ItemRef(source: source, id: id)] ?? starred }
    }

    /// The item `id` of `source`'s last load (or of the starred items), text and all, when the
    /// store holds it: an item opened from a list of headlines needs no cache read then.
    func entry(source: String, id: String) -> FeedEntry? {
        state.withLock { state in
            state.feeds[source]?.prepared.entries.first { $0.key.id == id }
                ?? state.feeds[StarredItem.source]?.prepared.entries.first { $0.key.source == source && $0.key.id == id }
        }
    }

    /// How many items `source`'s last load had; nil before one: a row's count, without copying the feed.
    func itemCount(source: String) -> Int? {
        state.withLock { $0.feeds[source]?.prepared.itemTotal }
    }

    /// The unread items of `source`'s last load, marks since included.
    public func unreadCount(source: String) -> Int {
        state.withLock { $0.feeds[source]?.unread ?? 0 }
    }

    /// Each of `sources`' last load as a row shows it, in one look: what a list draws a frame.
    func summaries(_ sources: some Sequence<String>) -> [Summary] {
        state.withLock { state in
            sources.map { source in
                let feed = state.feeds[source]
                return Summary(loaded: feed != nil, title: feed?.prepared.title ?? "", items: feed?.prepared.itemTotal ?? 0,
                               error: state.errors[source], unread: feed?.unread ?? 0, newest: feed?.prepared.newest)
            }
        }
    }

    /// Unread items, items and parser warnings of every feed's last load (the starred items
    /// aside), kept as they change: what a list of 500 feeds draws every frame.
    func totals() -> (unread: Int, items: Int, warnings: Int) {
        state.withLock { $0.totals }
    }

    /// How many feeds (the starred items aside) have something unread: `notify-format`'s `%f`.
    func unreadFeedCount() -> Int {
        state.withLock { state in state.feeds.count { $0.key != StarredItem.source && $0.value.unread > 0 } }
    }

    /// `source`'s last good load, if any.
    public func feed(source: String) -> PreparedFeed? {
        state.withLock { $0.feeds[source]?.prepared }
    }

    /// Why `source`'s last load failed; nil after a good one.
    public func error(source: String) -> LoadError? {
        state.withLock { $0.errors[source] }
    }

    /// The unread entries of `source`'s last load.
    func unreadEntries(source: String) -> [FeedEntry] {
        state.withLock { state in
            state.feeds[source]?.prepared.entries.filter { Self.isUnread($0, state) } ?? []
        }
    }

    private static func isUnread(_ entry: FeedEntry, _ state: State) -> Bool {
        guard entry.tracksReadState else { return entry.isUnread }
        return isUnread(source: entry.key.source, id: entry.key.id, asCached: entry.isUnread, state)
    }

    private static func isUnread(source: String, id: String, asCached unread: Bool, _ state: State) -> Bool {
        if let read = state.read[ItemRef(source: source, id: id)] { return !read }
        return unread && !state.allRead.contains(source)
    }

    // MARK: - Changing (from `BrowserState.update` only)

    /// A feed arrived: it replaces the last load of its source. What it costs here does not grow
    /// with the feed: its ids were gathered where it was prepared.
    func loaded(_ feed: PreparedFeed, source: String) {
        state.withLock { state in
            // A feed that came with its counts: the cache's, which hold every mark written.
            var unread = feed.tally?.unread ?? feed.unreadIDs.count
            state.allRead.remove(source)
            for (ref, read) in state.read where ref.source == source && feed.itemIDs.contains(ref.id) {
                let unreadAsLoaded = feed.unreadIDs.contains(ref.id)
                // A mark the load agrees with has landed: only those still on their way stay.
                if read == !unreadAsLoaded {
                    state.read[ref] = nil
                } else {
                    unread += read ? -1 : 1
                }
            }
            for (ref, starred) in state.starred where ref.source == source && feed.itemIDs.contains(ref.id) {
                if let entry = feed.entries.first(where: { $0.key.id == ref.id }), entry.isStarred == starred { state.starred[ref] = nil }
            }
            if source != StarredItem.source {
                let old = state.feeds[source]
                state.totals.unread += unread - (old?.unread ?? 0)
                state.totals.items += feed.itemTotal - (old?.prepared.itemTotal ?? 0)
                state.totals.warnings += feed.warnings - (old?.prepared.warnings ?? 0)
            }
            state.feeds[source] = Feed(prepared: feed, unread: unread)
            state.errors[source] = nil
            state.revision += 1
        }
    }

    /// A load failed: the last good items stay.
    func failed(_ error: LoadError, source: String) {
        guard error.kind != .cancelled else { return }
        state.withLock { state in
            state.errors[source] = error
            state.revision += 1
        }
    }

    /// Applies what a screen asked and returns the writes that keep it (commands on the write lane).
    func apply(_ intent: FeedIntent) -> [Command] {
        switch intent {
        case .markRead(let entries, let read):
            var bySource: [String: [String]] = [:], order: [String] = []
            state.withLock { state in
                for entry in entries where entry.tracksReadState {
                    let ref = ItemRef(source: entry.key.source, id: entry.key.id)
                    let wasUnread = Self.isUnread(entry, state)
                    guard wasUnread == read else { continue }
                    state.read[ref] = read
                    // Counted by the cache, the feed counts every item of its own; counted from
                    // its items, only those its load brought.
                    if let feed = state.feeds[ref.source]?.prepared, feed.tally != nil || feed.itemIDs.contains(ref.id) {
                        state.feeds[ref.source]!.unread += read ? -1 : 1
                        if ref.source != StarredItem.source { state.totals.unread += read ? -1 : 1 }
                    }
                    if bySource[ref.source] == nil { order.append(ref.source) }
                    if !(bySource[ref.source]?.contains(ref.id) ?? false) { bySource[ref.source, default: []].append(ref.id) }
                }
                state.revision += 1
            }
            return order.map { ReaderMarkChange.read(source: $0, ids: bySource[$0]!, read: read).command }
        case .markFeedsRead(let sources):
            // What the feeds' items are is the cache's business: one statement there marks
            // them all; here each feed's count goes to none and its items read as read.
            var byID: [ReaderMarkChange] = []
            var whole: [String] = []
            state.withLock { state in
                for source in sources where source != StarredItem.source {
                    let feed = state.feeds[source]
                    if let feed, feed.prepared.tally == nil {
                        // Loaded whole (a file, or not cached): its unread items, by id.
                        let ids = feed.prepared.entries.filter { $0.tracksReadState && Self.isUnread($0, state) }.map(\.key.id)
                        if !ids.isEmpty { byID.append(.read(source: source, ids: ids, read: true)) }
                    } else if feed.map({ $0.unread > 0 }) ?? true {
                        whole.append(source)
                    }
                    state.totals.unread -= feed?.unread ?? 0
                    state.feeds[source]?.unread = 0
                    state.allRead.insert(source)
                    for ref in state.read.keys where ref.source == source { state.read[ref] = nil }
                }
                state.revision += 1
            }
            return ((whole.isEmpty ? [] : [.feedsRead(sources: whole)]) + byID).map(\.command)
        case .star(let entry, let starred):
            state.withLock { state in
                state.starred[ItemRef(source: entry.key.source, id: entry.key.id)] = starred
                state.revision += 1
            }
            return [ReaderMarkChange.star(entry.starredCopy, starred).command]
        }
    }
}

/// What a screen asks of the feed store: the store applies it once and says what to write.
public enum FeedIntent: Sendable {
    /// Read (or unread again) these items.
    case markRead([FeedEntry], read: Bool)
    /// Every item of these feeds read, by their sources: however many there are.
    case markFeedsRead([String])
    case star(FeedEntry, Bool)
}
