import FremontCore

/// A list of cached items read a window at a time: the rows on screen and a margin, never every
/// item, so a million cached items cost what a screen costs. It holds the window, the list's
/// first and last screens beside it (so `g` and `G` draw at once), the request on its way (one
/// at a time), the count asked after a first screen that came without it, and the list's
/// scroll position; it says which windows to read as the selection moves and takes them as they
/// come. The headline list and its searches are screens over one; any list of cached items
/// (a query feed's) can be.
struct ItemWindowSource: Sendable {
    /// What the window asks the cache.
    private(set) var query: ItemQuery
    private(set) var order: ItemOrder
    /// The config's `highlight-article` expressions, which the cache tests each window's rows against.
    let highlights: [FilterExpression]
    private(set) var window: ItemWindow
    /// The list's first screen and (once counted) its last, held beside the window; a screen
    /// each, dropped whenever the list's items may have changed.
    private(set) var head: ItemWindow?
    private(set) var tail: ItemWindow?
    /// The window asked for and not arrived yet: one at a time.
    private(set) var pending: ItemWindowRequest?
    /// What the pending request reads when it is not a fresh window (a first one, a refresh, a
    /// seek): the window moved along the same items, or an end of the list.
    private var pendingRead: PendingRead?
    /// The items changed while a window was on its way: the window is read again when it comes.
    private var stale = false
    /// Whether the first window came.
    private(set) var isLoaded = false
    /// The list's count asked for (its first screen came without it), and whether a newer
    /// uncounted window came meanwhile, so the count is asked again when this one lands.
    private var counting = false
    private var recount = false
    /// The scroll position and the selection, over positions in the list.
    var list = ListState()
    /// The screen's rows.
    private(set) var height = 0

    enum PendingRead: Sendable {
        /// The window around the screen, the screen lacking rows or read ahead.
        case moving
        case head, tail
    }

    /// What a window that came did.
    enum Arrival {
        /// Not for this list (another query or order, since changed).
        case ignored
        /// Taken inside (an end, a window that moved on too late, a read again): these follow.
        case handled([ViewEffect])
        /// The window replaced (the selection kept on its item): these follow, and the screen
        /// goes on with what waited for it (a seek), else asks `ensure`, unless `readAgain` (the
        /// items changed meanwhile, so a newer window is on its way).
        case landed([ViewEffect], readAgain: Bool)
    }

    /// Rows asked for before the screen's height is known: a tall terminal's screen and more.
    static let firstRows = 200
    static let minimumEndRows = 50

    init(query: ItemQuery, order: ItemOrder, highlights: [FilterExpression]) {
        self.query = query
        self.order = order
        self.highlights = highlights
        window = ItemWindow(query: query, order: order)
    }

    var total: Int { window.total }
    var selected: Int { list.selected }
    var metrics: UniformMetrics { UniformMetrics(count: window.total) }

    /// The row at `position`: from the window, else from an end held beside it.
    func headline(_ position: Int) -> ItemHeadline? {
        window[position] ?? head?[position] ?? currentTail?[position]
    }

    // MARK: - Asking

    /// The first window, for a list just opened.
    mutating func firstLoad() -> ViewEffect {
        let request = ItemWindowRequest(query: query, order: order, highlights: highlights, wanted: 0..<Self.firstRows)
        pending = request
        return .run(ItemCommands.window(request))
    }

    /// The list read again from the top, for another query or order (a filter, `O`, the next feed).
    mutating func restart(query: ItemQuery, order: ItemOrder, rows: Int = firstRows) -> [ViewEffect] {
        self.query = query
        self.order = order
        window = ItemWindow(query: query, order: order)
        dropEnds()
        isLoaded = false
        stale = false
        list = ListState()
        if height > 0 { list.resize(height: height, metrics) }
        return request(ItemWindowRequest(query: query, order: order, highlights: highlights, wanted: 0..<rows))
    }

    /// The screen's height changed: the list keeps its selection in view; ends shorter than a
    /// screen now are read again.
    mutating func resize(height newHeight: Int) {
        height = newHeight
        list.resize(height: height, metrics)
        list.keepVisible(metrics)
        if (head?.rows.count ?? endRows) < min(endRows, window.total) { head = nil }
        if (tail?.rows.count ?? endRows) < min(endRows, window.total) { tail = nil }
    }

    /// The rows to hold for the screen at `list.offset`: the screen, and a screen each side.
    private var wanted: Range<Int> {
        let margin = max(height, 50)
        let lower = max(0, list.offset - margin)
        return lower..<(list.offset + height + margin)
    }

