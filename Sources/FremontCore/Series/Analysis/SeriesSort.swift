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
        // Each key beside its position, so the sort reads one array in order rather than the
        // series at random; the position breaks ties (Swift's `sort` is not documented as stable).
        var keyed = present.indices.map { (key: keys[present[$0]], position: $0) }
        if descending {
            keyed.sort { $0.key != $1.key ? $0.key > $1.key : $0.position < $1.position }
        } else {
            keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        }
        return keyed.map { present[$0.position] } + missing
    }

    /// Table rows ordered by one series; `rows` (say a filter's) defaults to every row in time
    /// order. Sorting by time needs no call: the rows are in time order, `reversed()` for newest
    /// first.
    public static func rows(_ table: SeriesTable, bySeries series: Int, descending: Bool = false, among rows: [Int]? = nil) -> [Int] {
        order(rows ?? Array(table.times.indices), by: table.values[series], descending: descending)
    }
}
