import Foundation
import FremontCore

extension ViewID {
    public static let feeds = ViewID("feeds")
}

extension BrowserEvent {
    /// One feed of the Feeds tab finished loading; each source loads (and is prepared) on its own.
    public static func feedsLoaded(source: String, _ result: Result<PreparedFeed, LoadError>, at time: String) -> BrowserEvent {
        .loaded(.feeds, source: source, result.map(LoadPayload.feed), at: time)
    }
}

/// The Feeds tab: the items of every feed merged, newest first, each collapsed to its title and
/// first lines or expanded to its whole text. State only; `FeedsView` draws it.
///
/// The list is measured in lines: `tops[i]` is where entry `i` starts, so moving, paging and
/// drawing look up only what is on screen. No event wraps the whole list on the UI thread: a
/// resize, a feed arriving at another width or `E` wrap here only what is on screen and a
/// screen's margin each side (all of it when that is little), the rest off the UI thread
/// (`takeDeferredCommand`); until that arrives the rest keeps the height it had, and whatever
/// comes on screen meanwhile is wrapped as it does.
public struct ItemListView: BrowserView {
    public enum Action: Sendable, Hashable {
        case next, previous, nextOrMatch, previousMatch, toggle, expandAll, collapseAll, open
        case pageDown, pageUp, first, last, endSearch, toggleRead, markAllRead, openNumber, play, toggleStar, back
    }

    public let id = ViewID.feeds
    /// The river is fremont's own screen: newsboat's bindings name none of its keys.
    public var bindingContext: String { "" }
    public private(set) var title = "Feeds"
    /// The feeds shown (a feed opened from the list); nil: every feed that loads.
    public let sources: Set<String>?
    /// Only the items unread when they arrived (the list's "Unread items").
    public let unreadOnly: Bool

    /// Where an entry of the merged list lives.
    struct Ref: Sendable, Equatable {
        var slot: Int
        var index: Int
    }

    private(set) var slots: [FeedSlot] = []
    /// The merged list: failed feeds first, then items newest first, undated last.
    private(set) var order: [Ref] = []
    /// Where each entry in `order` starts, and the end of the last: entries are the list's items,
    /// with the blank line after each as the list's gap.
    private(set) var metrics = StackedMetrics()
    /// The selected entry and the first line shown.
    private(set) var list = ListState(gap: 1)
    /// The width the text is wrapped to, and the viewport height last laid out for (0: not yet).
    private(set) var wrapWidth = 0
    private(set) var viewportHeight = 0
    public private(set) var expanded: Set<FeedItemKey> = []
    /// The active `/` search, lowercased: while there is one, `n`/`N` go from match to match.
    public private(set) var search: String?
    /// Until the reader moves, the view stays at the top while feeds arrive: the newest items
    /// first, rather than following whichever item happened to be selected first.
    private(set) var atStart = true
    /// Sources whose load is under way, in the order they started.
    public private(set) var loading: [String] = []
    /// Some entry's lines are not ready to draw (wrapped for another width, or not whole while
    /// expanded): what comes on screen is wrapped first.
    private var hasStaleLines = false
    /// The rest should be wrapped off the UI thread: asked for at the next `takeDeferredCommand`.
    private var needsBackgroundWrap = false
    /// Entries wrapped on the UI thread so far: what a resize costs the frame, counted.
    private(set) var wrappedHere = 0

    /// "Now", for relative dates; a parameter so tests see the same dates every day.
    public let now: @Sendable () -> Date
    public let timeZone: TimeZone

    public init(now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
                sources: Set<String>? = nil, unreadOnly: Bool = false, title: String = "Feeds", store: FeedStore = FeedStore()) {
        self.store = store
        self.now = now
        self.timeZone = timeZone
        self.sources = sources
        self.unreadOnly = unreadOnly
        self.title = title
    }

    // MARK: - What is shown

    public var selected: Int { list.selected }
    /// The first list line shown.
    public var topLine: Int { list.offset }
    var tops: [Int] { metrics.tops }

    public var itemCount: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public var warningCount: Int { slots.reduce(0) { $0 + $1.warnings } }
    public var searchPrompt: String? { "Find" }

