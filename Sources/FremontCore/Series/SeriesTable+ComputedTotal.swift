extension SeriesTable {
    /// The table with the two directions' sum as a series of its own (`Total`, last), where the
    /// source has the directions and no total (`computesTotal`); else the table itself. Views
    /// that chart or describe "a series" then treat the total like any other, and the existing
    /// series keep their indices.
    ///
    /// An hour with either direction missing has no total, as `total(_:)` says. O(rows).
    public func addingComputedTotal() -> SeriesTable {
        guard computesTotal, let north = index(of: .northbound), let south = index(of: .southbound) else { return self }
        let northValues = values[north], southValues = values[south]
        var total = [Double](repeating: .nan, count: rowCount)
        for row in 0..<rowCount {
            total[row] = northValues[row] + southValues[row]  // NaN when either is
        }
        return SeriesTable(series: series + [Series(name: "Total", role: .total)], times: times, values: values + [total],
                           warnings: warnings, recordCount: recordCount)
    }
}
