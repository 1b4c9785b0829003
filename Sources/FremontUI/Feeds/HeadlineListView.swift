import Foundation
import FremontCore

/// newsboat's article list: one line per item (unread mark, star, date, in merged lists the
/// feed, the title), so a 40-row screen shows 36 items, over a window of the cache: the list
/// holds the rows on screen and a margin, never every item, so a million cached items cost what
/// a screen costs. `Enter` reads the selected item whole in place (`ArticlePager`), where
/// `n`/`p` go on to the next unread item, across feeds.
public struct HeadlineListView: BrowserView {
    public enum Action: Sendable, Hashable {
        case move(ListMotion), open, nextUnread, previousUnread, toggleRead, markAllRead, toggleStar, openLink, showLinks
        case play, enqueue, summaries, back
        /// Filters (newsboat's `select-filter`, `set-filter`, `clear-filter`), and the picker's keys.
        case pickFilter, typeFilter, clearFilter, filterPickerMove(ListMotion), chooseFilter, closeFilterPicker
        /// The next `article-sort-order`.
        case nextOrder
        /// The config's `bookmark-cmd` on the item.
        case bookmark
        /// `x`: the selected item read with its full article in place of the feed's text.
        case fullArticle
        /// A key while an item is read.
        case reading(ReadingKey)
    }

    /// A feed of the list the reader may go on to: its name in the browser and its cache key.
    public struct FeedRef: Sendable, Hashable {
        public var source: String
        public var key: String
        public var title: String

        public init(source: String, key: String, title: String) {
            self.source = source
            self.key = key
            self.title = title
        }
    }

    public let id = ViewID.feeds
    public var bindingContext: String { article == nil ? "articlelist" : "article" }
    /// The tab's name: the list is the Feeds tab's screen, whichever way it was opened.
    public var title: String { "Feeds" }
    /// What the list shows (a feed, All items, a search), for the header's right side.
    public private(set) var listName: String
    /// The items over the cache, a window at a time, and the list's scroll position.
    private(set) var items: ItemWindowSource
    /// What the window asks the cache: the list's own items, narrowed by the active filter.
    public var query: ItemQuery { items.query }
    /// The list's own items, before a filter narrows them.
    public private(set) var baseQuery: ItemQuery
    /// The order of the list (`article-sort-order`, `O` goes on to the next).
    public var order: ItemOrder { items.order }
    /// The filter narrowing the list (`f`, `F`), nil for none.
    public private(set) var filter: ActiveFilter?
    /// The filter before the one just set, until the cache takes the new one: one it refuses
    /// (an unknown attribute, a bad pattern) gives the list back as it was.
    private var filterBeforeTrial: ActiveFilter??
    /// The picker of the config's `define-filter`s (`f`); nil when closed.
    private(set) var filterPicker: FilterPicker?
    /// The prompt open is `F`'s, for a filter typed.
    private var promptingFilter = false
    /// The feeds in the feed list's order: `n` past the last unread item of one goes on to the next.
    let feeds: [FeedRef]
    /// Each feed's place in `feeds` by its cache key: every row drawn asks for its feed (three
    /// times: unread, starred, its name), which a search of 500 feeds made a frame's largest cost.
    private let feedIndex: [String: Int]
    /// The sources the summaries view (`S`) shows for this list; nil: every feed.
    let riverSources: Set<String>?
    var window: ItemWindow { items.window }
    var head: ItemWindow? { items.head }
    var tail: ItemWindow? { items.tail }
    var pending: ItemWindowRequest? { items.pending }
    var isLoaded: Bool { items.isLoaded }
    private(set) var list: ListState {
        get { items.list }
        set { items.list = newValue }
    }
    var height: Int { items.height }
    private(set) var width = 0
    /// The item being read, and the one asked of the cache to be read.
    private(set) var article: ArticlePager?
    private(set) var awaited: (feed: String, id: String)?
    /// An item `*`, `e`, `o`, `P` or Ctrl-B was pressed on while the store held none of it: read
    /// from the cache, then starred (kept whole), queued, opened, played or bookmarked, as if held.
    private(set) var awaitedAction: (feed: String, id: String, action: Action)?
    /// Keys pressed while the item being opened is read from the cache (`n`, `*`, `N` typed
    /// ahead): done, in order, on the item once it shows. A few at most.
    private var typedAhead: [ReadingKey] = []
    static let typeAheadLimit = 16
    /// What to do when the next window arrives: go on looking for an unread item.
    private var seeking: Seek?
    private var store = FeedStore()
    public let now: @Sendable () -> Date
    public let timeZone: TimeZone

    struct Seek: Sendable {
        /// The next position to look at.
        var from: Int
        var forward: Bool
        /// Open the item found (`n` while reading).
        var open: Bool
        /// Windows looked through so far: the search is bounded.
        var hops: Int
    }

