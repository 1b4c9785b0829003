import Foundation
import FremontCore

/// The Feeds tab's top level, as in newsboat: every followed feed with its unread and total
/// counts, when it last changed and why its last load failed; above them, every item, and the
/// unread ones. Enter opens a feed's items (an `ItemListView` pushed over the list).
public struct FeedListView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), open, nextUnread, markFeedRead, markAllRead, nextTag, unreadOnly
    }

    enum Row: Equatable {
        case all, unread, starred, feed(Int)
    }

    public let id = ViewID.feeds
    public let title = "Feeds"
    public let feeds: [FollowedFeed]
    /// Each feed's last load, unread count and read state, shared with the item lists.
    private(set) var store = FeedStore()
    /// The store's revision the rows were built for: reads elsewhere can empty a feed that
    /// "only unread" shows.
    private var rowsRevision = -1
    /// Every feed's row as the store had it at `rowsRevision`, and the list's totals then: a frame
    /// reads these without a look into the store, unless the store has moved on since.
    private var snapshot: (rows: [FeedStore.Summary], totals: (unread: Int, items: Int, warnings: Int)) = ([], (0, 0, 0))
    private var snapshotRevision = -1
    private(set) var rows: [Row] = []
    private(set) var list = ListState()
    /// Only feeds with this tag; nil: all.
    public private(set) var tag: String?
    /// Only feeds with unread items.
    public private(set) var onlyUnread = false
    private let tags: [String]
    public let now: @Sendable () -> Date
    public let timeZone: TimeZone
    /// Open lists with each item's first lines (the river) rather than one line each.
    public var showsSummaries = false

    public init(feeds: [FollowedFeed], now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) {
        self.feeds = feeds
        self.now = now
        self.timeZone = timeZone
        var tags: [String] = []
        for feed in feeds { for tag in feed.tags where !tags.contains(tag) { tags.append(tag) } }
        self.tags = tags
        rebuildRows()
    }

    private var metrics: UniformMetrics { UniformMetrics(count: rows.count) }
    public var sourceName: String { "\(feeds.count) feed\(feeds.count == 1 ? "" : "s")" + (tag.map { " · \($0)" } ?? "") }
    public var warningCount: Int { store.totals().warnings }
    public var totalUnread: Int { store.totals().unread }



    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
        rebuildRows()
    }

    public func loadingText(_ sources: [String]) -> String {
        FeedSlot.loadingText(sources)
    }

    /// What a row calls its feed: the feeds file's title, else the feed's, else the file name.
    /// `loaded` is the feed's own title as its row shows it.
    func name(_ index: Int, loaded: String) -> String {
        if let title = feeds[index].title, !title.isEmpty { return TerminalSafeText.singleLine(title) }
        if !loaded.isEmpty { return loaded }
        return FeedSlot.fileName(feeds[index].source)
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next feed"), up: (.move(.up), "previous feed"), pageDown: (.move(.pageDown), "a page down"),
                            pageUp: (.move(.pageUp), "a page up"), first: (.move(.first), "first row"), last: (.move(.last), "last feed"))
            + [
                KeyBinding([.enter, .character("l"), .right], .open, "open the feed's items (q comes back)"),
                KeyBinding(.character("n"), .nextUnread, "next feed with unread items"),
                KeyBinding(.character("A"), .markFeedRead, "mark the feed read"),
                KeyBinding(.character("C"), .markAllRead, "mark every feed read"),
                KeyBinding(.character("t"), .nextTag, "show the next tag's feeds (then all again)"),
                KeyBinding(.character("U"), .unreadOnly, "show only feeds with unread items, or all"),
            ],
        footer: [
            KeyHint("Enter", "open", for: [.enter]), KeyHint("n", "unread", for: [.character("n")]),
            KeyHint("A/C", "read", for: [.character("A"), .character("C")]), KeyHint("t", "tag", for: [.character("t")]),
        ])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        if rowsRevision != store.revision { rebuildRows() }
        let metrics = metrics
        switch action {
        case .move(let motion): list.move(motion, metrics)
        case .open: return open()
        case .nextUnread:
            let next = rows.indices.dropFirst(list.selected + 1).first { row in
                if case .feed(let index) = rows[row] { return snapshot.rows[index].unread > 0 }
                return false
            }
            guard let next else { return [.message("no feed further down has unread items")] }
            list.select(next, metrics)
        case .markFeedRead:
            guard case .feed(let index) = rows[list.selected] else { return markRead(Array(feeds.indices)) }
            return markRead([index])
        case .markAllRead: return markRead(Array(feeds.indices))
        case .nextTag:
            guard !tags.isEmpty else { return [.message("no feed has a tag (add them in the feeds file)")] }
            tag = tag.flatMap { tags.firstIndex(of: $0) }.map { $0 + 1 < tags.count ? tags[$0 + 1] : nil } ?? tags[0]
            rebuildRows()
            list.select(0, self.metrics)
            return [.message(tag.map { "feeds tagged \($0)" } ?? "every feed")]
        case .unreadOnly:
            onlyUnread.toggle()
            rebuildRows()
            list.select(0, self.metrics)
        }
        return []
    }

    /// `r` reloads the selected feed, as newsboat's does; on the rows above the feeds, every feed.
    public var reloadTarget: LoadTarget {
        guard rows.indices.contains(list.selected), case .feed(let index) = rows[list.selected] else { return .reload }
        return .sources([feeds[index].source])
    }

    /// The selected row's items, as a view of their own over the list: one line each, read
    /// from the cache a screen at a time (or, with `showsSummaries`, with their first lines).
    private func open() -> [ViewEffect] {
        guard rows.indices.contains(list.selected) else { return [] }
        if showsSummaries { return openRiver() }
        let refs = feeds.indices.map { index in
            HeadlineListView.FeedRef(source: feeds[index].source, key: feeds[index].cacheKey,
                                     title: name(index, loaded: snapshot.rows.indices.contains(index) ? snapshot.rows[index].title : ""))
        }
        let everySource = Set(feeds.map(\.source))
        var headlines: HeadlineListView
        switch rows[list.selected] {
        case .all:
            if let tag {
                let tagged = feeds.filter { $0.tags.contains(tag) }
                headlines = HeadlineListView(query: .tag(tag, feeds: Set(tagged.map(\.cacheKey))), title: "All items · \(tag)", feeds: refs,
                                             riverSources: Set(tagged.map(\.source)), store: store, now: now, timeZone: timeZone)
            } else {
                headlines = HeadlineListView(query: .all, title: "All items", feeds: refs, riverSources: everySource, store: store,
                                             now: now, timeZone: timeZone)
            }
        case .unread:
            headlines = HeadlineListView(query: .unread, title: "Unread items", feeds: refs, riverSources: everySource, store: store,
                                         now: now, timeZone: timeZone)
        case .starred:
            headlines = HeadlineListView(query: .starred, title: "Starred items", feeds: refs, riverSources: [StarredItem.source],
                                         store: store, now: now, timeZone: timeZone)
            // Read whole from the starred items the store then holds.
            return [.push(headlines), headlines.firstLoad(), .host(.load(.feeds, .starred))]
        case .feed(let index):
            headlines = HeadlineListView(query: .feed(feeds[index].cacheKey), title: refs[index].title, feeds: refs,
                                         riverSources: [feeds[index].source], store: store, now: now, timeZone: timeZone)
        }
        let first = headlines.firstLoad()
        return [.push(headlines), first]
    }

    /// The selected row's items with their first lines, expanded in place (`S` in a list).
    private func openRiver() -> [ViewEffect] {
        var items: ItemListView
        let shown: [Int]
        switch rows[list.selected] {
        case .all:
            shown = Array(feeds.indices)
            items = ItemListView(now: now, timeZone: timeZone, sources: Set(feeds.map(\.source)), title: "All items", store: store)
        case .unread:
            shown = Array(feeds.indices)
            items = ItemListView(now: now, timeZone: timeZone, sources: Set(feeds.map(\.source)), unreadOnly: true, title: "Unread", store: store)
        case .starred:
            // Starred items come from the cache: asked for as they are now, shown when they come.
            let starred = ItemListView(now: now, timeZone: timeZone, sources: [StarredItem.source], title: "Starred items", store: store)
            return [.push(starred), .host(.load(.feeds, .starred))]
        case .feed(let index):
            shown = [index]
            items = ItemListView(now: now, timeZone: timeZone, sources: [feeds[index].source], title: name(index, loaded: snapshot.rows[index].title), store: store)
        }
        items.show(shown.compactMap { index -> (source: String, outcome: Result<PreparedFeed, LoadError>)? in
            if let feed = store.feed(source: feeds[index].source) { return (feeds[index].source, .success(feed)) }
            return store.error(source: feeds[index].source).map { (feeds[index].source, .failure($0)) }
        })
        return [.push(items)]
    }

    private func markRead(_ indices: [Int]) -> [ViewEffect] {
        let unread = indices.flatMap { store.unreadEntries(source: feeds[$0].source) }
        return unread.isEmpty ? [.message("nothing unread there")] : [.feeds(.markRead(unread, read: true))]
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        guard case .again = list.click(row: y - area.y, metrics) else { return [] }
        return open()
    }

    public mutating func layout(in area: Rect) {
        list.resize(height: area.height, metrics)
        list.keepVisible(metrics)
    }

    // MARK: - Loads and reads

    /// A load changed the store (`BrowserState` applied it): the rows follow.
    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        let source: String
        switch message {
        case .loaded(let loaded, .feed): source = loaded
        case .loadFailed(let failed, _): source = failed
        default: return []
        }
        let kept = rows.indices.contains(list.selected) ? rows[list.selected] : nil
        rebuildRows(changed: source)
        if let kept, let row = rows.firstIndex(of: kept) { list.selectKeepingView(row, metrics) } else { list.clamp(metrics) }
        return []
    }

    private mutating func rebuildRows(changed source: String? = nil) {
        refreshSnapshot(changed: source)
        var rows: [Row] = [.all, .unread, .starred]
        for index in feeds.indices {
            if let tag, !feeds[index].tags.contains(tag) { continue }
            if onlyUnread, snapshot.rows[index].unread == 0 { continue }
            rows.append(.feed(index))
        }
        self.rows = rows
        rowsRevision = snapshotRevision
    }

    /// Brings the snapshot up to the store: the one feed a load changed when nothing else did
    /// since (200 feeds arriving cost 200 rows, not 200 × 200), else every feed.
    private mutating func refreshSnapshot(changed source: String?) {
        let revision = store.revision
        guard revision != snapshotRevision else { return }
        if let source, snapshotRevision == revision - 1, snapshot.rows.count == feeds.count {
            let summary = store.summaries([source])[0]
            for index in feeds.indices where feeds[index].source == source { snapshot.rows[index] = summary }
            snapshot.totals = store.totals()
        } else {
            snapshot = (store.summaries(feeds.lazy.map(\.source)), store.totals())
        }
        snapshotRevision = revision
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !feeds.isEmpty else {
            Placeholder.empty("No feeds yet: add one with 'fremont feeds add URL', or import OPML with 'fremont feeds import FILE'.")
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        var shown = list
        shown.resize(height: area.height, metrics)
        let now = now()
        let width = area.width - 1
        // The rows as the store has them: the snapshot, unless a screen over this one changed it.
        let current = rowsRevision == store.revision
        let totals = current ? snapshot.totals : store.totals()
        let total = totals.items, totalUnread = totals.unread
        let first = shown.offset, last = min(rows.count, shown.offset + area.height)
        let looked: [FeedStore.Summary]? = current ? nil : store.summaries(rows[first..<max(first, last)].map { row -> String in
            if case .feed(let index) = row { return feeds[index].source } else { return "" }
        })
        func slot(_ row: Int) -> FeedStore.Summary {
            if let looked { return looked[row - first] }
            guard case .feed(let index) = rows[row] else { return FeedStore.Summary() }
            return snapshot.rows[index]
        }
        ListView.render(shown, metrics, area: area, into: &buffer, theme: theme) { row, _, y, buffer in
            let selected = row == shown.selected
            var line = StyledLine()
            let counts: String
            switch rows[row] {
            case .all:
                line.append("  All items", theme.title)
                counts = "\(totalUnread)/\(total)"
            case .unread:
                line.append("  Unread items", theme.title)
                counts = "\(totalUnread)"
            case .starred:
                line.append("★ Starred items", theme.title)
                counts = ""
            case .feed(let index):
                let slot = slot(row)
                let mark = slot.error != nil && !slot.loaded ? "✗ " : (slot.unread > 0 ? "● " : "  ")
                line.append(mark, slot.error != nil && !slot.loaded ? theme.warning : theme.link.adding(.bold))
                line.append(name(index, loaded: slot.title), slot.unread > 0 ? theme.title : .plain)
                counts = slot.loaded ? "\(slot.unread)/\(slot.items)" : ""
            }
            // Counts, when, tags, a failure: on the right, as far as they fit after the name.
            var right = TextLayout.padLeft(counts, to: 9)
            if case .feed(let index) = rows[row] {
                let slot = slot(row)
                if let error = slot.error {
                    right += "  failed: " + TerminalSafeText.singleLine(error.message)
                } else if let newest = slot.newest {
                    right += "  " + FeedDateText.describe(newest, now: now, timeZone: timeZone)
                }
                if !feeds[index].tags.isEmpty { right += "  " + feeds[index].tags.map(TerminalSafeText.singleLine).joined(separator: " ") }
            }
            let nameWidth = min(max(20, width / 2), max(0, width - DisplayWidth.of(right)))
            var left = StyledLine()
            var used = 0
            for span in line.spans {
                let text = TextLayout.truncate(span.text, to: nameWidth - used)
                left.append(text, span.style)
                used += DisplayWidth.of(text)
            }
            left.append(String(repeating: " ", count: max(0, nameWidth - used)))
            left.append(TextLayout.truncate(right, to: width - nameWidth), theme.dim)
            buffer.drawRow(left, x: area.x, y: y, width: width, selected: selected, theme: theme)
        }
    }
}
