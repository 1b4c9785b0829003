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

    func post(_ event: BrowserEvent, view: ViewID, source: String, generation: Int, isResult: Bool = true) {
        events.withLock { $0.append(Delivery(event: event, view: view, source: source, generation: generation, isResult: isResult)) }
    }

    func takeAll() -> [Delivery] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
