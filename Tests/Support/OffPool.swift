import Foundation

/// Runs blocking work (a fetch waits on a semaphore, a read on a pipe) on a thread of its own,
/// away from Swift's cooperative pool: on two cores the pool has two threads, and the loopback
/// servers' tasks and every other test need them.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
