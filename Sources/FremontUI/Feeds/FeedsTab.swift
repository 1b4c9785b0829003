import Foundation
import FremontCore

/// The Feeds tab: the items of every feed merged, newest first, each collapsed to its title and
/// first lines or expanded to its whole text. State only; `FeedsView` draws it.
///
/// The list is measured in lines: `tops[i]` is where entry `i` starts, so moving, paging and
/// drawing look up only what is on screen. Wrapping happens when the width changes or a feed
/// reloads (that feed only); a key never re-wraps anything.
public struct FeedsTab: Sendable {
    /// Where an entry of the merged list lives.
    struct Ref: Sendable, Equatable {
        var slot: Int
        var index: Int
    }

    private(set) var slots: [FeedSlot] = []
    /// The merged list: failed feeds first, then items newest first, undated last.
    private(set) var order: [Ref] = []
    /// The first line of each entry in `order`, and one more: the end of the last.
    private(set) var tops: [Int] = [0]
    /// The width the text is wrapped to, and the viewport height last laid out for (0: not yet).
    private(set) var wrapWidth = 0
    private(set) var viewportHeight = 0
    public private(set) var expanded: Set<FeedItemKey> = []
    public private(set) var selected = 0
    /// The first list line shown.
    public private(set) var topLine = 0
    /// The active `/` search, lowercased: while there is one, `n`/`N` go from match to match.
    public private(set) var search: String?
    /// Until the reader moves, the view stays at the top while feeds arrive: the newest items
    /// first, rather than following whichever item happened to be selected first.
    private(set) var atStart = true
    /// Sources whose load is under way, in the order they started.
    public private(set) var loading: [String] = []

    /// "Now", for relative dates; a parameter so tests see the same dates every day.
    public let now: @Sendable () -> Date
    public let timeZone: TimeZone

