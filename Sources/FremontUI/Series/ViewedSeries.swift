import FremontCore

/// Which series a calendar, pivot or year-over-year view opens on: a bridge's total where the
/// table has the two directions (its own Total column, else their sum, which
/// `addingComputedTotal` appended last), as `fremont stats --pivot` does; else the series the
/// tab shows.
enum ViewedSeries {
    /// - Parameters:
    ///   - table: the table with its computed total added.
    ///   - selected: the tab's series.
    static func initial(_ table: SeriesTable, selected: Int) -> Int {
        if table.index(of: .northbound) != nil, table.index(of: .southbound) != nil, let total = table.index(of: .total) { return total }
        return table.series.indices.contains(selected) ? selected : (table.displayOrder.first ?? 0)
    }
}