    /// A filter narrowing a list: a `define-filter` by its name, or one typed.
    public struct ActiveFilter: Sendable, Hashable {
        public var name: String?
        public var text: String
        public var expression: FilterExpression

        /// How the status line names it.
        var label: String {
            "filter " + TextLayout.truncate(TerminalSafeText.singleLine(name ?? text), to: 40)
        }
    }

    /// Windows `n` looks through before it gives up (each up to `ItemSeek.maxWindowRows` rows).
    static let maximumHops = 50

    /// The config's reading settings (`goto-next-feed`, `text-width`, `datetime-format`).
    public let reading: ReadingSettings
    /// The list of a feed named on the command line takes the feed's own title once it loads.
    private var titlesFromFeed = false
    /// Why the list's feeds that failed their last load failed, by source.
    private(set) var failures: [String: String] = [:]

    /// The feeds named on the command line (`fremont feed A B`): the list a followed feed opens
    /// in, with the same keys, the tab's own screen (`q` quits). One feed is that feed's list;
    /// several are merged, each item naming its feed.
    public static func named(_ named: [FollowedFeed], reading: ReadingSettings = ReadingSettings(),
                             now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) -> HeadlineListView {
        // No `~Title`: each item names its feed by the feed's own title.
        let refs = named.map { FeedRef(source: $0.source, key: $0.cacheKey, title: $0.title ?? "") }
        let keys = Set(named.map(\.cacheKey))
        var query: ItemQuery = named.count == 1 ? .feed(named[0].cacheKey) : .feeds(keys)
        // show-read-articles no: the unread items, as they were when the list opened.
        if !reading.showReadArticles { query = .filter(anyOf(keys).unreadOnly, feeds: FilterFeedList(urls: named.map(\.cacheKey))) }
        let title = named.count == 1 ? named[0].title ?? FeedSlot.fileName(named[0].source) : "\(named.count) feeds"
        var list = HeadlineListView(query: query, title: title, feeds: refs, riverSources: Set(named.map(\.source)), now: now,
                                    timeZone: timeZone, reading: reading)
        list.titlesFromFeed = named.count == 1
        return list
    }

    public init(query: ItemQuery, title: String, feeds: [FeedRef] = [], riverSources: Set<String>? = nil, store: FeedStore = FeedStore(),
                now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current, reading: ReadingSettings = ReadingSettings()) {
        self.reading = reading
        items = ItemWindowSource(query: query, order: reading.articleOrder, highlights: reading.highlights.map(\.expression))
        baseQuery = query
        listName = title
        self.feeds = feeds
        feedIndex = Dictionary(feeds.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.riverSources = riverSources
        self.store = store
        self.now = now
        self.timeZone = timeZone
    }

    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
    }

    /// The first window, asked for when the list is pushed (`appear`), or, as the tab itself
    /// (feeds named on the command line), with its feeds' first load.
    public mutating func firstLoad() -> ViewEffect { items.firstLoad() }

    public mutating func appear() -> [ViewEffect] { [firstLoad()] }

