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
