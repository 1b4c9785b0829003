import Synchronization

/// Why writes of a run were not kept, gathered from the writing thread for the UI's exit.
final class UnkeptWrites: Sendable {
    private let reasons = Mutex<[String]>([])

    func add(_ reason: String) { reasons.withLock { $0.append(reason) } }
    var lines: [String] { reasons.withLock { $0 } }
}
