import Dispatch
import Foundation
import FremontCore
import Synchronization

/// Passes a download's progress to the UI loop at most ten times a second: chunks arrive far
/// more often than the status line can change.
final class ProgressThrottle: Sendable {
    private let view: ViewID
    private let source: String
    private let generation: Int
    private let inbox: EventInbox
    private let lastPost = Mutex<UInt64>(0)

    init(view: ViewID, source: String, generation: Int, inbox: EventInbox) {
        self.view = view
        self.source = source
        self.generation = generation
        self.inbox = inbox
    }

    func report(_ bytes: Int, _ expected: Int?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastPost.withLock { last -> Bool in
            guard now - last >= 100_000_000 else { return false }
            last = now
            return true
        }
        if due { inbox.post(.loadProgress(view, bytes: bytes, expected: expected), view: view, source: source, generation: generation, isResult: false) }
    }
}
