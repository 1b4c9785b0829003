import Synchronization

/// A counting semaphore for async code: `acquire` suspends (holding no thread) until enough
/// permits are free; waiters are served in the order they came.
public final class AsyncSemaphore: Sendable {
    public let capacity: Int
    private let state: Mutex<State>

    private struct State {
        var available: Int
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    public init(_ capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        state = Mutex(State(available: capacity))
    }

    /// Takes `count` permits (at most `capacity`), waiting until they are free.
    public func acquire(_ count: Int = 1) async {
        let count = min(count, capacity)
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                if state.waiters.isEmpty && state.available >= count {
                    state.available -= count
                    return true
                }
                state.waiters.append((count, continuation))
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives back `count` permits and wakes whoever they are enough for, in order.
    public func release(_ count: Int = 1) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.available += min(count, capacity)
            var woken: [CheckedContinuation<Void, Never>] = []
            while let first = state.waiters.first, first.count <= state.available {
                state.available -= first.count
                woken.append(first.continuation)
                state.waiters.removeFirst()
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// Runs `work` holding `count` permits.
    public func withPermits<T>(_ count: Int = 1, _ work: () async throws -> T) async rethrows -> T {
        await acquire(count)
        defer { release(count) }
        return try await work()
    }
}
