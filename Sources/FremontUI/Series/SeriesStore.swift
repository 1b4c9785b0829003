import FremontCore
import Synchronization

/// The table tab's data, held once for every screen over it (the table, the heatmap, and the
/// trend, profile and column stats opened from it): the table as loaded and the lens over it
/// (filter → granularity → sort). A class, so the browser's screens share it; it changes only
/// inside `update` (on the UI thread), the lock only makes that checkable.
public final class SeriesStore: Sendable {
    private struct State: Sendable {
        var lens: TableLens?
        var revision = 0
        var latitude: Double?
    }

    private let state = Mutex(State())

    public init() {}

    /// The loaded table, filtered, grouped and sorted as the reader asked.
    var lens: TableLens? {
        get { state.withLock { $0.lens } }
        set {
            state.withLock { state in
                state.lens = newValue
                state.revision += 1
            }
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
}
