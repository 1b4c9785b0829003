import Dispatch
import Foundation
import FremontCore
import Synchronization

/// Events from background work, waiting for the UI loop to take them, each with the load it
/// belongs to (so the loop can drop results of cancelled loads).
final class EventInbox: Sendable {
    struct Delivery: Sendable {
        var event: BrowserEvent
        var view: ViewID
        var source: String
        var generation: Int
        /// A load's result ends it; progress reports do not.
        var isResult: Bool
    }

    private let events = Mutex<[Delivery]>([])
    /// A pipe whose read end is readable while deliveries wait: the UI loop sleeps on it
    /// (with the terminal) instead of polling.
    private let wake: (read: Int32, write: Int32)

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        } else {
            descriptors = [-1, -1]
        }
        wake = (descriptors[0], descriptors[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// Readable while deliveries wait (-1 if no pipe could be made: the loop then waits out its time).
    var wakeDescriptor: Int32 { wake.read }

    func post(_ event: BrowserEvent, view: ViewID, source: String, generation: Int, isResult: Bool = true) {
        let first = events.withLock { events -> Bool in
            events.append(Delivery(event: event, view: view, source: source, generation: generation, isResult: isResult))
            return events.count == 1
        }
        // One byte per batch: the loop takes them all at once.
        if first, wake.write >= 0 {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    func takeAll() -> [Delivery] {
        events.withLock { events in
            // Emptied under the lock, so a post after this one writes a byte again.
            if wake.read >= 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &buffer, buffer.count) > 0 {}
            }
            defer { events.removeAll() }
            return events
        }
    }
}
