import Foundation
import FremontCore

/// The Feeds tab's top level, as in newsboat: every followed feed with its unread and total
/// counts, when it last changed and why its last load failed; above them, every item, and the
/// unread ones. Enter opens a feed's items (an `ItemListView` pushed over the list).
public struct FeedListView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), open, nextUnread, previousUnread, markFeedRead, markAllRead, pickTag, clearTag, unreadOnly, editFeedList
        /// The next `feed-sort-order`.
        case nextOrder
        // Answering "mark every feed read?".
        case confirm, refuse
        // Choosing a tag from the picker.
        case pickerMove(ListMotion), choose, closePicker
    }

    enum Row: Equatable {
        case all, unread, starred, feed(Int)
    }

    public let id = ViewID.feeds
    public var bindingContext: String { "feedlist" }
    public let title = "Feeds"
    public private(set) var feeds: [FollowedFeed]
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
    /// The feeds' order (`feed-sort-order`; `O` goes on to the next).
    public private(set) var order = FeedOrder.none
    private var tags: [String]
    public let now: @Sendable () -> Date
    public let timeZone: TimeZone
    /// Open lists with each item's first lines (the river) rather than one line each.
    public var showsSummaries = false

    /// The config's reading settings, handed on to the lists opened.
    public let reading: ReadingSettings

    public init(feeds: [FollowedFeed], now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
                reading: ReadingSettings = ReadingSettings()) {
        self.feeds = feeds
        self.reading = reading
        showsSummaries = reading.showSummaries
        onlyUnread = !reading.showReadFeeds
        order = reading.feedOrder
        self.now = now
        self.timeZone = timeZone
        tags = Self.tags(of: feeds)
        queryFeeds = Self.itemQueries(feeds)
        rebuildRows()
    }

    private var metrics: UniformMetrics { UniformMetrics(count: rows.count) }
    /// The header says which filters are on: a tag, only feeds with unread items.
    public var sourceName: String {
        "\(feeds.count) feed\(feeds.count == 1 ? "" : "s")" + (tag.map { " · tag \(TerminalSafeText.singleLine($0))" } ?? "")
            + (onlyUnread ? " · unread only" : "") + (order == .none ? "" : " · by \(order)")
    }
    private static func tags(of feeds: [FollowedFeed]) -> [String] {
        var tags: [String] = []
        for feed in feeds { for tag in feed.tags where !tags.contains(tag) { tags.append(tag) } }
        return tags
    }

    /// `C` asked "mark every feed read?" and waits for y or n.
    public private(set) var isConfirming = false
    /// The tag picker (`t`): every tag, "every feed" first; nil when closed.
    private(set) var picker: ListState?
    /// The starred items were asked for once, at the first load, for their count.
    private var askedStarred = false
    /// `itemQueries(feeds)`, kept with the feeds.
    private var queryFeeds: [Int: (all: ItemQuery, unread: ItemQuery)] = [:]
    /// Each query feed's counts, read from the cache (its items, and the unread among them).
    private var queryCounts: [Int: (unread: Int, total: Int)] = [:]
    /// Counts asked for and not all back yet, and whether a load since makes them stale.
    private var countsOutstanding = 0
    private var countsStale = false
    public var warningCount: Int { store.totals().warnings }
    public var totalUnread: Int { store.totals().unread }



    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
        store.name(feeds)
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

    public var keymap: Keymap<Action> { isConfirming ? Self.confirmKeys : picker != nil ? Self.pickerKeys : Self.keys }

    private static let keys = Keymap<Action>(
        KeyBinding.movement(down: (.move(.down), "next feed"), up: (.move(.up), "previous feed"), pageDown: (.move(.pageDown), "a page down"),
                            pageUp: (.move(.pageUp), "a page up"), first: (.move(.first), "first row"), last: (.move(.last), "last feed"))
            + [
                KeyBinding([.enter, .character("l"), .right], .open, "open the feed's items (q comes back)"),
                KeyBinding(.character("n"), .nextUnread, "next feed with unread items"),
                KeyBinding(.character("p"), .previousUnread, "previous feed with unread items"),
                KeyBinding(.character("A"), .markFeedRead, "mark the feed read"),
                KeyBinding(.character("C"), .markAllRead, "mark every feed read (asks first)"),
                KeyBinding(.character("t"), .pickTag, "choose a tag: only its feeds"),
                KeyBinding(.control("t"), .clearTag, "every feed again (clear the tag)"),
                KeyBinding(.character("U"), .unreadOnly, "show only feeds with unread items, or all"),
                KeyBinding(.character("E"), .editFeedList, "edit the feeds file ($EDITOR), then reload it"),
                KeyBinding(.character("O"), .nextOrder, "the next sort order (feed-sort-order)"),
            ],
        footer: [
            KeyHint("Enter", "open", for: [.enter]), KeyHint("n/p", "unread", for: [.character("n"), .character("p")]),
            KeyHint("A/C", "read", for: [.character("A"), .character("C")]), KeyHint("t", "tag", for: [.character("t")]),
        ])

    private static let confirmKeys = Keymap<Action>([
        KeyBinding(.character("y"), .confirm, "yes: mark every feed read"),
        KeyBinding([.character("n"), .escape, .character("q")], .refuse, "no: leave them"),
    ], footer: [KeyHint("y", "yes", for: [.character("y")]), KeyHint("n", "no", for: [.character("n")])])

    private static let pickerKeys = Keymap<Action>(
        KeyBinding.movement(down: (.pickerMove(.down), "next tag"), up: (.pickerMove(.up), "previous tag"),
                            pageDown: (.pickerMove(.pageDown), "a page down"), pageUp: (.pickerMove(.pageUp), "a page up"),
                            first: (.pickerMove(.first), "first"), last: (.pickerMove(.last), "last tag"))
            + [
                KeyBinding([.enter, .character("l"), .right], .choose, "show only this tag's feeds"),
                KeyBinding([.escape, .character("q"), .character("h"), .left], .closePicker, "close the picker"),
            ],
        footer: [KeyHint("Enter", "choose", for: [.enter]), KeyHint("Esc", "close", for: [.escape])])

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        if rowsRevision != store.revision { rebuildRows() }
        let metrics = metrics
        switch action {
        case .move(let motion): list.move(motion, metrics)
        case .open: return open()
        case .nextUnread, .previousUnread:
            let hasUnread = { (row: Int) -> Bool in
                if case .feed(let index) = self.rows[row] { return self.snapshot.rows[index].unread > 0 }
                return false
            }
            let found = action == .nextUnread ? rows.indices.dropFirst(list.selected + 1).first(where: hasUnread)
                : rows.indices.prefix(list.selected).last(where: hasUnread)
            guard let found else { return [.message("no feed further \(action == .nextUnread ? "down" : "up") has unread items")] }
            list.select(found, metrics)
        case .markFeedRead:
            guard case .feed(let index) = rows[list.selected] else { return markRead(Array(feeds.indices)) }
            if feeds[index].query != nil { return [.message("a query feed is marked read from its list: Enter, then A")] }
            return markRead([index])
        case .markAllRead:
            guard totalUnread > 0 else { return [.message("nothing unread")] }
            guard reading.confirmMarkAllFeedsRead else { return markRead(Array(feeds.indices)) }
            isConfirming = true
            return [.message("Mark all \(totalUnread) unread items of every feed read? y/n")]
        case .confirm:
            isConfirming = false
            return markRead(Array(feeds.indices))
        case .refuse:
            isConfirming = false
            return [.message("nothing marked")]
        case .pickTag:
            guard !tags.isEmpty else { return [.message("no feed has a tag (add them after its address in the feeds file)")] }
            var picker = ListState()
            picker.resize(height: max(1, area.height - 1), UniformMetrics(count: tags.count + 1))
            picker.select(tag.flatMap { tags.firstIndex(of: $0) }.map { $0 + 1 } ?? 0, UniformMetrics(count: tags.count + 1))
            self.picker = picker
        case .pickerMove(let motion):
            picker?.move(motion, UniformMetrics(count: tags.count + 1))
        case .choose:
            guard let picker else { return [] }
            self.picker = nil
            return show(tag: picker.selected == 0 ? nil : tags[picker.selected - 1])
        case .closePicker:
            picker = nil
        case .editFeedList:
            return [.host(.runProgram(.editFeedList))]
        case .clearTag:
            guard tag != nil else { return [.message("no tag chosen: every feed is shown")] }
            return show(tag: nil)
        case .unreadOnly:
            onlyUnread.toggle()
            rebuildRows()
            list.select(0, self.metrics)
        case .nextOrder:
            order = order.next
            let kept = rows.indices.contains(list.selected) ? rows[list.selected] : nil
            rebuildRows()
            if let kept, let row = rows.firstIndex(of: kept) { list.select(row, metrics) } else { list.clamp(metrics) }
            return [.message("feeds sorted by \(order)")]
        }
        return []
    }

    private mutating func show(tag newTag: String?) -> [ViewEffect] {
        tag = newTag
        rebuildRows()
        list.select(0, metrics)
        return [.message(tag.map { "only feeds tagged \(TerminalSafeText.singleLine($0)) (Ctrl-T: every feed)" } ?? "every feed")]
    }

    /// `r` reloads the selected feed, as newsboat's does; on the rows above the feeds, every feed.
    public var reloadTarget: LoadTarget {
        guard rows.indices.contains(list.selected), case .feed(let index) = rows[list.selected], feeds[index].query == nil else { return .reload }
        return .sources([feeds[index].source])
    }

    /// Every feed the list fetches (query feeds are the cache's), or those of `r`.
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] {
        switch target {
        case .reload:
            // A feed from the network not shown yet shows what the cache holds of it while it is
            // fetched (a file is read at once: reading it twice would only cost).
            feeds.filter { $0.query == nil && store.feed(source: $0.source) == nil && Self.isFetched($0.source) }
                .map { .run(FeedCommands.cachedFirst($0.source)) }
                + FeedCommands.load(feeds.filter { $0.query == nil }.map(\.source))
        case .sources(let names): FeedCommands.load(names)
        }
    }

    /// The selected row's items, as a view of their own over the list: one line each, read
    /// from the cache a screen at a time (or, with `showsSummaries`, with their first lines).
    private func open() -> [ViewEffect] {
        guard rows.indices.contains(list.selected) else { return [] }
        // A query feed's items are the cache's, never the river's (which holds loads).
        let isQuery = { if case .feed(let index) = self.rows[self.list.selected] { self.feeds[index].query != nil } else { false } }()
        if showsSummaries, !isQuery { return openRiver() }
        let refs = feeds.indices.map { index in
            HeadlineListView.FeedRef(source: feeds[index].source, key: feeds[index].cacheKey,
                                     title: name(index, loaded: snapshot.rows.indices.contains(index) ? snapshot.rows[index].title : ""))
        }
        let everySource = Set(feeds.map(\.source))
        var headlines: HeadlineListView
        switch rows[list.selected] {
        case .all where !reading.showReadArticles && tag == nil:
            headlines = HeadlineListView(query: .unread, title: "All items (unread)", feeds: refs, riverSources: everySource, store: store,
                                         now: now, timeZone: timeZone, reading: reading)
        case .all:
            if let tag {
                let tagged = feeds.filter { $0.tags.contains(tag) }
                headlines = HeadlineListView(query: .tag(tag, feeds: Set(tagged.map(\.cacheKey))), title: "All items · \(tag)", feeds: refs,
                                             riverSources: Set(tagged.map(\.source)), store: store, now: now, timeZone: timeZone, reading: reading)
            } else {
                headlines = HeadlineListView(query: .all, title: "All items", feeds: refs, riverSources: everySource, store: store,
                                             now: now, timeZone: timeZone, reading: reading)
            }
        case .unread:
            headlines = HeadlineListView(query: .unread, title: "Unread items", feeds: refs, riverSources: everySource, store: store,
                                         now: now, timeZone: timeZone, reading: reading)
        case .starred:
            headlines = HeadlineListView(query: .starred, title: "Starred items", feeds: refs, riverSources: [StarredItem.source],
                                         store: store, now: now, timeZone: timeZone, reading: reading)
            // Read whole from the starred items the store then holds.
            return [.push(headlines), .run(FeedCommands.starred)]
        case .feed(let index) where feeds[index].query != nil:
            // A query feed: the cached items its expression matches, from every feed.
            guard let queries = queryFeeds[index] else { return [] }
            headlines = HeadlineListView(query: queries.all, title: refs[index].title, feeds: refs, riverSources: everySource, store: store,
                                         now: now, timeZone: timeZone, reading: reading)
        case .feed(let index) where !reading.showReadArticles:
            // show-read-articles no: the feed's unread items, as they were when it opened.
            let unread = FilterExpression.comparison(FilterComparison("rssurl", .equals, feeds[index].cacheKey)).unreadOnly
            headlines = HeadlineListView(query: .filter(unread, feeds: Self.filterFeeds(feeds)), title: refs[index].title, feeds: refs,
                                         riverSources: [feeds[index].source], store: store, now: now, timeZone: timeZone, reading: reading)
        case .feed(let index):
            headlines = HeadlineListView(query: .feed(feeds[index].cacheKey), title: refs[index].title, feeds: refs,
                                         riverSources: [feeds[index].source], store: store, now: now, timeZone: timeZone, reading: reading)
        }
        return [.push(headlines)]
    }

    public var searchPrompt: String? { picker == nil ? "Search every item" : nil }

    /// `/` (newsboat's search in the feed list): the items of every followed feed (of the tag
    /// shown, when one is) that hold every word, the last a prefix, as a headline list of their
    /// own over the cache's full-text index.
    public mutating func search(_ text: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        let words = text.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
        guard !words.isEmpty else { return [] }
        let refs = feeds.indices.map { index in
            HeadlineListView.FeedRef(source: feeds[index].source, key: feeds[index].cacheKey,
                                     title: name(index, loaded: snapshot.rows.indices.contains(index) ? snapshot.rows[index].title : ""))
        }
        let within: ItemQuery = tag.map { tag in .tag(tag, feeds: Set(feeds.filter { $0.tags.contains(tag) }.map(\.cacheKey))) } ?? .all
        let shown = TextLayout.truncate(TerminalSafeText.singleLine(words), to: 30)
        let results = HeadlineListView(query: .search(words, within: within), title: "'\(shown)' in every item", feeds: refs,
                                       riverSources: Set(feeds.map(\.source)), store: store, now: now, timeZone: timeZone, reading: reading)
        return [.push(results)]
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
            return [.push(starred), .run(FeedCommands.starred)]
        case .feed(let index):
            shown = [index]
            items = ItemListView(now: now, timeZone: timeZone, sources: [feeds[index].source], title: name(index, loaded: snapshot.rows[index].title), store: store)
        }
        items.show(shown.compactMap { index -> (source: String, outcome: Result<PreparedFeed, LoadError>)? in
            if let feed = store.feed(source: feeds[index].source) { return (feeds[index].source, .success(feed)) }
            return store.error(source: feeds[index].source).map { (feeds[index].source, .failure($0)) }
        })
        // Loads bring a feed's counts; the river wraps its items, read whole from the cache.
        let whole = shown.filter { feeds[$0].query == nil }.map { feeds[$0].source }
        return [.push(items)] + FeedCommands.load(whole, whole: true, cached: true)
    }

    /// The feeds' items read, however many: an intent the store and the cache each apply once
    /// (the cache by a statement per feed), never a list of the items.
    private func markRead(_ indices: [Int]) -> [ViewEffect] {
        let sources = indices.filter { feeds[$0].query == nil && store.unreadCount(source: feeds[$0].source) > 0 }.map { feeds[$0].source }
        return sources.isEmpty ? [.message("nothing unread there")] : [.feeds(.markFeedsRead(sources))]
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
        case .programFinished(let outcome):
            // The feeds file edited: its feeds now, and a reload of them.
            guard outcome.request == .editFeedList, let list = outcome.feedList else { return [] }
            feeds = list.feeds
            tags = Self.tags(of: feeds)
            queryFeeds = Self.itemQueries(feeds)
            queryCounts = [:]
            if let tag, !tags.contains(tag) { self.tag = nil }
            store.name(feeds)
            snapshotRevision = -1
            rebuildRows()
            self.list.clamp(metrics)
            return load(.reload)
        case .loadStarted where !askedStarred:
            // The starred items, read from the cache once, for their count; the query feeds' counts.
            askedStarred = true
            return [.run(FeedCommands.starred)] + countQueries()
        case .revealed:
            // Items read in a list opened from here change what the query feeds count, and items
            // starred there the starred row's (read again from the cache: as many as were starred).
            return (askedStarred ? [.run(FeedCommands.starred)] : []) + countQueries()
        case .reply(let reply) where reply.key.hasPrefix(Self.countKey) && countsOutstanding > 0:
            guard case .success(let window)? = reply.value(as: ItemWindow.self) else {
                countsOutstanding -= 1
                return []
            }
            guard window.isCounted, let (index, queries) = queryFeeds.first(where: {
                $0.value.all == window.query || $0.value.unread == window.query
            }) else { return [] }
            var counts = queryCounts[index] ?? (0, 0)
            if queries.all == window.query { counts.total = window.total } else { counts.unread = window.total }
            queryCounts[index] = counts
            countsOutstanding -= 1
            snapshotRevision = -1
            rebuildRows()
            return countsOutstanding == 0 && countsStale ? countQueries() : []
        case .loaded(let loaded, .feed): source = loaded
        case .loadFailed(let failed, _): source = failed
        default: return []
        }
        let kept = rows.indices.contains(list.selected) ? rows[list.selected] : nil
        rebuildRows(changed: source)
        // A feed's load may change what a query matches.
        let recount = source == StarredItem.source ? [] : countQueries()
        if let kept, let row = rows.firstIndex(of: kept) { list.selectKeepingView(row, metrics) } else { list.clamp(metrics) }
        return recount
    }

    private mutating func rebuildRows(changed source: String? = nil) {
        refreshSnapshot(changed: source)
        var rows: [Row] = [.all, .unread, .starred]
        for index in orderedFeeds() {
            if let tag, !feeds[index].tags.contains(tag) { continue }
            if onlyUnread, snapshot.rows[index].unread == 0 { continue }
            rows.append(.feed(index))
        }
        self.rows = rows
        rowsRevision = snapshotRevision
    }

    /// The feeds' indices in the list's order (a few hundred, sorted in memory from the snapshot).
    private func orderedFeeds() -> [Int] {
        guard order != .none, snapshot.rows.count == feeds.count else { return Array(feeds.indices) }
        return order.sorted(feeds.indices.map { index in
            let row = snapshot.rows[index]
            return FeedOrder.Facts(position: index, firstTag: feeds[index].tags.first, title: name(index, loaded: row.title),
                                   total: row.items, unread: row.unread, newest: row.newest?.timeIntervalSince1970)
        })
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
        overlayQueryCounts()
    }

    /// A query feed's row: its counts from the cache, not from a load.
    private mutating func overlayQueryCounts() {
        guard snapshot.rows.count == feeds.count else { return }
        for (index, counts) in queryCounts {
            snapshot.rows[index] = FeedStore.Summary(loaded: true, title: feeds[index].title ?? "", items: counts.total, unread: counts.unread)
        }
    }

    /// What the feeds file's queries match, in the filter language's terms: the feeds in order
    /// with their tags.
    static func filterFeeds(_ feeds: [FollowedFeed]) -> FilterFeedList {
        var tags: [String: [String]] = [:]
        for feed in feeds where feed.query == nil { tags[feed.cacheKey] = feed.tags }
        return FilterFeedList(urls: feeds.filter { $0.query == nil }.map(\.cacheKey), tags: tags)
    }

    /// Each query feed's item query (what its list shows) and the one counting its unread items,
    /// by the feed's index: made when the feeds are, not once per window that arrives.
    static func itemQueries(_ feeds: [FollowedFeed]) -> [Int: (all: ItemQuery, unread: ItemQuery)] {
        let list = filterFeeds(feeds)
        var queries: [Int: (all: ItemQuery, unread: ItemQuery)] = [:]
        for (index, feed) in feeds.enumerated() {
            guard let expression = feed.query else { continue }
            queries[index] = (.filter(expression, feeds: list), .filter(expression.unreadOnly, feeds: list))
        }
        return queries
    }

    /// The keys of the query feeds' counts begin so.
    static let countKey = "query feed count "

    /// Asks the cache for every query feed's counts: one at a time, again after a load.
    private mutating func countQueries() -> [ViewEffect] {
        guard !queryFeeds.isEmpty else { return [] }
        guard countsOutstanding == 0 else {
            countsStale = true
            return []
        }
        countsStale = false
        var effects: [ViewEffect] = []
        for (index, queries) in queryFeeds {
            effects.append(.run(ItemCommands.window(.count(of: queries.all), key: "\(Self.countKey)\(index) all")))
            effects.append(.run(ItemCommands.window(.count(of: queries.unread), key: "\(Self.countKey)\(index) unread")))
        }
        countsOutstanding = effects.count
        return effects
    }

    // MARK: - Drawing

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.fill(area, style: .plain)
        guard !feeds.isEmpty else {
            Placeholder.empty("No feeds yet: add one with 'fremont feeds add URL', or import OPML with 'fremont feeds import FILE'.")
                .render(into: &buffer, area: area, theme: theme)
            return
        }
        if let picker {
            renderPicker(picker, into: &buffer, area: area, theme: theme)
            return
        }
        var shown = list
        shown.resize(height: area.height, metrics)
        let now = now()
        let width = area.width - 1
        let starredCount = store.itemCount(source: StarredItem.source)
        // The rows as the store has them: the snapshot, unless a screen over this one changed it.
        let current = rowsRevision == store.revision
        let totals = current ? snapshot.totals : store.totals()
        let total = totals.items, totalUnread = totals.unread
        let first = shown.offset, last = min(rows.count, shown.offset + area.height)
        let looked: [FeedStore.Summary]? = current ? nil : store.summaries(rows[first..<max(first, last)].map { row -> String in
            if case .feed(let index) = row { return feeds[index].source } else { return "" }
        })
        func slot(_ row: Int) -> FeedStore.Summary {
            if case .feed(let index) = rows[row], let counts = queryCounts[index] {
                return FeedStore.Summary(loaded: true, title: feeds[index].title ?? "", items: counts.total, unread: counts.unread)
            }
            if let looked { return looked[row - first] }
            guard case .feed(let index) = rows[row] else { return FeedStore.Summary() }
            return snapshot.rows[index]
        }
        // Wide enough for the largest count (All items' at a million items: 666666/1000000).
        let countsWidth = Self.countsWidth(unread: totalUnread, total: total, starred: starredCount ?? 0)
        let nameWidth = Self.nameWidth(width, countsWidth: countsWidth)
        ListView.render(shown, metrics, area: area, into: &buffer, theme: theme) { row, _, y, buffer in
            let selected = row == shown.selected
            var line = StyledLine()
            let counts: String
            let feedSlot: FeedStore.Summary? = if case .feed = rows[row] { slot(row) } else { nil }
            switch rows[row] {
            case .all:
                line.append("  All items", theme.title)
                counts = "\(totalUnread)/\(total)"
            case .unread:
                line.append("  Unread items", theme.title)
                counts = "\(totalUnread)"
            case .starred:
                line.append("★ Starred items", theme.title)
                counts = starredCount.map(String.init) ?? ""
            case .feed(let index):
                let slot = feedSlot ?? FeedStore.Summary()
                let mark = slot.error != nil && !slot.loaded ? "✗ " : (slot.unread > 0 ? "● " : "  ")
                line.append(mark, slot.error != nil && !slot.loaded ? theme.warning : theme.link.adding(.bold))
                line.append(name(index, loaded: slot.title), slot.unread > 0 ? theme.title : .plain)
                counts = slot.loaded ? "\(slot.unread)/\(slot.items)" : ""
            }
            // Columns at the same place on every row: the name, the counts, when, then tags or a
            // failure, cut first when the window is narrow.
            var right = TextLayout.padLeft(counts, to: countsWidth)
            if case .feed(let index) = rows[row], let slot = feedSlot {
                if let error = slot.error {
                    right += "  failed: " + TerminalSafeText.singleLine(error.message)
                } else {
                    let when = slot.newest.map { FeedDateText.describe($0, now: now, timeZone: timeZone) } ?? ""
                    // Padded only where tags follow it: trailing spaces are cut below.
                    right += "  " + (feeds[index].tags.isEmpty ? when : TextLayout.padRight(when, to: Self.dateWidth))
                }
                if !feeds[index].tags.isEmpty { right += "  " + feeds[index].tags.map(TerminalSafeText.singleLine).joined(separator: " ") }
            }
            while right.last == " " { right.removeLast() }
            var left = StyledLine()
            var used = 0
            for span in line.spans {
                let text = TextLayout.truncate(span.text, to: nameWidth - used)
                left.append(text, span.style)
                used += DisplayWidth.of(text)
            }
            left.append(String.spaces(max(0, nameWidth - used)))
            left.append(TextLayout.truncate(right, to: width - nameWidth), theme.dim)
            buffer.drawRow(left, x: area.x, y: y, width: width, selected: selected, theme: theme)
        }
    }

    static let dateWidth = 11

    /// Whether a feed comes over the network (its fetch may be slow), not from a file.
    static func isFetched(_ source: String) -> Bool {
        let lowered = source.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The counts column: 9 columns, more when the largest count needs them (no feed's or query
    /// feed's exceeds All items'; the starred items are kept apart and may).
    static func countsWidth(unread: Int, total: Int, starred: Int) -> Int {
        max(9, "\(unread)/\(total)".count, String(starred).count)
    }

    /// The name column: half the width (at least 20), less when the counts and date would not
    /// fit after it; the same on every row, so the columns after it line up.
    static func nameWidth(_ width: Int, countsWidth: Int) -> Int {
        max(0, min(max(20, width / 2), width - countsWidth - 2 - dateWidth))
    }

    private func renderPicker(_ picker: ListState, into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        buffer.write("Show the feeds tagged:", x: area.x + 1, y: area.y, style: theme.title)
        let listArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        var shown = picker
        let metrics = UniformMetrics(count: tags.count + 1)
        shown.resize(height: listArea.height, metrics)
        ListView.render(shown, metrics, area: listArea, into: &buffer, theme: theme) { row, _, y, buffer in
            let count = row == 0 ? feeds.count : feeds.filter { $0.tags.contains(tags[row - 1]) }.count
            let name = row == 0 ? "every feed" : TerminalSafeText.singleLine(tags[row - 1])
            var line = StyledLine("  " + TextLayout.padRight(TextLayout.truncate(name, to: 40), to: 40), row == 0 ? theme.dim : .plain)
            line.append("  \(count) feed\(count == 1 ? "" : "s")", theme.dim)
            buffer.drawRow(line, x: listArea.x, y: y, width: listArea.width - 1, selected: row == shown.selected, theme: theme)
        }
    }
}
