/// How the items of a list lay out in lines, for `ListState`. An item takes one or more lines;
/// lookups stay O(1) or O(log n), so a list of 100,000 rows scrolls like a list of ten.
public protocol ListMetrics {
    var itemCount: Int { get }
    /// The first line of item `index`; `top(of: itemCount)` is the line after the last item.
    func top(of index: Int) -> Int
    /// The item that line `line` belongs to, for `0 <= line < top(of: itemCount)`.
    func item(atLine line: Int) -> Int
}

extension ListMetrics {
    /// Every line of every item.
    public var totalLines: Int { top(of: itemCount) }

    /// A binary search over `top(of:)`, for metrics with no faster way.
    public func searchItem(atLine line: Int) -> Int {
        var low = 0, high = itemCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if top(of: middle) <= line { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// A move through a list, as the moving keys ask for it.
public enum ListMotion: Sendable, Hashable {
    case down, up, pageDown, pageUp, first, last
}

/// Items of one line each: a table, a log, a text.
public struct UniformMetrics: ListMetrics, Sendable {
    public let itemCount: Int

    public init(count: Int) { itemCount = max(0, count) }

    public func top(of index: Int) -> Int { index }
    public func item(atLine line: Int) -> Int { line }
}

/// Items of any height, from the first line of each and the end of the last (`tops.count` is
/// one more than the items).
public struct StackedMetrics: ListMetrics, Sendable {
    public private(set) var tops: [Int]

    public init(tops: [Int] = [0]) { self.tops = tops.isEmpty ? [0] : tops }

    /// Measures items of the given heights.
    public init(heights: some Sequence<Int>) {
        var tops = [0]
        for height in heights { tops.append(tops[tops.count - 1] + height) }
        self.tops = tops
    }

    public var itemCount: Int { tops.count - 1 }
    public func top(of index: Int) -> Int { tops[index] }
    public func item(atLine line: Int) -> Int { searchItem(atLine: line) }

    /// Item `index` is now `height` lines tall: the items after it move by the difference.
    public mutating func setHeight(_ height: Int, of index: Int) {
        let change = height - (tops[index + 1] - tops[index])
        guard change != 0 else { return }
        for position in (index + 1)..<tops.count { tops[position] += change }
    }
}