    /// The rows the screen draws: those on it and the selection.
    private var needed: Range<Int> {
        let shown = list.offset..<min(window.total, list.offset + height)
        return shown.isEmpty ? shown : min(shown.lowerBound, selected)..<max(shown.upperBound, selected + 1)
    }

    /// Whether every row of `range` is held, in the window or an end beside it.
    private func holds(_ range: Range<Int>) -> Bool {
        func covers(_ held: ItemWindow?) -> Bool {
            guard let held else { return false }
            return held.positions.contains(range.lowerBound) && held.positions.contains(range.upperBound - 1)
        }
        return range.isEmpty || covers(window) || covers(head) || covers(currentTail)
    }

    /// The screen lacks rows it draws (`…`) until a window lands: what a person waits for.
    var isWaitingForRows: Bool {
        guard isLoaded else { return true }
        return height > 0 && !holds(needed)
    }

    /// Rows held past the screen before the next window is asked for: a screen each way, so a
    /// key moving on draws from rows held while the window around it is read.
    private var readAheadReach: Int { max(height, 1) }

    /// Asks for the rows on screen when the window does not hold them, and reads ahead: the
    /// window around the screen once it comes within a screen of the held window's edge (where
    /// the list goes on), then the list's ends when they are not held (one request at a time).
    mutating func ensure() -> [ViewEffect] {
        guard isLoaded, pending == nil, height > 0 else { return [] }
        let needed = needed
        guard !needed.isEmpty else { return [] }
        let inWindow = window.positions.contains(needed.lowerBound) && window.positions.contains(needed.upperBound - 1)
        if !inWindow {
            // Rows an end holds draw meanwhile: the window around them is read ahead.
            var next = window.request(wanted)
            next.isReadAhead = holds(needed)
            return request(next, reading: .moving)
        }
        let ahead = max(0, needed.lowerBound - readAheadReach)..<min(window.total, needed.upperBound + readAheadReach)
        let nearEdge = ahead.lowerBound < window.positions.lowerBound || ahead.upperBound > window.positions.upperBound
        if nearEdge {
            var next = window.request(wanted)
            next.isReadAhead = true
            // Only a window that moves on: one holding what is held already would be asked again and again.
            if next.plan(total: window.total).kept != window.positions { return request(next, reading: .moving) }
        }
        return readEnds()
    }

    /// The rows from `lower` on (a seek looking past the window), as the next window.
    mutating func read(from lower: Int, rows: Int) -> [ViewEffect] {
        request(window.request(lower..<(lower + rows)))
    }

    /// The rows an end holds: a screen, the first read at least.
    private var endRows: Int { max(height, Self.minimumEndRows) }

    /// The list's last screen, while it is the end of the list as counted now.
    private var currentTail: ItemWindow? {
        guard let tail, window.isCounted, tail.total == window.total, tail.positions.upperBound == window.total else { return nil }
        return tail
    }

    /// Asks for an end of the list not held (the first screen; the last once the list is counted).
    private mutating func readEnds() -> [ViewEffect] {
        guard window.total > 0 else { return [] }
        let rows = min(endRows, window.total)
        // Each asked once (an end that comes short is the list's; a resize past it drops it).
        var end = ItemWindowRequest(query: query, order: order, highlights: highlights, wanted: 0..<rows)
        end.isReadAhead = true
        if head == nil, window.first > 0 || window.rows.count < rows { return request(end, reading: .head) }
        if window.isCounted, currentTail == nil, window.positions.upperBound < window.total {
            end.wanted = (window.total - rows)..<window.total
            return request(end, reading: .tail)
        }
        return []
    }

    /// Keeps the ends a window holds (the first screen, the last), as read with it.
    private mutating func keepEnds(of window: ItemWindow) {
        let rows = min(endRows, window.total)
        guard rows > 0 else { return }
        if window.first == 0, window.rows.count >= rows {
            head = ItemWindow(query: window.query, order: window.order, highlights: window.highlights, total: window.total, first: 0,
                              rows: Array(window.rows.prefix(rows)), isCounted: window.isCounted)
        }
        if window.isCounted, window.positions.upperBound == window.total, window.rows.count >= rows {
            tail = ItemWindow(query: window.query, order: window.order, highlights: window.highlights, total: window.total,
                              first: window.total - rows, rows: Array(window.rows.suffix(rows)))
        }
    }

    /// The ends held are dropped (marks changed what they show): read again when next wanted.
    mutating func dropEnds() {
        head = nil
        tail = nil
    }

