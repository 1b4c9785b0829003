/// What a list remembers between frames: the selected item and the first line shown, for a
/// viewport of `height` lines. The items themselves, and how tall each is, stay with the view
/// and come in as `ListMetrics` on each call, so one state serves a table of 100,000 hours, a
/// river of feed items that expand in place, and a text that only scrolls.
///
/// `gap` lines at the end of every item (the blank line between feed items) belong to no item's
/// content: revealing an item does not need them on screen, and the last item has none.
public struct ListState: Sendable, Hashable {
    public private(set) var selected = 0
    /// The first line shown.
    public private(set) var offset = 0
    /// Lines in the viewport.
    public private(set) var height = 1
    public let gap: Int

    public init(gap: Int = 0) {
        self.gap = gap
    }

    /// Lines the list takes: every item, less the gap after the last.
    public func lineCount(_ metrics: some ListMetrics) -> Int {
        metrics.itemCount == 0 ? 0 : metrics.totalLines - gap
    }

    public func maximumOffset(_ metrics: some ListMetrics) -> Int {
        max(0, lineCount(metrics) - height)
    }

    /// The selected item's lines, its gap left out.
    private func extent(of item: Int, _ metrics: some ListMetrics) -> (top: Int, bottom: Int) {
        let top = metrics.top(of: item)
        return (top, max(top, metrics.top(of: item + 1) - gap - 1))
    }

    // MARK: - Size

    /// A new viewport height. The view decides what to keep in sight (`reveal`, `keepVisible`).
    public mutating func resize(height newHeight: Int, _ metrics: some ListMetrics) {
        height = max(1, newHeight)
        clamp(metrics)
    }

    /// Where the selected item's first line is on screen: keep it with `restore(anchor:)` across
    /// a change that moves lines (a re-wrap, items arriving above).
    public func anchor(_ metrics: some ListMetrics) -> Int? {
        metrics.itemCount == 0 ? nil : metrics.top(of: selected) - offset
    }

    /// Puts the selected item's first line back at screen row `anchor`, as far as the list allows.
    public mutating func restore(anchor: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        offset = metrics.top(of: selected) - anchor
        clampOffset(metrics)
    }

    // MARK: - Selection

    /// Selects `item` (clamped to the list) and scrolls just enough to show it.
    public mutating func select(_ item: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        selected = min(max(0, item), metrics.itemCount - 1)
        reveal(metrics)
    }

    /// Selects `item` without scrolling: for a list not laid out yet.
    public mutating func mark(_ item: Int, _ metrics: some ListMetrics) {
        selected = min(max(0, item), max(0, metrics.itemCount - 1))
    }

    /// Selects `item` and scrolls only when none of it is on screen (a click, a reload).
    public mutating func selectKeepingView(_ item: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        selected = min(max(0, item), metrics.itemCount - 1)
        keepVisible(metrics)
    }

    /// Moves the selection by `items` and the view by `lines` with it, as pagers page: the
    /// selection keeps its place on screen.
    public mutating func move(by items: Int, scrolling lines: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        offset += lines
        clampOffset(metrics)
        select(selected + items, metrics)
    }

    /// First item, top of the list.
    public mutating func home(_ metrics: some ListMetrics) {
        selected = 0
        offset = 0
    }

    /// Last item, end of the list.
    public mutating func end(_ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        selected = metrics.itemCount - 1
        offset = maximumOffset(metrics)
        reveal(metrics)
    }

    /// The moves every list shares: an item down or up, a page of the view (the selection
    /// follows), the first or last item.
    public mutating func move(_ motion: ListMotion, _ metrics: some ListMetrics) {
        switch motion {
        case .down: select(selected + 1, metrics)
        case .up: select(selected - 1, metrics)
        case .pageDown: page(by: 1, metrics)
        case .pageUp: page(by: -1, metrics)
        case .first: home(metrics)
        case .last: end(metrics)
        }
    }

    // MARK: - Scrolling the view

    /// Shows the selected item: all of it when it fits, else from its first line.
    public mutating func reveal(_ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        let (top, bottom) = extent(of: selected, metrics)
        if top < offset {
            offset = top
        } else if bottom >= offset + height {
            offset = min(top, bottom - height + 1)
        }
        clampOffset(metrics)
    }

    /// Scrolls only when no line of the selected item is on screen.
    public mutating func keepVisible(_ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        let (top, bottom) = extent(of: selected, metrics)
        if bottom < offset || top >= offset + height { reveal(metrics) }
    }

    /// Moves the view by `lines` (the wheel); the selection follows only when it leaves the screen.
    public mutating func scroll(by lines: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        offset += lines
        clampOffset(metrics)
        followView(metrics)
    }

    /// Puts line `line` at the top, as far as the list allows (a day brought to the top).
    public mutating func scroll(toLine line: Int, _ metrics: some ListMetrics) {
        offset = line
        clampOffset(metrics)
    }

    /// A page of lines. At either end the selection goes to the first or last item, so a page
    /// key always does something.
    public mutating func page(by direction: Int, _ metrics: some ListMetrics) {
        guard metrics.itemCount > 0 else { return }
        let before = offset
        offset += direction * max(1, height - 1)
        clampOffset(metrics)
        if offset == before {
            select(direction > 0 ? metrics.itemCount - 1 : 0, metrics)
        } else {
            followView(metrics)
        }
    }

    /// After the view moved: when the selected item left the screen, select the first item whose
    /// first line is on it, else the item filling it.
    private mutating func followView(_ metrics: some ListMetrics) {
        let (top, bottom) = extent(of: selected, metrics)
        guard bottom < offset || top >= offset + height else { return }
        let first = metrics.item(atLine: offset)
        if metrics.top(of: first) >= offset || first + 1 >= metrics.itemCount || metrics.top(of: first + 1) >= offset + height {
            selected = first
        } else {
            selected = first + 1
        }
    }

    // MARK: - Pointer

    /// What a click on a list row did.
    public enum Click: Equatable, Sendable {
        /// Not on an item (a gap line, past the end).
        case nothing
        /// Selected the item under it.
        case selected(Int)
        /// On the item already selected: open it, as a second click does.
        case again(Int)
    }

    /// A click on screen row `row`: selects the item under it, keeping the view.
    public mutating func click(row: Int, _ metrics: some ListMetrics) -> Click {
        guard let item = item(atRow: row, metrics) else { return .nothing }
        if item == selected { return .again(item) }
        selectKeepingView(item, metrics)
        return .selected(item)
    }

    /// The item drawn on screen row `row` of the list, nil for a gap line or past the end.
    public func item(atRow row: Int, _ metrics: some ListMetrics) -> Int? {
        let line = offset + row
        guard row >= 0, row < height, line < lineCount(metrics), metrics.itemCount > 0 else { return nil }
        let item = metrics.item(atLine: line)
        return line <= extent(of: item, metrics).bottom ? item : nil
    }

    // MARK: - Keeping within bounds

    /// The list changed length: the selection and the view stay within it.
    public mutating func clamp(_ metrics: some ListMetrics) {
        clampSelection(metrics)
        clampOffset(metrics)
    }

    private mutating func clampSelection(_ metrics: some ListMetrics) {
        selected = min(max(0, selected), max(0, metrics.itemCount - 1))
    }

    private mutating func clampOffset(_ metrics: some ListMetrics) {
        offset = min(max(0, offset), maximumOffset(metrics))
    }
}
