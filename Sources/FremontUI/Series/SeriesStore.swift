import FremontCore
import Synchronization

/// The table tab's data, held once for every screen over it (the table, the heatmap, and the
/// trend, calendar, pivot, year over year, profile and column stats opened from it): the table
/// as loaded and the lens over it (filter → granularity → sort). The one place these live: the
/// table tab changes them, the screens over it read them and work out their charts again when
/// the revision moves (a reload under an open trend redraws the trend).
///
/// One shared object, as its name says: copies of the screens (and of `BrowserState`) hold the
/// same store. It changes only inside `update` (on the UI thread); the lock only makes that
/// checkable.
public final class SeriesStore: Sendable {
    private struct State: Sendable {
        var lens: TableLens?
        var revision = 0
        var latitude: Double?
    }

    private let state = Mutex(State())

    public init() {}

    /// A store over `table`, under `filter`: what a series screen opened on its own reads.
    public convenience init(_ table: SeriesTable, filter: SeriesFilter = SeriesFilter()) {
        self.init()
        var lens = TableLens(table)
        lens.setFilter(filter)
        state.withLock { $0.lens = lens }
    }

    /// The loaded table, filtered, grouped and sorted as the reader asked.
    var lens: TableLens? { state.withLock { $0.lens } }

    /// Changes the lens in place (its buffers are not copied when only the store holds them).
    func change(_ body: (inout TableLens?) -> Void) {
        state.withLock { state in
            body(&state.lens)
            state.revision += 1
        }
    }

    /// Where the counts were taken, when the browser knows (a joined `weather:LAT,LON`): the
    /// model's hours of daylight need it.
    public var latitude: Double? {
        get { state.withLock { $0.latitude } }
        set { state.withLock { $0.latitude = newValue } }
    }

    /// The table as loaded.
    public var loaded: SeriesTable? { lens?.source }
    /// Bumped on every change, so a screen can tell what it derived is stale.
    public var revision: Int { state.withLock { $0.revision } }

    /// What a screen over the table reads of it, at one revision.
    var scope: SeriesScope {
        state.withLock { state in
            guard let lens = state.lens else { return SeriesScope(revision: state.revision) }
            return SeriesScope(table: lens.source, filter: lens.filter, step: lens.step, revision: state.revision)
        }
    }
}

/// The table and the filter a series screen shows, read from the store at one revision: the
/// screen keeps it to draw without a lock, and reads the store again when the revision moves.
struct SeriesScope: Sendable {
    var table = SeriesTable(series: [], times: [], values: [])
    var filter = SeriesFilter()
    var step = SeriesStep([])
    var revision: Int
}