    public init(now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    // MARK: - What is shown

    public var itemCount: Int { order.count }
    public var isEmpty: Bool { order.isEmpty }
    public var warningCount: Int { slots.reduce(0) { $0 + $1.warnings } }

    /// For the header: the one feed's source, or how many feeds there are.
    public var sourceName: String {
        slots.count == 1 ? slots[0].source : slots.isEmpty ? "" : "\(slots.count) feeds"
    }

    public var selectedKey: FeedItemKey? { order.isEmpty ? nil : entry(selected).key }

    /// The selected item's title, for tests and messages.
    public var selectedTitle: String? { order.isEmpty ? nil : entry(selected).title }

    public func isExpanded(_ key: FeedItemKey) -> Bool { expanded.contains(key) }
    /// Items read (expanded) since their feed was loaded; a reload's read state includes them.
    private var readNow: Set<FeedItemKey> = []

    func entry(_ position: Int) -> FeedEntry {
        let ref = order[position]
        return slots[ref.slot].entries[ref.index]
    }

    func lines(_ position: Int) -> FeedEntryLines {
        let ref = order[position]
        return slots[ref.slot].lines[ref.index]
    }

    var isLaidOut: Bool { wrapWidth > 0 && tops.count == order.count + 1 }

    /// The list's lines: every entry and the blank line after each but the last.
    var lineCount: Int { order.isEmpty ? 0 : tops[order.count] - 1 }

    /// The entry that list line `line` belongs to.
    func position(ofLine line: Int) -> Int {
        var low = 0, high = order.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= line { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Text columns for a viewport: two for the gutter, two kept free on the right (a `…` after
    /// cut text, the scroll arrows).
    static func textWidth(for viewport: Rect) -> Int { max(1, viewport.width - 5) }

    // MARK: - Loads

    public mutating func loadStarted(_ source: String) {
        if !loading.contains(source) { loading.append(source) }
        _ = slotIndex(source)
    }

    /// What the status line says while loads are under way.
    public var loadingText: String? {
        switch loading.count {
        case 0: return nil
        case 1: return FeedSlot.fileName(loading[0])
        default: return "\(loading.count) feeds"
        }
    }

    /// A feed arrived. Expanded items stay expanded and the selection stays on the same item,
    /// at the same place on screen, when the new items have it.
    public mutating func show(_ feed: PreparedFeed, source: String) {
        loading.removeAll { $0 == source }
        let index = slotIndex(source)
        rebuild { $0[index].show(feed) }
    }

    /// A load failed: the feed's last good items stay; with none, the tab says why in their place.
    public mutating func loadFailed(_ error: ParseError, source: String) {
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
        let keptRow = isLaidOut && !order.isEmpty ? tops[selected] - topLine : nil
        change(&slots)
        order = Self.merge(slots)
        selected = keptKey.flatMap { key in order.indices.first { entry($0).key == key } } ?? min(selected, max(0, order.count - 1))
        if atStart { selected = 0 }
        guard wrapWidth > 0 else { return }
        relayout()
        if let keptRow { topLine = atStart ? 0 : tops[selected] - keptRow }
        clampTop()
        keepVisible()
    }

    /// Failures first (in source order), then newest first; undated items last; ties keep the
    /// feeds' order and each feed's own order.
    static func merge(_ slots: [FeedSlot]) -> [Ref] {
        var refs: [(ref: Ref, date: Date?, failure: Bool)] = []
        for (slot, feed) in slots.enumerated() {
            for (index, entry) in feed.entries.enumerated() {
                refs.append((Ref(slot: slot, index: index), entry.date, entry.isFailure))
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
    public mutating func resize(viewport: Rect) {
        let width = Self.textWidth(for: viewport)
        guard !isLaidOut || width != wrapWidth || viewport.height != viewportHeight else { return }
        let keptRow = isLaidOut && !order.isEmpty ? tops[selected] - topLine : nil
        wrapWidth = width
        viewportHeight = viewport.height
        relayout()
        if let keptRow { topLine = tops[selected] - keptRow }
        clampTop()
        // With its title on screen, a shrunk window still shows as much of the selected item as
        // it can; read from the middle, the item stays where the reader was.
        if let keptRow, keptRow >= 0 { reveal() } else { keepVisible() }
    }

    /// Wraps what is not wrapped for `wrapWidth` (every feed after a resize, one after a load)
    /// and measures the list.
    private mutating func relayout() {
        for index in slots.indices { slots[index].wrap(width: wrapWidth) }
        measure()
    }

    /// Where each entry starts, for the expanded set. Wraps only the whole text of expanded
    /// items not yet wrapped at this width.
    private mutating func measure() {
        var tops = [Int]()
        tops.reserveCapacity(order.count + 1)
        var line = 0
        let anyExpanded = !expanded.isEmpty
        for position in order.indices {
            tops.append(line)
            let isExpanded = anyExpanded && expanded.contains(entry(position).key)
            if isExpanded { complete(position) }
            line += lines(position).height(expanded: isExpanded)
        }
        tops.append(line)
        self.tops = tops
    }

    private mutating func complete(_ position: Int) {
        let ref = order[position]
        guard !slots[ref.slot].lines[ref.index].isComplete else { return }
        slots[ref.slot].lines[ref.index].complete(slots[ref.slot].entries[ref.index])
    }

    private var maximumTop: Int { max(0, lineCount - viewportHeight) }

    private mutating func clampTop() {
        topLine = min(max(0, topLine), maximumTop)
    }

    /// Scrolls just enough to show the selected item: all of it when it fits, else from its title.
    private mutating func reveal() {
        guard isLaidOut, !order.isEmpty else { return }
        let top = tops[selected], bottom = tops[selected + 1] - 1
        if top < topLine {
            topLine = top
        } else if bottom > topLine + viewportHeight {
            topLine = min(top, bottom - viewportHeight)
        }
        clampTop()
    }

    /// Scrolls only when no line of the selected item is on screen.
    private mutating func keepVisible() {
        guard isLaidOut, !order.isEmpty else { return }
        let top = tops[selected], bottom = tops[selected + 1] - 1
        if bottom <= topLine || top >= topLine + viewportHeight { reveal() }
    }

    // MARK: - Keys

    public static let hints: [KeyHint] = [
        KeyHint("Enter", "expand"), KeyHint("E/C", "all"), KeyHint("o", "open"),
        KeyHint("n/p", "item"), KeyHint("/", "find"),
    ]

    /// While a search is active, `n`/`N` go from match to match and Esc ends the search.
    public static let searchHints: [KeyHint] = [
        KeyHint("Enter", "expand"), KeyHint("E/C", "all"), KeyHint("o", "open"),
        KeyHint("n/N", "match"), KeyHint("Esc", "clear"),
    ]

    public var currentHints: [KeyHint] { search == nil ? Self.hints : Self.searchHints }

    /// Every Feeds key, for the help overlay.
    public static let helpHints: [KeyHint] = [
        KeyHint("Enter/Space", "expand/collapse the item"), KeyHint("E / C", "expand/collapse all"),
        KeyHint("o", "open the item's link"), KeyHint("n / p", "next/previous item"),
        KeyHint("/ then n / N", "next/previous match"), KeyHint("Esc", "end the search"),
        KeyHint("PgDn/PgUp ^F/^B", "page (Space expands)"), KeyHint("click selected", "expand/collapse"),
    ]

    public mutating func handle(_ key: Key, viewport: Rect) -> TabOutcome {
        resize(viewport: viewport)
        guard !order.isEmpty else { return .ignored }
        atStart = false
        switch key {
        case .character("j"), .down: select(selected + 1)
        case .character("k"), .up, .character("p"): select(selected - 1)
        case .character("n"):
            if let search { return find(search, forward: true) }
            select(selected + 1)
        case .character("N"):
            guard let search else { return .message("no search: / finds text in the feeds") }
            return find(search, forward: false)
        case .enter, .character(" "): return toggle()
        case .character("E"): setAll(expanded: true)
        case .character("C"): setAll(expanded: false)
        case .character("o"): return openLink()
        case .pageDown, .control("f"): page(by: 1)
        case .pageUp, .control("b"): page(by: -1)
        case .character("g"), .home:
            selected = 0
            topLine = 0
        case .character("G"), .end:
            selected = order.count - 1
            topLine = maximumTop
            reveal()
        case .escape:
            guard search != nil else { return .ignored }
            search = nil
            return .message("search cleared: n/p move by item")
        default: return .ignored
        }
        return .handled
    }

    /// Wheel scrolling moves the view; the selection follows only when it leaves the screen.
    public mutating func scroll(by lines: Int, viewport: Rect) {
        resize(viewport: viewport)
        guard !order.isEmpty else { return }
        atStart = false
        topLine += lines
        clampTop()
        followView()
    }

    /// A click selects the item under the pointer; a click on the selected item opens or closes it.
    public mutating func click(x: Int, y: Int, viewport: Rect) -> TabOutcome {
        resize(viewport: viewport)
        guard !order.isEmpty, viewport.contains(x: x, y: y) else { return .ignored }
        let line = topLine + (y - viewport.y)
        guard line < lineCount else { return .ignored }
        let position = position(ofLine: line)
        guard line < tops[position + 1] - 1 else { return .ignored }  // the blank line between items
        atStart = false
        if position == selected {
            return toggle()
        } else {
            selected = position
            keepVisible()
        }
        return .handled
    }

    /// Finds the next (or previous) item whose title or text contains `query`, ignoring case,
    /// and makes it the active search.
    public mutating func search(_ query: String, forward: Bool, viewport: Rect) -> TabOutcome {
        resize(viewport: viewport)
        let trimmed = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return .ignored }
        guard !order.isEmpty else { return .message("nothing to search yet") }
        atStart = false
        return find(trimmed, forward: forward)
    }

    private mutating func find(_ query: String, forward: Bool) -> TabOutcome {
        let count = order.count
        var matches: [Int] = []
        for position in 0..<count where entry(position).searchText.contains(query) { matches.append(position) }
        guard !matches.isEmpty else {
            search = nil
            return .message("no item matches \(quotedQuery(query))")
        }
        search = query
        let target: Int
        if forward {
            target = matches.first { $0 > selected } ?? matches[0]
        } else {
            target = matches.last { $0 < selected } ?? matches[matches.count - 1]
        }
        selected = target
        reveal()
        let number = matches.firstIndex(of: target)! + 1
        return .message("\(quotedQuery(query)): item \(number) of \(matches.count) matching")
    }

    private func quotedQuery(_ query: String) -> String {
        "'" + TextLayout.truncate(TerminalSafeText.singleLine(query), to: 30) + "'"
    }

    // MARK: - Moving

    private mutating func select(_ position: Int) {
        selected = min(max(0, position), order.count - 1)
        reveal()
    }

    /// Expands or collapses the selected item; expanding an unread item reads it.
    @discardableResult
    private mutating func toggle() -> TabOutcome {
        defer { reveal() }
        let key = entry(selected).key
        let row = tops[selected] - topLine
        let isExpanded = expanded.insert(key).inserted
        if !isExpanded { expanded.remove(key) }
        // Only this item's height changed: the items after it move by the difference.
        if isExpanded { complete(selected) }
        let change = lines(selected).height(expanded: isExpanded) - (tops[selected + 1] - tops[selected])
        for position in (selected + 1)..<tops.count { tops[position] += change }
        // Collapsing an item read from the middle brings its title back to the top.
        if row < 0 { topLine = tops[selected] }
        guard isExpanded, isUnread(entry(selected)) else { return .handled }
        readNow.insert(key)
        return .markRead(source: key.source, id: key.id)
    }

    /// Unread: so the cache said when the feed loaded, and not read since.
    func isUnread(_ entry: FeedEntry) -> Bool {
        entry.isUnread && !readNow.contains(entry.key)
    }

    private mutating func setAll(expanded expand: Bool) {
        let row = max(0, tops[selected] - topLine)
        if expand {
            for position in order.indices { expanded.insert(entry(position).key) }
        } else {
            expanded.removeAll()
        }
        measure()
        topLine = tops[selected] - row
        clampTop()
        keepVisible()
    }

    /// A page of lines. At either end of the list the selection goes to the first or last item,
    /// so a page key always does something.
    private mutating func page(by direction: Int) {
        let before = topLine
        topLine += direction * max(1, viewportHeight - 1)
        clampTop()
        if topLine == before {
            select(direction > 0 ? order.count - 1 : 0)
        } else {
            followView()
        }
    }

    /// After the view moved: when the selected item left the screen, select the first item
    /// whose title is on it (else the item filling it).
    private mutating func followView() {
        let top = tops[selected], bottom = tops[selected + 1] - 1
        guard bottom <= topLine || top >= topLine + viewportHeight else { return }
        let first = position(ofLine: topLine)
        if tops[first] >= topLine || first + 1 >= order.count || tops[first + 1] >= topLine + viewportHeight {
            selected = first
        } else {
            selected = first + 1
        }
    }

    private func openLink() -> TabOutcome {
        let item = entry(selected)
        guard !item.link.isEmpty else { return .message("this item has no link") }
        if item.link.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) {
            return .message("not opened: the link has control characters in it")
        }
        let lower = item.link.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            let shown = TextLayout.truncate(TerminalSafeText.singleLine(item.link), to: 40)
            return .message("not opened: only http and https links are (\(shown))")
        }
        return .openLink(item.link)
    }
}
