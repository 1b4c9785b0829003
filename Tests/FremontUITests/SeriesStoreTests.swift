import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// The table's data is held once, in the browser's series store: the table tab changes it, the
/// screens opened over it read it.
@Suite struct SeriesStoreTests {
    @Test func theLoadAndTheLensLiveInTheStore() {
        var state = April.browser(width: 100, height: 30)
        #expect(state.stores.series.loaded?.rowCount == 720)
        let before = state.stores.series.revision
        _ = state.update(.key(.character("f")))
        type(&state, "weekends")
        _ = state.update(.key(.enter))
        #expect(state.stores.series.revision > before)
        #expect(state.stores.series.lens?.filtered.rowCount == 9 * 24)  // nine weekend days in April 2016
        #expect(state.table.filtered?.rowCount == state.stores.series.lens?.filtered.rowCount)
        // The column stats opened now are of the weekends the store keeps.
        press(&state, .character("I"))
        #expect(state.active is ColumnStatsView)
        #expect(screen(state).text.contains("weekends"))
    }

    @Test func aReloadKeepsTheLensInTheStore() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("v"))
        _ = state.tableLoaded(source: "again", .success(April.counts), at: "12:01:00")
        #expect(state.stores.series.lens?.granularity == .day)
        #expect(state.stores.series.lens?.shown.rowCount == 30)
    }

    /// The charts opened over the table read the store: a reload under them (live data) is
    /// drawn at once, on the same series and day; a copy of the screen reads the same store.
    @Test func aReloadRedrawsTheChartsOpenOverTheTable() {
        var state = April.browser(width: 100, height: 30)
        press(&state, .character("t"))
        let trend = try! #require(state.active as? TrendView)
        #expect(trend.table.rowCount == 720)
        let firstWeek = SeriesTable(series: April.counts.series, times: Array(April.counts.times.prefix(7 * 24)),
                                    values: April.counts.values.map { Array($0.prefix(7 * 24)) })
        _ = state.tableLoaded(source: "again", .success(firstWeek), at: "12:01:00")
        let redrawn = try! #require(state.active as? TrendView)
        #expect(redrawn.table.rowCount == 7 * 24)
        #expect(redrawn.series == trend.series)
        #expect(redrawn.cursor == trend.cursor)
        // The calendar opened on the new table, and the column stats, read the week too.
        press(&state, .character("q"))
        press(&state, .character("I"))
        #expect((state.active as? ColumnStatsView)?.table.rowCount == 7 * 24)
    }
}
