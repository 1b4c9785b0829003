/// Lays `count` equal slots (days, hours) across `dots` dot columns: item i sits at the centre of
/// its share of the width, so a few items spread out evenly and many share a dot column each.
/// Every lookup is O(1) integer arithmetic, in both directions.
public struct SlotScale: Hashable, Sendable {
    public let count: Int
    public let dots: Int

    public init(count: Int, dots: Int) {
        self.count = max(0, count)
        self.dots = max(1, dots)
    }

    /// The dot column of item `index`: ⌊(2i + 1)·dots / 2·count⌋.
    public func dot(of index: Int) -> Int {
        guard count > 0 else { return 0 }
        return (2 * index + 1) * dots / (2 * count)
    }

    /// The cell column (two dots wide) of item `index`.
    public func cell(of index: Int) -> Int { dot(of: index) / 2 }

    /// The items drawn in dot column `dot`: empty between the items when they are few.
    public func items(inDot dot: Int) -> Range<Int> {
        guard count > 0, dot >= 0, dot < dots else { return 0..<0 }
        return firstItem(atOrAfterDot: dot)..<firstItem(atOrAfterDot: dot + 1)
    }

    /// The items drawn in cell column `cell`.
    public func items(inCell cell: Int) -> Range<Int> {
        guard count > 0, cell >= 0, 2 * cell < dots else { return 0..<0 }
        return firstItem(atOrAfterDot: 2 * cell)..<firstItem(atOrAfterDot: 2 * cell + 2)
    }

    /// The item a click on cell column `cell` means: the first drawn in it, else (between sparse
    /// items) the nearest one; nil when there are no items.
    public func item(atCell cell: Int) -> Int? {
        guard count > 0 else { return nil }
        let cell = min(max(0, cell), (dots - 1) / 2)
        let inCell = items(inCell: cell)
        if !inCell.isEmpty { return inCell.lowerBound }
        let after = inCell.lowerBound, before = after - 1
        guard before >= 0 else { return min(after, count - 1) }
        guard after < count else { return before }
        let centre = 4 * cell + 1  // the cell's middle, in half dots
        return centre - 2 * dot(of: before) <= 2 * dot(of: after) - centre ? before : after
    }

    /// The first item whose dot column is `dot` or later: ⌈(2·dot·count − dots) / 2·dots⌉,
    /// clamped to 0...count.
    private func firstItem(atOrAfterDot dot: Int) -> Int {
        let numerator = 2 * dot * count - dots, denominator = 2 * dots
        let first = numerator >= 0 ? (numerator + denominator - 1) / denominator : -(-numerator / denominator)
        return min(count, max(0, first))
    }
}
