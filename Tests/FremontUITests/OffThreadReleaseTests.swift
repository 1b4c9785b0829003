import Foundation
import Testing
@testable import FremontUI

/// A replaced feed's memory is freed on the release queue, never on the thread that replaced it.
@Suite struct OffThreadReleaseTests {
    /// Records the thread its last reference went on.
    private final class Tracked: @unchecked Sendable {
        let freed: DispatchSemaphore
        let thread: UnsafeMutablePointer<pthread_t?>
        init(freed: DispatchSemaphore, thread: UnsafeMutablePointer<pthread_t?>) {
            self.freed = freed
            self.thread = thread
        }
        deinit {
            thread.pointee = pthread_self()
            freed.signal()
        }
    }

    @Test func theLastReferenceGoesOnAnotherThread() {
        let freed = DispatchSemaphore(value: 0)
        let thread = UnsafeMutablePointer<pthread_t?>.allocate(capacity: 1)
        defer { thread.deallocate() }
        thread.initialize(to: nil)
        // Held the way a feed slot holds its items: in an array the replacement drops.
        var items: [Tracked] = (0..<100).map { _ in Tracked(freed: freed, thread: thread) }
        let retired = OffThreadRelease(items)
        items = []
        #expect(freed.wait(timeout: .now()) == .timedOut, "freed before release(), on the caller's thread")
        retired.release()
        #expect(freed.wait(timeout: .now() + 10) == .success)
        let caller = pthread_self()
        #expect(thread.pointee.map { pthread_equal($0, caller) == 0 } == true)
        #expect(items.isEmpty)
    }
}
