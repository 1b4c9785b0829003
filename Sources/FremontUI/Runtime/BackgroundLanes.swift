import Synchronization

/// The newest request queued in each lane of background work: an older one still waiting when
/// it comes to run is skipped (ten resizes in a drag wrap the items once, for the last size).
final class BackgroundLanes: Sendable {
    private let newest = Mutex<[Int: Int]>([:])

    /// `work` was queued: the lane's requests before it are stale.
    func queued(_ work: BackgroundWork) {
        newest.withLock { $0[work.lane] = work.token }
    }

    /// Whether `work` is still its lane's newest; the lane is forgotten once its newest ran.
    func takeIfNewest(_ work: BackgroundWork) -> Bool {
        newest.withLock { lanes in
            guard lanes[work.lane] == work.token else { return false }
            lanes[work.lane] = nil
            return true
        }
    }
}
