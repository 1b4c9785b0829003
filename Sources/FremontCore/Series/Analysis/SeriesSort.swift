/// Orders for the table: by any series, ascending or descending, missing values last either way,
/// equal values in their original order (stable, so sorting by one column and then another
/// keeps the first order within ties).
public enum SeriesSort {
    /// `indices` ordered by `keys[index]`; NaN keys last.
    public static func order(_ indices: [Int], by keys: [Double], descending: Bool = false) -> [Int] {
        var present: [Int] = []
        var missing: [Int] = []
        present.reserveCapacity(indices.count)
        for index in indices {
            if keys[index].isNaN { missing.append(index) } else { present.append(index) }
        }
        // The position breaks ties: Swift's `sort` is not documented as stable.
        var positioned = present.enumerated().map { (position: $0.offset, index: $0.element) }
        if descending {
            positioned.sort { keys[$0.index] != keys[$1.index] ? keys[$0.index] > keys[$1.index] : $0.position < $1.position }
        } else {
            positioned.sort { keys[$0.index] != keys[$1.index] ? keys[$0.index] < keys[$1.index] : $0.position < $1.position }
        }
        return positioned.map(\.index) + missing
    }

    /// Table rows ordered by one series; `rows` (say a filter's) defaults to every row in time
    /// order. Sorting by time needs no call: the rows are in time order, `reversed()` for newest
    /// first.
    public static func rows(_ table: SeriesTable, bySeries series: Int, descending: Bool = false, among rows: [Int]? = nil) -> [Int] {
        order(rows ?? Array(table.times.indices), by: table.values[series], descending: descending)
    }
}
