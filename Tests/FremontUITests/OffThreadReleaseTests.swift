import Foundation
import Testing
@testable import FremontUI

/// A replaced feed's memory is freed on the release queue, never on the thread that replaced it.
@Suite struct OffThreadReleaseTests {
    /// The threads objects were freed on; each object keeps it alive.
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [pthread_t] = []
        let freed = DispatchSemaphore(value: 0)

        func record() {
            lock.withLock { threads.append(pthread_self()) }
            freed.signal()
        }

        var freedOn: [pthread_t] { lock.withLock { threads } }
    }

    private final class Tracked: Sendable {
        let recorder: Recorder
        init(_ recorder: Recorder) { self.recorder = recorder }
        deinit { recorder.record() }
    }

    @Test func theLastReferenceGoesOnAnotherThread() {
        let recorder = Recorder()
        // Held the way a feed slot holds its items: in an array the replacement drops.
        var items: [Tracked] = (0..<100).map { _ in Tracked(recorder) }
        let retired = OffThreadRelease(items)
        items = []
        #expect(items.isEmpty)
        #expect(recorder.freedOn.isEmpty, "freed before release(), on the caller's thread")
        retired.release()
        let waits = (0..<100).map { _ in recorder.freed.wait(timeout: .now() + 10) }
        #expect(waits.allSatisfy { $0 == .success })
        let caller = pthread_self()
        #expect(recorder.freedOn.count == 100)
        #expect(recorder.freedOn.allSatisfy { pthread_equal($0, caller) == 0 })
    }
}