    /// For the header: the one feed's source, or how many feeds there are.
    public var sourceName: String {
        slots.count == 1 ? slots[0].source : slots.isEmpty ? "" : "\(slots.count) feeds"
    }

    public var selectedKey: FeedItemKey? { order.isEmpty ? nil : key(selected) }


    /// Read and star state, shared with the browser's other feed screens.
    private(set) var store = FeedStore()

    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
    }

    func isStarred(_ entry: FeedEntry) -> Bool { store.isStarred(entry) }

    func entry(_ position: Int) -> FeedEntry {
        let ref = order[position]
        return slots[ref.slot].entries[ref.index]
    }

    /// Entry `position`'s key, read in place: copying the whole entry (a dozen strings) to
    /// compare keys made a reload of 8,000 items retain and release every field of each.
    func key(_ position: Int) -> FeedItemKey {
        let ref = order[position]
        return slots[ref.slot].entries[ref.index].key
    }

    func lines(_ position: Int) -> FeedEntryLines {
        let ref = order[position]
        return slots[ref.slot].lines[ref.index]
    }

    var isLaidOut: Bool { wrapWidth > 0 && metrics.itemCount == order.count }

    /// The list's lines: every entry and the blank line after each but the last.
    var lineCount: Int { list.lineCount(metrics) }

    /// Text columns for a viewport: two for the gutter, two kept free on the right (a `…` after
    /// cut text, the scroll arrows).
    static func textWidth(for viewport: Rect) -> Int { max(1, viewport.width - 5) }

    // MARK: - Loads

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .loadStarted(let source) where shows(source): loadStarted(source)
        case .loaded(let source, .feed(let feed)) where shows(source) && feed.tally != nil && source != StarredItem.source:
            // A load brought the feed's counts, not its items: they are read from the cache whole.
            return FeedCommands.load([source], whole: true, cached: true)
        case .loaded(let source, .feed(let feed)) where shows(source): show(feed, source: source)
        case .loadFailed(let source, let error) where shows(source): loadFailed(error, source: source)
        case .reply(let reply) where reply.key == Self.wrapKey:
            if case .success(let wrapped)? = reply.value(as: WrappedSlots.self) { take(wrapped) }
        case .answer(let text):
            guard !order.isEmpty else { return [] }
            let item = entry(selected)
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1,
                  number <= item.links.count + item.enclosures.count else {
                return [.message("no link \(TextLayout.truncate(TerminalSafeText.singleLine(text), to: 20)) in this item")]
            }
            if number <= item.links.count { return opening(item.links[number - 1], play: false, item) }
            return opening(item.enclosures[number - item.links.count - 1].url, play: true, item)
        default: break
        }
        return []
    }

    private func shows(_ source: String) -> Bool { sources?.contains(source) ?? true }

    /// Its feeds loaded whole (`r` on one feed's items, or the river as a tab of its own).
    public mutating func load(_ target: LoadTarget) -> [ViewEffect] {
        switch target {
        case .reload: FeedCommands.load((sources ?? []).sorted(), whole: true)
        case .sources(let names): FeedCommands.load(names, whole: true)
        }
    }

    /// `r` on a feed opened from the list reloads that feed.
    public var reloadTarget: LoadTarget {
        guard let sources, sources.count == 1 else { return .reload }
        return .sources(Array(sources))
    }

    public mutating func loadStarted(_ source: String) {
        if !loading.contains(source) { loading.append(source) }
        _ = slotIndex(source)
    }

    /// What the status line says while feeds load.
    public func loadingText(_ sources: [String]) -> String {
        FeedSlot.loadingText(sources)
    }

    /// A feed arrived. Expanded items stay expanded and the selection stays on the same item,
    /// at the same place on screen, when the new items have it.
    public mutating func show(_ feed: PreparedFeed, source: String) {
        loading.removeAll { $0 == source }
        let index = slotIndex(source)
        rebuild { $0[index].show(feed) }
    }

    /// Many feeds at once (the feed list opening every item): merged once, not once a feed.
    public mutating func show(_ feeds: [(source: String, outcome: Result<PreparedFeed, LoadError>)]) {
        let indices = feeds.map { slotIndex($0.source) }
        rebuild { slots in
            for (index, feed) in zip(indices, feeds) {
                switch feed.outcome {
                case .success(let prepared): slots[index].show(prepared)
                case .failure(let error): slots[index].loadFailed(error)
                }
            }
        }
    }

    /// A load failed: the feed's last good items stay; with none, the tab says why in their place.
    public mutating func loadFailed(_ error: LoadError, source: String) {
        loading.removeAll { $0 == source }
        let index = slotIndex(source)
        rebuild { $0[index].loadFailed(error) }
    }

    private mutating func slotIndex(_ source: String) -> Int {
        if let index = slots.firstIndex(where: { $0.source == source }) { return index }
        slots.append(FeedSlot(source: source))
        return slots.count - 1
    }

    private mutating func rebuild(_ change: (inout [FeedSlot]) -> Void) {
        let keptKey = selectedKey
        let keptRow = isLaidOut ? list.anchor(metrics) : nil
        change(&slots)
        var merged = Self.merge(slots)
        if unreadOnly { merged.removeAll { !isUnread(slots[$0.slot].entries[$0.index]) } }
        order = merged
        var target = keptKey.flatMap { key in order.indices.first { self.key($0) == key } } ?? selected
        if atStart { target = 0 }
        guard wrapWidth > 0 else {
            list.mark(target, UniformMetrics(count: order.count))
            return
        }
        measure()
        list.selectKeepingView(target, metrics)
        if let keptRow {
            if atStart { list.scroll(toLine: 0, metrics) } else { list.restore(anchor: keptRow, metrics) }
        }
        list.keepVisible(metrics)
        wrapNearScreen(wholeIfLittle: true)
    }

    /// Failures first (in source order), then newest first; undated items last; ties keep the
    /// feeds' order and each feed's own order.
    static func merge(_ slots: [FeedSlot]) -> [Ref] {
        var refs: [(ref: Ref, date: Date?, failure: Bool)] = []
        refs.reserveCapacity(slots.reduce(0) { $0 + $1.entries.count })
        // By index: the date and the flag read in place, not each entry copied out.
        for slot in slots.indices {
            for index in slots[slot].entries.indices {
                refs.append((Ref(slot: slot, index: index), slots[slot].entries[index].date, slots[slot].entries[index].isFailure))
            }
        }
        // Sorted by position too, so equal dates keep their order (the sort is not stable).
        let sorted = refs.enumerated().sorted { a, b in
            if a.element.failure != b.element.failure { return a.element.failure }
            switch (a.element.date, b.element.date) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.offset < b.offset
            }
        }
        return sorted.map(\.element.ref)
    }

    // MARK: - Layout

    /// Lays the list out for `viewport` when its size changed: re-wraps at a new width and keeps
    /// the selected item's title on the same row.
    public mutating func layout(in viewport: Rect) {
        let width = Self.textWidth(for: viewport)
        guard !isLaidOut || width != wrapWidth || viewport.height != viewportHeight else { return }
        let keptRow = isLaidOut ? list.anchor(metrics) : nil
        let rewraps = !isLaidOut || width != wrapWidth
        wrapWidth = width
        viewportHeight = viewport.height
        if metrics.itemCount != order.count {
            measure()
        } else if rewraps {
            // Every entry keeps its old height until it is wrapped again.
            hasStaleLines = !order.isEmpty
        }
        // The selected entry first: where it goes on screen depends on its height.
        if rewraps, !order.isEmpty { wrapHere(selected) }
        list.resize(height: viewport.height, metrics)
        if let keptRow { list.restore(anchor: keptRow, metrics) }
        // With its title on screen, a shrunk window still shows as much of the selected item as
        // it can; read from the middle, the item stays where the reader was.
        if let keptRow, keptRow >= 0 { list.reveal(metrics) } else { list.keepVisible(metrics) }
        wrapNearScreen(wholeIfLittle: rewraps)
    }

    /// Where each entry starts, from its lines as they are: entries not ready keep the height
    /// their old lines give (an estimate until they are wrapped).
    private mutating func measure() {
        var heights = [Int]()
        heights.reserveCapacity(order.count)
        let anyExpanded = !expanded.isEmpty
        var stale = false
        for position in order.indices {
            let isExpanded = anyExpanded && expanded.contains(key(position))
            let ref = order[position]
            // In place, not a copy of the lines (arrays retained and released per item).
            if !slots[ref.slot].lines[ref.index].isReady(width: wrapWidth, expanded: isExpanded) { stale = true }
            heights.append(slots[ref.slot].lines[ref.index].height(expanded: isExpanded))
        }
        metrics = StackedMetrics(heights: heights)
        list.clamp(metrics)
        hasStaleLines = stale
    }

    /// Makes entry `position` ready to draw, on this thread, and measures it again; whether
    /// anything changed.
    @discardableResult
    private mutating func wrapHere(_ position: Int) -> Bool {
        let ref = order[position]
        let entry = slots[ref.slot].entries[ref.index]
        let isExpanded = !expanded.isEmpty && expanded.contains(entry.key)
        guard !slots[ref.slot].lines[ref.index].isReady(width: wrapWidth, expanded: isExpanded) else { return false }
        if slots[ref.slot].lines[ref.index].width != wrapWidth {
            slots[ref.slot].lines[ref.index] = FeedEntryLines(entry, width: wrapWidth)
        }
        if isExpanded { slots[ref.slot].lines[ref.index].complete(entry) }
        wrappedHere += 1
        metrics.setHeight(slots[ref.slot].lines[ref.index].height(expanded: isExpanded), of: position)
        return true
    }

    /// Characters a list wraps on the UI thread whole rather than a screen of it: a few
    /// milliseconds' worth (8,000 items are some 6,000,000).
    static let wrapHereLimit = 100_000

    /// Wraps the entries on screen and a screen's margin each side, keeping the selected one's
    /// title on its row; with `wholeIfLittle`, every entry not ready when that is little work.
    /// What is left is asked for off the UI thread.
    private mutating func wrapNearScreen(wholeIfLittle: Bool) {
        guard hasStaleLines, wrapWidth > 0, !order.isEmpty else { return }
        if wholeIfLittle, wrapWholeIfLittle() { return }
        // Each round wraps what the last one's new heights brought near the screen; a few do.
        for _ in 0..<8 {
            let anchor = list.anchor(metrics)
            // A view at the end of the list (`G`) stays at its end.
            let atEnd = list.offset > 0 && list.offset >= list.maximumOffset(metrics)
            let margin = max(1, viewportHeight)
            let lastLine = max(0, metrics.totalLines - 1)
            let first = metrics.item(atLine: min(lastLine, max(0, list.offset - margin)))
            let last = metrics.item(atLine: min(lastLine, list.offset + list.height + margin))
            var changed = wrapHere(selected)
            for position in first...last where wrapHere(position) { changed = true }
            guard changed else { break }
            if atEnd {
                list.scroll(toLine: metrics.totalLines, metrics)
            } else if let anchor {
                list.restore(anchor: anchor, metrics)
            }
            list.keepVisible(metrics)
        }
        if wholeIfLittle { needsBackgroundWrap = true }
    }

    /// Wraps every entry not ready, here, when they are at most `wrapHereLimit` characters'
    /// work; whether it did.
    private mutating func wrapWholeIfLittle() -> Bool {
        var stale: [Int] = []
        var work = 0
        let anyExpanded = !expanded.isEmpty
        for position in order.indices {
            let isExpanded = anyExpanded && expanded.contains(key(position))
            let ref = order[position]
            guard !slots[ref.slot].lines[ref.index].isReady(width: wrapWidth, expanded: isExpanded) else { continue }
            let entry = slots[ref.slot].entries[ref.index]
            // A collapsed entry wraps its title and the start of its text; an expanded one all of it.
            let text = isExpanded ? min(entry.text.utf8.count, FeedEntryLines.expandedTextLimit)
                : min(entry.text.utf8.count, (FeedEntryLines.previewCount + 2) * wrapWidth)
            work += entry.title.utf8.count + text + 64
            guard work <= Self.wrapHereLimit else { return false }
            stale.append(position)
        }
        let anchor = list.anchor(metrics)
        for position in stale {
            let ref = order[position]
            let entry = slots[ref.slot].entries[ref.index]
            if slots[ref.slot].lines[ref.index].width != wrapWidth {
                slots[ref.slot].lines[ref.index] = FeedEntryLines(entry, width: wrapWidth)
            }
            if anyExpanded, expanded.contains(entry.key) { slots[ref.slot].lines[ref.index].complete(entry) }
            wrappedHere += 1
        }
        measure()
        if let anchor { list.restore(anchor: anchor, metrics) }
        list.keepVisible(metrics)
        return true
    }

    /// The wrap of every entry not ready, on the compute lane: what it needs is copied now. A
    /// newer one stops an older one still waiting; `take` checks what arrives still fits.
    public mutating func takeDeferredCommand() -> Command? {
        guard needsBackgroundWrap else { return nil }
        needsBackgroundWrap = false
        guard hasStaleLines else { return nil }
        let slots = self.slots, width = wrapWidth, expanded = self.expanded
        return Command(.compute, key: Self.wrapKey, subject: width) { _, _ in Self.wrap(slots, width: width, expanded: expanded) }
    }

    static let wrapKey = "wrap"

    /// Every entry of `slots` ready to draw at `width`: work for a thread other than the UI's.
    static func wrap(_ slots: [FeedSlot], width: Int, expanded: Set<FeedItemKey>) -> WrappedSlots {
        WrappedSlots(width: width, slots: slots.map { slot in
            var lines = slot.lines
            for (index, entry) in slot.entries.enumerated() {
                let isExpanded = !expanded.isEmpty && expanded.contains(entry.key)
                guard !lines[index].isReady(width: width, expanded: isExpanded) else { continue }
                if lines[index].width != width { lines[index] = FeedEntryLines(entry, width: width) }
                if isExpanded { lines[index].complete(entry) }
            }
            return WrappedSlots.Slot(source: slot.source, version: slot.version, lines: lines)
        })
    }

    /// Takes lines wrapped off the UI thread: those of feeds unchanged since, at the width
    /// shown, where they are readier than what is here. The selected entry keeps its row.
    private mutating func take(_ wrapped: WrappedSlots) {
        // Another width since: its own wrap is on its way.
        guard wrapped.width == wrapWidth, isLaidOut else { return }
        let anchor = list.anchor(metrics)
        for slot in wrapped.slots {
            guard let index = slots.firstIndex(where: { $0.source == slot.source }),
                  slots[index].version == slot.version, slots[index].lines.count == slot.lines.count else { continue }
            var lines = slot.lines
            for (position, current) in slots[index].lines.enumerated()
            where current.width == wrapWidth && (current.isComplete || !lines[position].isComplete) {
                lines[position] = current
            }
            let replaced = OffThreadRelease(slots[index].lines)
            slots[index].lines = lines
            replaced.release()
        }
        measure()
        if let anchor { list.restore(anchor: anchor, metrics) }
        list.keepVisible(metrics)
        // A feed that changed meanwhile, or what came on screen before its lines did.
        if hasStaleLines { wrapNearScreen(wholeIfLittle: true) }
    }

    // MARK: - Keys

    public var keymap: Keymap<Action> { search == nil ? Self.browsingKeymap : Self.searchingKeymap }

    // Built once each: a key press looks its action up without building anything.
    private static let browsingKeymap = makeKeymap(searching: false)
    private static let searchingKeymap = makeKeymap(searching: true)

    private static func makeKeymap(searching: Bool) -> Keymap<Action> {
        var bindings: [KeyBinding<Action>] = [
            KeyBinding([.enter, .character(" ")], .toggle, "expand/collapse the item (a click on it too)"),
            KeyBinding(.character("E"), .expandAll, "expand all"),
            KeyBinding(.character("C"), .collapseAll, "collapse all"),
            KeyBinding(.character("o"), .open, "open the item's link"),
            KeyBinding([.character("j"), .down], .next, "next item"),
            KeyBinding([.character("k"), .up, .character("p")], .previous, "previous item"),
            KeyBinding(.character("n"), .nextOrMatch, searching ? "next match" : "next unread item, else the next"),
            KeyBinding(.character("N"), .previousMatch, "previous match"),
            KeyBinding([.pageDown, .control("f")], .pageDown, "a page down"),
            KeyBinding([.pageUp, .control("b")], .pageUp, "a page up"),
            KeyBinding([.character("g"), .home], .first, "first item"),
            KeyBinding([.character("G"), .end], .last, "last item"),
            KeyBinding(.character("u"), .toggleRead, "mark the item read or unread"),
            KeyBinding(.character("s"), .toggleStar, "star or unstar (kept under Starred)"),
            KeyBinding(.character("L"), .openNumber, "open a link or enclosure by its number"),
            KeyBinding(.character("P"), .play, "play the item's enclosure (config: player)"),
            KeyBinding(.character("A"), .markAllRead, "mark every item shown read"),
            KeyBinding([.character("h"), .left], .back, "back to the list it was opened from"),
        ]
        // While a search is active, `n`/`N` go from match to match and Esc ends the search.
        if searching { bindings.append(KeyBinding(.escape, .endSearch, "end the search")) }
        let common = [
            KeyHint("Enter", "expand", for: [.enter]), KeyHint("E/C", "all", for: [.character("E"), .character("C")]),
            KeyHint("o", "open", for: [.character("o")]),
        ]
        let footer = searching
            ? common + [KeyHint("n/N", "match", for: [.character("n"), .character("N")]), KeyHint("Esc", "clear", for: [.escape])]
            : common + [KeyHint("n/p", "item", for: [.character("n"), .character("p")]), KeyHint("/", "find", for: [.character("/")])]
        return Keymap(bindings, footer: footer)
    }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        let effects = act(action, in: area)
        // What the key brought on screen while the rest is still wrapped off the UI thread.
        wrapNearScreen(wholeIfLittle: false)
        return effects
    }

    private mutating func act(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        if action == .back { return [.pop] }  // even from an empty list
        guard !order.isEmpty else { return [] }
        atStart = false
        switch action {
        case .back: break  // answered above
        case .next: list.select(selected + 1, metrics)
        case .previous: list.select(selected - 1, metrics)
        case .nextOrMatch:
            if let search { return find(search, forward: true) }
            // As newsboat: the next unread item, else the next item.
            let next = order.indices.dropFirst(selected + 1).first { isUnread(entry($0)) } ?? selected + 1
            list.select(next, metrics)
        case .previousMatch:
            guard let search else { return [.message("no search: / finds text in the feeds")] }
            return find(search, forward: false)
        case .toggle: return toggle()
        case .expandAll: setAll(expanded: true)
        case .collapseAll: setAll(expanded: false)
        case .open: return openLink()
        case .pageDown: list.page(by: 1, metrics)
        case .pageUp: list.page(by: -1, metrics)
        case .first: list.home(metrics)
        case .last: list.end(metrics)
        case .endSearch:
            guard search != nil else { return [] }
            search = nil
            return [.message("search cleared: n/p move by item")]
        case .toggleStar:
            let item = entry(selected)
            guard !item.isFailure else { return [] }
            let starred = !isStarred(item)
            return [.feeds(.star(item, starred)), .message(starred ? "starred: listed under Starred items" : "star taken away")]
        case .openNumber:
            let item = entry(selected)
            let count = item.links.count + item.enclosures.count
            guard count > 0 else { return [.message("this item has no numbered links")] }
            return [.prompt(label: "Open link or enclosure (1–\(count))")]
        case .play:
            let item = entry(selected)
            guard let enclosure = item.enclosures.first else { return [.message("this item has no enclosure")] }
            return opening(enclosure.url, play: true, item)
        case .toggleRead:
            let item = entry(selected)
            guard item.tracksReadState else { return [.message("this item keeps no read state")] }
            return [.feeds(.markRead([item], read: isUnread(item)))]
        case .markAllRead:
            let unread = order.indices.map(entry).filter(isUnread)
            guard !unread.isEmpty else { return [.message("nothing unread here")] }
            return [.feeds(.markRead(unread, read: true))]
        }
        return []
    }

    /// Wheel scrolling moves the view; the selection follows only when it leaves the screen.
    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        guard !order.isEmpty else { return }
        atStart = false
        list.scroll(by: lines, metrics)
        wrapNearScreen(wholeIfLittle: false)
    }

    /// A click selects the item under the pointer; a click on the selected item opens or closes it.
    public mutating func click(x: Int, y: Int, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        guard !order.isEmpty, area.contains(x: x, y: y), let position = list.item(atRow: y - area.y, metrics) else { return [] }
        atStart = false
        if position == selected { return toggle() }
        list.selectKeepingView(position, metrics)
        wrapNearScreen(wholeIfLittle: false)
        return []
    }

    /// Finds the next (or previous) item whose title or text contains `query`, ignoring case,
    /// and makes it the active search.
    public mutating func search(_ query: String, forward: Bool, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        let trimmed = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return [] }
        guard !order.isEmpty else { return [.message("nothing to search yet")] }
        atStart = false
        defer { wrapNearScreen(wholeIfLittle: false) }
        return find(trimmed, forward: forward)
    }

    private mutating func find(_ query: String, forward: Bool) -> [ViewEffect] {
        let count = order.count
        var matches: [Int] = []
        for position in 0..<count where entry(position).searchText.contains(query) { matches.append(position) }
        guard !matches.isEmpty else {
            search = nil
            return [.message("no item matches \(quotedQuery(query))")]
        }
        search = query
        let target: Int
        if forward {
            target = matches.first { $0 > selected } ?? matches[0]
        } else {
            target = matches.last { $0 < selected } ?? matches[matches.count - 1]
        }
        list.select(target, metrics)
        let number = matches.firstIndex(of: target)! + 1
        return [.message("\(quotedQuery(query)): item \(number) of \(matches.count) matching")]
    }

    private func quotedQuery(_ query: String) -> String {
        "'" + TextLayout.truncate(TerminalSafeText.singleLine(query), to: 30) + "'"
    }

    // MARK: - Moving

    /// Expands or collapses the selected item; expanding an unread item reads it.
    private mutating func toggle() -> [ViewEffect] {
        defer { list.reveal(metrics) }
        let key = self.key(selected)
        let row = metrics.top(of: selected) - topLine
        let isExpanded = expanded.insert(key).inserted
        if !isExpanded { expanded.remove(key) }
        // Only this item's height changed: the items after it move by the difference.
        wrapHere(selected)
        metrics.setHeight(lines(selected).height(expanded: isExpanded), of: selected)
        // Collapsing an item read from the middle brings its title back to the top.
        if row < 0 { list.scroll(toLine: metrics.top(of: selected), metrics) }
        guard isExpanded, isUnread(entry(selected)) else { return [] }
        return [.feeds(.markRead([entry(selected)], read: true))]
    }

    /// Unread: so the cache said when the feed loaded, unless read or marked unread since.
    func isUnread(_ entry: FeedEntry) -> Bool { store.isUnread(entry) }

    private mutating func setAll(expanded expand: Bool) {
        let row = max(0, list.anchor(metrics) ?? 0)
        if expand {
            for position in order.indices { expanded.insert(key(position)) }
        } else {
            expanded.removeAll()
        }
        measure()
        list.restore(anchor: row, metrics)
        list.keepVisible(metrics)
        wrapNearScreen(wholeIfLittle: true)
    }

    /// Opens `link` (an enclosure in the player) when it is safe to, and reads the item.
    private mutating func opening(_ link: String, play: Bool, _ item: FeedEntry) -> [ViewEffect] {
        if let refusal = Self.refusal(link) { return [.message(refusal)] }
        var effects: [ViewEffect] = [.host(.runProgram(play ? .play(link: link) : .open(link: link)))]
        if isUnread(item) { effects.append(.feeds(.markRead([item], read: true))) }
        return effects
    }

    /// Why a link may not be opened: only http and https, nothing that could reach a terminal.
    static func refusal(_ link: String) -> String? {
        if link.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) { return "not opened: the link has control characters in it" }
        let lower = link.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            return "not opened: only http and https links are (\(TextLayout.truncate(TerminalSafeText.singleLine(link), to: 40)))"
        }
        return nil
    }

    /// Opens the item's own link; opening it reads it.
    private mutating func openLink() -> [ViewEffect] {
        let item = entry(selected)
        guard !item.link.isEmpty else { return [.message("this item has no link")] }
        return opening(item.link, play: false, item)
    }
}
