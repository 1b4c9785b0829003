

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