    /// As the tab itself (feeds named on the command line): its feeds loaded, the first time
    /// with its first window, read from the cache while they load. Opened from the feed list:
    /// its feed (`r`); every feed is the feed list's to load.
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] {
        let first = isLoaded || pending != nil ? [] : [firstLoad()]
        switch target {
        case .reload: return FeedCommands.load(feeds.map(\.source)) + first
        case .sources(let names): return FeedCommands.load(names) + first
        }
    }

    // MARK: - What is shown

    public var total: Int { window.total }
    public var selected: Int { list.selected }
    public var isReading: Bool { article != nil }
    /// The header names the list (the feed, All items…) and how many items it has.
    public var sourceName: String {
        TextLayout.truncate(listName, to: 40) + (order == .newestFirst ? "" : " · by \(order)")
            + (!isLoaded ? "" : window.isCounted ? " · \(window.total) item\(window.total == 1 ? "" : "s")" : " · … items")
            + (failures.isEmpty ? "" : " · \(failures.count) failed")
    }
    var metrics: UniformMetrics { items.metrics }
    /// Merged lists name each item's feed.
    var isMerged: Bool { Self.isMerged(baseQuery) }

    private static func isMerged(_ query: ItemQuery) -> Bool {
        switch query {
        case .feed: false
        case .search(_, let within): isMerged(within)
        default: true
        }
    }

    /// The row at `position`: from the window, else from an end held beside it.
    func headline(_ position: Int) -> ItemHeadline? { items.headline(position) }

    /// The feed of the list with cache key `key`.
    func feed(key: String) -> FeedRef? { feedIndex[key].map { feeds[$0] } }

    /// The browser's name for an item's feed: a file's cache key is its absolute path.
    func source(of headline: ItemHeadline) -> String {
        feed(key: headline.feed)?.source ?? headline.feed
    }

    func isUnread(_ headline: ItemHeadline) -> Bool {
        store.isUnread(source: source(of: headline), id: headline.id, asCached: !headline.isRead)
    }

    func isStarred(_ headline: ItemHeadline) -> Bool {
        store.isStarred(source: source(of: headline), id: headline.id, asCached: headline.isStarred)
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { article != nil ? Self.readingKeys : filterPicker != nil ? Self.filterPickerKeys : Self.listKeys }

    /// The moving keys, but Ctrl-F and Ctrl-B: newsboat's `clear-filter` and `bookmark` in this list.
    private static let listMovement = KeyBinding<Action>.movement(
        down: (.move(.down), "next item"), up: (.move(.up), "previous item"), pageDown: (.move(.pageDown), "a page down"),
        pageUp: (.move(.pageUp), "a page up"), first: (.move(.first), "first item"), last: (.move(.last), "last item")
    ).map { binding in
        var binding = binding
        binding.keys.removeAll { $0 == .control("f") || $0 == .control("b") }
        binding.keyLabel = binding.keys.map(\.label).joined(separator: " ")
        return binding
    }

    private static let listKeys = Keymap<Action>(
        listMovement
            + [
                KeyBinding([.enter, .character("l"), .right], .open, "read the item (q comes back)"),
                KeyBinding(.character("n"), .nextUnread, "next unread item"),
                KeyBinding(.character("p"), .previousUnread, "previous unread item"),
                KeyBinding(.character("N"), .toggleRead, "mark the item read or unread"),
                KeyBinding(.character("A"), .markAllRead, "mark every item of the list read"),
                KeyBinding(.character("*"), .toggleStar, "star or unstar (kept under Starred items)"),
                KeyBinding(.character("o"), .openLink, "open the item's link in the browser"),
                KeyBinding(.character("u"), .showLinks, "the item's links and enclosures"),
                KeyBinding(.character("P"), .play, "play the item's enclosure (config: player)"),
                KeyBinding(.character("e"), .enqueue, "download the item's enclosure (tab 6)"),
                KeyBinding(.character("S"), .summaries, "the items with their first lines (q: back)"),
                KeyBinding(.character("f"), .pickFilter, "narrow the list by a define-filter of the config"),
                KeyBinding(.character("F"), .typeFilter, "narrow the list by a filter expression typed"),
                KeyBinding(.control("f"), .clearFilter, "every item again (clear the filter)"),
                KeyBinding(.control("b"), .bookmark, "bookmark the item (config: bookmark-cmd)"),
                KeyBinding(.character("O"), .nextOrder, "the next sort order (article-sort-order)"),
                KeyBinding(.character("x"), .fullArticle, "read the item with its full article"),
                KeyBinding([.character("h"), .left], .back, "back to the feed list"),
            ],
        footer: [
            KeyHint("Enter", "read", for: [.enter]), KeyHint("n/p", "unread", for: [.character("n"), .character("p")]),
            KeyHint("N", "read/unread", for: [.character("N")]), KeyHint("o", "open", for: [.character("o")]),
        ])

    private static let filterPickerKeys = Keymap<Action>(
        KeyBinding.movement(down: (.filterPickerMove(.down), "next filter"), up: (.filterPickerMove(.up), "previous filter"),
                            pageDown: (.filterPickerMove(.pageDown), "a page down"), pageUp: (.filterPickerMove(.pageUp), "a page up"),
                            first: (.filterPickerMove(.first), "first filter"), last: (.filterPickerMove(.last), "last filter"))
            + [
                KeyBinding([.enter, .character("l"), .right], .chooseFilter, "narrow the list by this filter"),
                KeyBinding([.escape, .character("q"), .character("h"), .left], .closeFilterPicker, "close the picker"),
            ],
        footer: [KeyHint("Enter", "choose", for: [.enter]), KeyHint("Esc", "close", for: [.escape])])

    private static let readingKeys = Keymap<Action>(
        ArticlePager.keys({ .reading($0) }, goingOn: true),
        footer: ArticlePager.footer + [KeyHint("n/p", "unread", for: [.character("n"), .character("p")])])

    /// A digit's binding stands for all nine; which one was pressed comes with the key.
    public mutating func handle(_ key: Key, in area: Rect) -> [ViewEffect]? {
        if article != nil, case .character(let character) = key, let digit = character.wholeNumberValue, (1...9).contains(digit) {
            return perform(.reading(.openNumber(digit)), in: area)
        }
        guard let action = keymap.action(for: key) else { return nil }
        return perform(action, in: area)
    }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        if case .reading(let key) = action { return read(key) }
        promptingFilter = false
        // The item asked for is on its way: what would be done to it waits for it.
        if awaited != nil, let key = Self.readingKey(for: action) {
            if typedAhead.count < Self.typeAheadLimit { typedAhead.append(key) }
            return []
        }
        switch action {
        case .move(let motion):
            list.move(motion, metrics)
            return ensureWindow()
        case .open:
            return openSelected()
        case .nextUnread: return seek(Seek(from: selected + 1, forward: true, open: false, hops: 0))
        case .previousUnread: return seek(Seek(from: selected - 1, forward: false, open: false, hops: 0))
        case .toggleRead: return toggleRead()
        case .markAllRead: return markAllRead()
        case .toggleStar: return toggleStar()
        case .openLink, .showLinks, .play, .bookmark, .enqueue:
            guard let headline = headline(selected) else { return [] }
            if let entry = store.entry(source: source(of: headline), id: headline.id) {
                if action == .bookmark || action == .enqueue {
                    let pager = ArticlePager(entry, feedName: store.title(ofFeed: entry.key.source))
                    return action == .bookmark ? pager.bookmarking() : pager.enqueueing()
                }
                return action == .openLink ? opening(entry.link, play: false, entry)
                    : action == .play ? playing(entry) : showing(entry, links: true)
            }
            if action != .showLinks {
                // Read from the cache first; the key applies once it comes, the list staying.
                awaitedAction = (headline.feed, headline.id, action)
                return [.run(ItemCommands.item(feed: headline.feed, id: headline.id, source: source(of: headline)))]
            }
            return openSelected(links: action == .showLinks)
        case .fullArticle:
            guard let headline = headline(selected) else { return [] }
            if let entry = store.entry(source: source(of: headline), id: headline.id) {
                return showing(entry, links: false) + read(.fullArticle)
            }
            let effects = openSelected()
            // Fetched once the item shows, as a key typed ahead would be.
            if awaited != nil { typedAhead.append(.fullArticle) }
            return effects
        case .summaries:
            let unreadOnly = query == .unread
            var river = ItemListView(now: now, timeZone: timeZone, sources: riverSources, unreadOnly: unreadOnly, title: listName, store: store)
            let shown = riverSources.map(Array.init) ?? []
            river.show(shown.compactMap { source in
                if let feed = store.feed(source: source) { return (source, .success(feed)) }
                return store.error(source: source).map { (source, .failure($0)) }
            })
            // Loads bring a feed's counts; the river wraps its items, read whole from the cache.
            return [.pop, .push(river)] + FeedCommands.load(shown.sorted(), whole: true, cached: true)
        case .back: return [.pop]
        case .pickFilter:
            guard let picker = FilterPicker(reading.filters, height: height, selecting: filter?.name) else {
                return [.message("no filters defined (define-filter \"name\" \"expression\" in the config); F types one")]
            }
            filterPicker = picker
            return []
        case .filterPickerMove(let motion):
            filterPicker?.move(motion)
            return []
        case .chooseFilter:
            guard let chosen = filterPicker?.chosen else { return [] }
            filterPicker = nil
            return narrow(by: ActiveFilter(name: chosen.name, text: chosen.text, expression: chosen.expression))
        case .closeFilterPicker:
            filterPicker = nil
            return []
        case .typeFilter:
            promptingFilter = true
            return [.prompt(label: "Filter", text: filter?.name == nil ? filter?.text ?? "" : "")]
        case .clearFilter:
            guard filter != nil else { return [.message("no filter: every item is shown")] }
            return narrow(by: nil)
        case .nextOrder:
            let next = order.next
            return restart(order: next) + [.message("sorted by \(next)" + (next.field == .date ? (next.ascending ? " (newest first)" : " (oldest first)") : ""))]
        default: return []
        }
    }

    // MARK: - Filters

    /// The list narrowed by `newFilter` (nil: every item again), read afresh from the top.
    private mutating func narrow(by newFilter: ActiveFilter?) -> [ViewEffect] {
        filterBeforeTrial = .some(filter)
        filter = newFilter
        return restart() + [.message(newFilter.map { "\($0.label) (Ctrl-F: every item)" } ?? "every item again")]
    }

    /// The window read again from the top for the query the base and the filter make.
    private mutating func restart(order: ItemOrder? = nil) -> [ViewEffect] {
        seeking = nil
        return items.restart(query: filter.map { Self.narrowed(baseQuery, by: $0.expression, feeds: feeds) } ?? baseQuery, order: order ?? self.order)
    }

    /// The filter on the status line while it narrows the list.
    public var statusNote: String? { filter?.label }

    /// `query`'s items that `expression` matches, as one filter the cache evaluates.
    static func narrowed(_ query: ItemQuery, by expression: FilterExpression, feeds: [FeedRef]) -> ItemQuery {
        var expression = expression
        var filterFeeds = FilterFeedList(urls: feeds.map(\.key))
        switch query {
        case .all: break
        case .unread: expression = expression.unreadOnly
        case .starred: expression = .and(.comparison(FilterComparison("flags", .regexMatches, "s")), expression)
        case .feed(let key): expression = .and(.comparison(FilterComparison("rssurl", .equals, key)), expression)
        case .tag(let tag, let keys):
            filterFeeds = FilterFeedList(urls: feeds.map(\.key), tags: Dictionary(keys.map { ($0, [tag]) }, uniquingKeysWith: { a, _ in a }))
            expression = .and(.comparison(FilterComparison("tags", .contains, tag)), expression)
        case .feeds(let keys):
            expression = .and(Self.anyOf(keys), expression)
        case .filter(let scope, let list):
            filterFeeds = list
            expression = .and(scope, expression)
        case .search(let text, let within):
            // The search stays the index's; the filter narrows what it searches.
            return .search(text, within: narrowed(within, by: expression, feeds: feeds))
        }
        return .filter(expression, feeds: filterFeeds)
    }

    /// The items of any of these feeds, as a filter: `rssurl = "A" or rssurl = "B"…`.
    static func anyOf(_ keys: Set<String>) -> FilterExpression {
        let comparisons = keys.sorted().map { FilterExpression.comparison(FilterComparison("rssurl", .equals, $0)) }
        return comparisons.dropFirst().reduce(comparisons.first ?? .comparison(FilterComparison("rssurl", .equals, ""))) { .or($0, $1) }
    }

    // MARK: - The window

    /// The screen lacks rows it draws (`…`) until a window lands: what a person waits for.
    public var isWaitingForRows: Bool {
        guard article == nil, filterPicker == nil else { return false }
        return items.isWaitingForRows
    }

    private mutating func ensureWindow() -> [ViewEffect] { items.ensure() }

    /// A window came: what waited for it (a seek) goes on, else the rows around the screen.
    private mutating func arrived(_ new: ItemWindow) -> [ViewEffect] {
        switch items.receive(new) {
        case .ignored: return []
        case .handled(let effects): return effects
        case .landed(let effects, let readAgain):
            filterBeforeTrial = nil
            if readAgain { return effects }
            if let seeking {
                self.seeking = nil
                return effects + seek(seeking)
            }
            return effects + items.ensure()
        }
    }

    // MARK: - Loads

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .reply(let reply):
            switch reply.key {
            case ItemCommands.windowKey, ItemCommands.countKey: return reply.value(as: ItemWindow.self).map { received($0, in: area) } ?? []
            case ItemCommands.itemKey: return reply.value(as: FeedEntry.self).map { received($0) } ?? []
            case ItemCommands.articleKey: return reply.value(as: FetchedArticle.self).map { received($0) } ?? []
            default: return []
            }
        case .loadFailed(let source, let error) where error.kind != .cancelled && feeds.contains(where: { $0.source == source }) && shows(source):
            // A feed of the list that could not be read: said in the header, and in the list's
            // place while it has no item (the status line and the Log say it too).
            failures[source] = TerminalSafeText.singleLine(error.message)
            return []
        case .answer(let text):
            return answer(text)
        case .loaded(let source, .feed) where shows(source):
            failures[source] = nil
            if titlesFromFeed, feeds.count == 1, let own = store.feed(source: source)?.title, !own.isEmpty { listName = own }
            // A starred item opened before the starred items came: read now.
            if let awaited, baseQuery == .starred, let headline = headline(selected), headline.id == awaited.id,
               let entry = store.entry(source: self.source(of: headline), id: headline.id) {
                self.awaited = nil
                return showing(entry, links: awaitingLinks) + replayTypedAhead() + items.refresh()
            }
            return items.refresh()
        default:
            return []
        }
    }

    /// A window (or this list's count) came from the cache, or could not be read.
    private mutating func received(_ result: Result<ItemWindow, LoadError>, in area: Rect) -> [ViewEffect] {
        switch result {
        case .success(let new):
            layout(in: area)
            return arrived(new)
        case .failure(let error):
            return readFailed(error)
        }
    }

    /// An item read whole: what a key waited on it for (a star, a link), or the item shown.
    private mutating func received(_ result: Result<FeedEntry, LoadError>) -> [ViewEffect] {
        let entry: FeedEntry
        switch result {
        case .success(let read): entry = read
        case .failure(let error): return readFailed(error)
        }
        if let awaitedAction, awaitedAction.id == entry.key.id, awaitedAction.feed == cacheKey(of: entry.key.source) {
            self.awaitedAction = nil
            let pager = ArticlePager(entry, feedName: store.title(ofFeed: entry.key.source))
            switch awaitedAction.action {
            case .toggleStar: return star(entry)
            case .bookmark: return pager.bookmarking()
            case .openLink: return opening(entry.link, play: false, entry)
            case .play: return playing(entry)
            default: return pager.enqueueing()
            }
        }
        guard let awaited, awaited.id == entry.key.id, awaited.feed == cacheKey(of: entry.key.source) else { return [] }
        self.awaited = nil
        return showing(entry, links: awaitingLinks) + replayTypedAhead()
    }

    /// The cache could not give a window or an item: nothing waits for it any more, and why is said.
    private mutating func readFailed(_ error: LoadError) -> [ViewEffect] {
        items.failed()
        awaited = nil
        awaitedAction = nil
        typedAhead = []
        seeking = nil
        let said = TerminalSafeText.singleLine(error.message)
        // A filter the cache cannot evaluate: the list as it was, and why.
        if let previous = filterBeforeTrial {
            filterBeforeTrial = nil
            filter = previous
            return restart() + [.message("filter not applied: \(said)")]
        }
        return [.message(said)]
    }

    /// The item read's full article came, or could not be fetched.
    private mutating func received(_ result: Result<FetchedArticle, LoadError>) -> [ViewEffect] {
        guard var pager = article else { return [] }
        let effects: [ViewEffect]
        switch result {
        case .success(let fetched):
            guard fetched.request.id == pager.entry.key.id, fetched.request.feed == cacheKey(of: pager.entry.key.source) else { return [] }
            effects = pager.received(fetched.article)
        case .failure(let error):
            guard pager.isFetchingArticle else { return [] }
            effects = pager.articleFailed(error)
        }
        article = pager
        return effects
    }

    private func shows(_ source: String) -> Bool {
        switch baseQuery {
        case .feed(let key): return feeds.first { $0.key == key }?.source == source || key == source
        case .starred: return source == StarredItem.source
        default: return source != StarredItem.source
        }
    }

    private func cacheKey(of source: String) -> String {
        feeds.first { $0.source == source }?.key ?? source
    }

    public mutating func layout(in area: Rect) {
        if area.height != height || area.width != width { items.resize(height: area.height) }
        width = area.width
        let pagerWidth = pagerWidth
        article?.layout(width: pagerWidth, height: area.height, timeZone: timeZone)
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        if article != nil {
            article?.scroll(by: lines)
            return
        }
        list.scroll(by: lines, metrics)
    }

    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        guard article == nil, area.contains(x: x, y: y) else { return [] }
        switch list.click(row: y - area.y, metrics) {
        case .again: return openSelected()
        default: return ensureWindow()
        }
    }

    /// `r` reloads the feed a one-feed list shows; merged lists reload every feed.
    public var reloadTarget: LoadTarget {
        if case .feed(let key) = baseQuery, let feed = feeds.first(where: { $0.key == key }) { return .sources([feed.source]) }
        return .reload
    }

    // MARK: - Reading

    /// The columns an item is wrapped to: the window's, or `text-width` when narrower.
    var pagerWidth: Int { ArticlePager.width(for: width, textWidth: reading.textWidth) }

    /// Reads the selected item: from the store when its feed's last load has it, else from the cache.
    private var awaitingLinks = false

    private mutating func openSelected(links: Bool = false) -> [ViewEffect] {
        guard let headline = headline(selected) else { return [] }
        let source = source(of: headline)
        if let entry = store.entry(source: source, id: headline.id) { return showing(entry, links: links) }
        awaited = (headline.feed, headline.id)
        awaitingLinks = links
        if baseQuery == .starred {
            return [.run(FeedCommands.starred), .message("reading the starred item…")]
        }
        return [.run(ItemCommands.item(feed: headline.feed, id: headline.id, source: source))]
    }

    /// Shows `entry` whole, reading it.
    private mutating func showing(_ entry: FeedEntry, links: Bool) -> [ViewEffect] {
        var pager = ArticlePager(entry, feedName: store.title(ofFeed: entry.key.source))
        pager.layout(width: pagerWidth, height: height, timeZone: timeZone)
        if links, !pager.showLinks() {
            article = nil
            return [.message("this item has no links")]
        }
        article = pager
        guard entry.tracksReadState, isUnreadNow(entry) else { return [] }
        return [.feeds(.markRead([entry], read: true))]
    }

    private func isUnreadNow(_ entry: FeedEntry) -> Bool {
        guard let headline = headline(selected), headline.id == entry.key.id else { return store.isUnread(entry) }
        return isUnread(headline)
    }

    private mutating func read(_ key: ReadingKey) -> [ViewEffect] {
        guard var pager = article else { return [] }
        let unread = isUnreadNow(pager.entry)
        switch key {
        case .lineDown: pager.scroll(by: 1)
        case .lineUp: pager.scroll(by: -1)
        case .pageDown:
            // As newsboat: Space at the end goes on to the next unread item.
            if pager.isAtEnd {
                article = nil
                return seek(Seek(from: selected + 1, forward: true, open: true, hops: 0))
            }
            pager.page(by: 1)
        case .pageUp: pager.page(by: -1)
        case .top: pager.top()
        case .end: pager.end()
        case .nextUnread, .previousUnread:
            article = nil
            return seek(Seek(from: selected + (key == .nextUnread ? 1 : -1), forward: key == .nextUnread, open: true, hops: 0))
        case .toggleRead: return pager.toggledRead(unread: unread)
        case .toggleStar:
            return pager.toggledStar(starred: store.isStarred(source: pager.entry.key.source, id: pager.entry.key.id, asCached: pager.entry.isStarred))
        case .openLink: return pager.opening(pager.entry.link, play: false, unread: unread)
        case .showLinks:
            if !pager.showLinks() { return [.message("this item has no links")] }
        case .play: return pager.playing(unread: unread)
        case .openNumber(let digit):
            let effects = pager.linkPrompt(digit)
            article = pager
            return effects
        case .save:
            let effects = pager.savePrompt()
            article = pager
            return effects
        case .bookmark: return pager.bookmarking()
        case .fullArticle, .fullArticleAgain:
            let effects = pager.fullArticleKey(feed: cacheKey(of: pager.entry.key.source), again: key == .fullArticleAgain, view: id)
            article = pager
            return effects
        case .enqueue: return pager.enqueueing()
        case .close:
            article = nil
            return ensureWindow()
        }
        article = pager
        return []
    }

    public var searchPrompt: String? { article == nil ? "Find in \(TextLayout.truncate(listName, to: 30))" : nil }

    /// `/` (newsboat's search in an article list): the items of this list whose title or text
    /// hold every word (the last one a prefix), as a list of their own over the cache, found by
    /// its full-text index (`ItemQuery.search`): what it costs follows the matches, not the
    /// items searched.
    public mutating func search(_ text: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        let words = text.split(whereSeparator: \.isWhitespace).prefix(8).map(String.init)
        guard !words.isEmpty else { return [] }
        let typed = words.joined(separator: " ")
        let shown = TextLayout.truncate(TerminalSafeText.singleLine(typed), to: 30)
        let matching = HeadlineListView(query: .search(typed, within: query), title: "'\(shown)' in \(TextLayout.truncate(listName, to: 30))",
                                     feeds: feeds, riverSources: riverSources, store: store, now: now, timeZone: timeZone, reading: reading)
        return [.push(matching)]
    }

    /// The number typed at the link prompt; the filter typed at `F`'s.
    public mutating func answer(_ text: String) -> [ViewEffect] {
        if promptingFilter, article == nil {
            promptingFilter = false
            let typed = text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { return filter == nil ? [] : narrow(by: nil) }
            do {
                return narrow(by: ActiveFilter(name: nil, text: typed, expression: try FilterExpression(parsing: typed)))
            } catch {
                return [.message("filter not applied: \(error.description) in \(TextLayout.truncate(TerminalSafeText.singleLine(typed), to: 60))")]
            }
        }
        guard var pager = article else { return [] }
        let effects = pager.answer(text, unread: isUnreadNow(pager.entry))
        article = pager
        return effects
    }

    /// What a list key typed while an item opens does once it shows: the same as while reading.
    private static func readingKey(for action: Action) -> ReadingKey? {
        switch action {
        case .nextUnread: .nextUnread
        case .previousUnread: .previousUnread
        case .toggleRead: .toggleRead
        case .toggleStar: .toggleStar
        case .openLink: .openLink
        case .play: .play
        case .enqueue: .enqueue
        case .showLinks: .showLinks
        case .bookmark: .bookmark
        case .back: .close
        case .fullArticle: .fullArticle
        default: nil
        }
    }

    private mutating func replayTypedAhead() -> [ViewEffect] {
        var effects: [ViewEffect] = []
        while !typedAhead.isEmpty, article != nil, awaited == nil {
            effects += read(typedAhead.removeFirst())
        }
        // Going on to an item still on its way: the rest wait for that one.
        if article == nil, awaited == nil { typedAhead = [] }
        return effects
    }

    // MARK: - Marks

    private mutating func toggleRead() -> [ViewEffect] {
        guard let headline = headline(selected) else { return [] }
        let entry = FeedEntry(headline: headline, source: source(of: headline))
        let unread = isUnread(headline)
        list.move(.down, metrics)
        return [.feeds(.markRead([entry], read: unread))] + ensureWindow()
    }

    /// Every item of the list read. A list of whole feeds is marked as an intent (every item of
    /// those feeds, one statement each in the cache), whatever the window holds; a filter's or a
    /// search's items (not every item of a feed), those the window holds.
    private mutating func markAllRead() -> [ViewEffect] {
        // The ends held were read before the marks: read again (after the marks) when next wanted.
        items.dropEnds()
        let sources: [String]
        switch query {
        case .feed(let key): sources = [feeds.first { $0.key == key }?.source ?? key]
        case .tag(_, let keys), .feeds(let keys): sources = feeds.filter { keys.contains($0.key) }.map(\.source)
        case .all, .unread: sources = feeds.map(\.source)
        case .starred, .filter, .search: sources = []
        }
        if !sources.isEmpty {
            let unread = sources.reduce(0) { $0 + store.unreadCount(source: $1) }
            let held = window.rows.filter { isUnread($0) && !sources.contains(source(of: $0)) }
            guard unread > 0 || !held.isEmpty else { return [.message("nothing unread here")] }
            let entries = held.map { FeedEntry(headline: $0, source: source(of: $0)) }
            return [.feeds(.markFeedsRead(sources))] + (entries.isEmpty ? [] : [.feeds(.markRead(entries, read: true))])
                + [.message("\(NumberText.count(unread + entries.count, "item")) marked read")]
        }
        let entries = window.rows.filter { isUnread($0) }.map { FeedEntry(headline: $0, source: source(of: $0)) }
        guard !entries.isEmpty else { return [.message("nothing unread here")] }
        return [.feeds(.markRead(entries, read: true)), .message("\(entries.count) item\(entries.count == 1 ? "" : "s") marked read")]
    }

    private mutating func toggleStar() -> [ViewEffect] {
        guard let headline = headline(selected) else { return [] }
        let source = source(of: headline)
        guard let entry = store.entry(source: source, id: headline.id) else {
            // A star keeps the item whole: read from the cache first, starred when it comes.
            awaitedAction = (headline.feed, headline.id, .toggleStar)
            return [.run(ItemCommands.item(feed: headline.feed, id: headline.id, source: source))]
        }
        return star(entry)
    }

    private func star(_ entry: FeedEntry) -> [ViewEffect] {
        let starred = !store.isStarred(source: entry.key.source, id: entry.key.id, asCached: entry.isStarred)
        return [.feeds(.star(entry, starred)), .message(starred ? "starred: listed under Starred items" : "star taken away")]
    }

    // MARK: - Finding unread items

    /// The next (or previous) unread item from the selection, looked for in the window and, past
    /// it, in the next windows; reading, past the list's last, the next feed with unread items.
    private mutating func seek(_ seek: Seek) -> [ViewEffect] {
        let step = seek.forward ? 1 : -1
        var position = seek.from
        while let headline = window[position] {
            if isUnread(headline) {
                list.select(position, metrics)
                return (seek.open ? openSelected() : []) + ensureWindow()
            }
            position += step
        }
        // Past the window: the next one, if the list goes on.
        if position >= 0, position < window.total {
            guard seek.hops < Self.maximumHops else { return [.message("no unread item in the next \(seek.hops * ItemSeek.maxWindowRows) items")] }
            seeking = Seek(from: position, forward: seek.forward, open: seek.open, hops: seek.hops + 1)
            let lower = seek.forward ? position : max(0, position - ItemSeek.maxWindowRows + 1)
            return items.read(from: lower, rows: ItemSeek.maxWindowRows)
        }
        // Past the list's end while reading: the next feed with unread items, as newsboat goes on.
        if seek.open, seek.forward, reading.gotoNextFeed, case .feed(let key) = baseQuery, let index = feeds.firstIndex(where: { $0.key == key }),
           let next = feeds[(index + 1)...].first(where: { store.unreadCount(source: $0.source) > 0 }) {
            baseQuery = .feed(next.key)
            listName = next.title
            let query = filter.map { Self.narrowed(baseQuery, by: $0.expression, feeds: feeds) } ?? baseQuery
            let first = items.restart(query: query, order: order, rows: ItemSeek.maxWindowRows)
            seeking = Seek(from: 0, forward: true, open: true, hops: 1)
            return [.message("on to \(TextLayout.truncate(next.title, to: 40))")] + first
        }
        return [.message(seek.forward ? "no unread item further down" : "no unread item further up")]
    }

    // MARK: - Opening

    private mutating func opening(_ link: String, play: Bool, _ item: FeedEntry) -> [ViewEffect] {
        ArticlePager(item).opening(link, play: play, unread: item.tracksReadState && isUnreadNow(item))
    }

    private mutating func playing(_ item: FeedEntry) -> [ViewEffect] {
        ArticlePager(item).playing(unread: item.tracksReadState && isUnreadNow(item))
    }
}