    private mutating func request(_ request: ItemWindowRequest, reading: PendingRead? = nil) -> [ViewEffect] {
        pending = request
        pendingRead = reading
        return [.run(ItemCommands.window(request))]
    }

    /// The items changed in the cache (a feed loaded): the window is read again where it
    /// stands, the ends after it.
    mutating func refresh() -> [ViewEffect] {
        dropEnds()
        guard pending == nil else {
            stale = true
            return []
        }
        return request(ItemWindowRequest(query: query, order: order, highlights: highlights, wanted: isLoaded ? wanted : 0..<Self.firstRows))
    }

    /// The list's count, asked for on the counts' lane after a first screen that came without it.
    private mutating func askCount() -> [ViewEffect] {
        guard !counting else {
            recount = true
            return []
        }
        counting = true
        return [.run(ItemCommands.window(.count(of: query, order: order)))]
    }

    // MARK: - Taking

    /// A window (or this list's count) came from the cache.
    mutating func receive(_ new: ItemWindow) -> Arrival {
        if new.isCountOnly {
            guard new.query == query else { return .ignored }
            return .handled(counted(new.total))
        }
        guard new.query == query, new.order == order else { return .ignored }
        return arrived(new)
    }

    /// The cache could not give a window: nothing waits for it any more. A count lost
    /// (cancelled, failed) is asked again with the next uncounted window.
    mutating func failed() {
        pending = nil
        pendingRead = nil
        counting = false
        recount = false
    }

    /// The count came: the window's provisional total is replaced (a window read meanwhile,
    /// past the first screen, was counted with its rows and stays as it is).
    private mutating func counted(_ total: Int) -> [ViewEffect] {
        counting = false
        if recount {
            recount = false
            return askCount()
        }
        guard !window.isCounted else { return [] }
        window.total = max(total, window.positions.upperBound)
        window.isCounted = true
        list.clamp(metrics)
        if height > 0 { list.resize(height: height, metrics) }
        return ensure()
    }

    /// An end of the list came: held beside the window (unless the items changed meanwhile).
    private mutating func arrivedEnd(_ end: PendingRead, _ new: ItemWindow) -> [ViewEffect] {
        pending = nil
        pendingRead = nil
        if stale {
            stale = false
            return refresh()
        }
        switch end {
        case .head where new.first == 0: head = new
        case .tail where new.isCounted && new.total == window.total: tail = new
        // The list's length changed since the window was read: the window is read again, the ends after it.
        case .tail: return refresh()
        default: break
        }
        return ensure()
    }

    private mutating func arrived(_ new: ItemWindow) -> Arrival {
        if let end = pendingRead, end != .moving { return .handled(arrivedEnd(end, new)) }
        // A window moved along that lands after the person moved back past it: the held one
        // still has the screen, and keeps it; the next is asked around where the screen is now.
        if pendingRead == .moving, isLoaded, !stale, new.total == window.total, new.isCounted == window.isCounted, holds(needed),
           !(new.positions.contains(needed.lowerBound) && new.positions.contains(needed.upperBound - 1)) {
            pending = nil
            pendingRead = nil
            keepEnds(of: new)
            return .handled(ensure())
        }
        pending = nil
        pendingRead = nil
        let keptSelection = headline(selected).map { ($0.feed, $0.id) }
        let wasLoaded = isLoaded
        let oldLength = window.isCounted ? window.total : nil
        // A list counted before keeps that count meanwhile (its length does not flicker to a screen's).
        let previousTotal = window.isCounted && window.query == new.query && wasLoaded ? window.total : 0
        window = new
        if !new.isCounted { window.total = max(new.total, previousTotal) }
        isLoaded = true
        // New items above move the selected one down: the selection and the view follow it.
        func isKept(_ position: Int) -> Bool {
            guard let keptSelection, let headline = window[position] else { return false }
            return headline.feed == keptSelection.0 && headline.id == keptSelection.1
        }
        if wasLoaded, keptSelection != nil, window[selected] != nil, !isKept(selected),
           let moved = window.positions.first(where: isKept) {
            let shift = moved - selected
            list.scroll(toLine: list.offset + shift, metrics)
            list.selectKeepingView(moved, metrics)
        }
        list.clamp(metrics)
        if height > 0 { list.resize(height: height, metrics) }
        // A list whose length changed (items came or went) has other ends.
        if wasLoaded, let oldLength, window.isCounted, window.total != oldLength { dropEnds() }
        keepEnds(of: window)
        let count = window.isCounted ? [] : askCount()
        if stale {
            stale = false
            return .landed(count + refresh(), readAgain: true)
        }
        return .landed(count, readAgain: false)
    }
}
