import Synchronization

/// Work a view hands off the UI thread (wrapping thousands of items for a new width, a model fit
/// over thousands of days): the runtime runs it on a thread of its own and the view gets its
/// value back as `ViewMessage.backgroundDone`, so a key never waits for it. A view's newer request makes its older ones stale: the runtime
/// skips a stale one that has not started, and the view checks what arrives against its state.
public struct BackgroundWork: Sendable, Hashable {
    /// The view that asked: one number per view made (several views can share an id: the
    /// river of every feed and the river of one).
    public let lane: Int
    /// This request; a lane's later requests have larger numbers.
    public let token: Int
    /// Where the result goes.
    public let view: ViewID
    private let work: @Sendable () -> any Sendable

    /// - Parameter lane: the asking view's own number (`nextNumber()`, made with the view).
    public init(lane: Int, view: ViewID, work: @escaping @Sendable () -> any Sendable) {
        self.lane = lane
        self.token = Self.nextNumber()
        self.view = view
        self.work = work
    }

    /// Does the work (on whichever thread calls it).
    public func run() -> BackgroundResult { BackgroundResult(lane: lane, token: token, value: work()) }

    public static func == (a: BackgroundWork, b: BackgroundWork) -> Bool { a.lane == b.lane && a.token == b.token }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lane)
        hasher.combine(token)
    }

    private static let counter = Atomic<Int>(0)

    /// A number no other call returns in this process: lanes and tokens.
    public static func nextNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }
}

/// What a `BackgroundWork` made, for the view that asked.
public struct BackgroundResult: Sendable {
    public let lane: Int
    public let token: Int
    public let value: any Sendable
}
