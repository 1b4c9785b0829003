import Synchronization

/// Work a view hands the browser to do off the UI thread (a model fit over thousands of days):
/// the runtime runs it on a thread of its own and the answer comes back to the view that asked,
/// as `ViewMessage.computed`, so a key never waits for it. Each has a serial of its own, so a view
/// can tell its latest answer from one it no longer wants.
public struct Computation: Sendable, Hashable {
    /// The view the answer goes to (every open view of that ID; the serial tells them apart).
    public let view: ViewID
    public let serial: Int
    private let work: @Sendable () -> any Sendable

    private static let serials = Atomic<Int>(0)

    public init(for view: ViewID, _ work: @escaping @Sendable () -> any Sendable) {
        self.view = view
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        self.work = work
    }

    /// Does the work, on whichever thread calls it.
    public func run() -> any Sendable { work() }

    public static func == (lhs: Computation, rhs: Computation) -> Bool { lhs.serial == rhs.serial }
    public func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}
