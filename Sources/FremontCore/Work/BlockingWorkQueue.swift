import Foundation
import Synchronization

/// Runs work that blocks (a fetch waits on the network, a write on the cache's lock) on threads
/// of its own, at most `width` at once, in the order it was added.
///
/// Not an OperationQueue: that runs on the dispatch pool, which has about one thread per core
/// and adds another only after a thread has been blocked for a second. Two loads waiting on a
/// server then hold the whole pool of a two-core machine, and the network callbacks and timers
/// they wait for sit a second in line: `feeds reload` of three feeds that answer in a
/// millisecond took two seconds. A thread that waits here costs nothing and holds up nobody.
public final class BlockingWorkQueue: Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        /// Threads running or about to run: never more than `width`.
        var threads = 0
        /// Work added and not yet finished.
        var unfinished = 0
    }

    public let width: Int
    private let name: String
    private let state = Mutex(State())
    /// Signalled whenever `unfinished` drops to 0.
    private let idle = NSCondition()

    public init(width: Int, name: String) {
        precondition(width > 0, "a queue runs at least one thing at a time")
        self.width = width
        self.name = name
    }

    /// Queues `work`; it starts as soon as fewer than `width` others are running.
    public func add(_ work: @escaping @Sendable () -> Void) {
        let startThread = state.withLock { state -> Bool in
            state.waiting.append(work)
            state.unfinished += 1
            guard state.threads < width else { return false }
            state.threads += 1
            return true
        }
        guard startThread else { return }
        NamedThread.start(name) { [self] in drain() }
    }

    /// Blocks until every piece of work added so far (and what that adds) has finished.
    public func waitUntilIdle() {
        while waitUntilIdle(timeout: 3_600) > 0 {}
    }

    /// Waits until every piece of work added so far has finished, or `timeout` has passed;
    /// returns how many were still unfinished (0: all done).
    public func waitUntilIdle(timeout: TimeInterval) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        idle.lock()
        defer { idle.unlock() }
        while true {
            let unfinished = state.withLock { $0.unfinished }
            if unfinished == 0 || !idle.wait(until: deadline) { return state.withLock { $0.unfinished } }
        }
    }

    /// A thread's life: take work until none is left, then end (an idle queue holds no thread).
    private func drain() {
        while let work = next() {
            work()
            let done = state.withLock { state -> Bool in
                state.unfinished -= 1
                return state.unfinished == 0
            }
            if done {
                idle.lock()
                idle.broadcast()
                idle.unlock()
            }
        }
    }

    private func next() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.threads -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
    }
}
