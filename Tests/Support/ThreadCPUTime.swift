import Foundation

/// The processor time the calling thread spends: what a piece of synchronous work costs, whatever
/// else the machine runs meanwhile. (Wall-clock time measures the machine: in a parallel run on
/// two shared cores, a parse that costs 0.5 s can take 4 s to finish.)
public enum ThreadCPUTime {
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// What `body` cost this thread (it must not suspend: synchronous work only).
    public static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, cost: Duration) {
        let start = now
        let value = try body()
        return (value, now - start)
    }
}
