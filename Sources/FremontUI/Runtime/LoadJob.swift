import FremontCore
import Synchronization

/// One source to load for a view, as the host describes it: its name, and the work that reads
/// it (on a load thread, never the UI's).
public struct LoadJob: Sendable {
    public let source: String
    public let run: @Sendable (LoadControl) throws(LoadError) -> LoadPayload

    public init(source: String, run: @escaping @Sendable (LoadControl) throws(LoadError) -> LoadPayload) {
        self.source = source
        self.run = run
    }
}

/// What a running load can tell the UI (progress, a note) and learn from it (cancelled).
public final class LoadControl: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    private let reportProgress: @Sendable (Int, Int?) -> Void
    private let reportNote: @Sendable (String) -> Void

    public init(progress: @escaping @Sendable (Int, Int?) -> Void = { _, _ in }, note: @escaping @Sendable (String) -> Void = { _ in }) {
        reportProgress = progress
        reportNote = note
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `handler` when the load is cancelled (at once when it already is).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if now { handler() }
    }

    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers.removeAll() }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Bytes read so far, and the total when known.
    public func progress(_ bytes: Int, _ expected: Int?) { reportProgress(bytes, expected) }
    /// A line for the status line (how old a cached copy is).
    public func note(_ text: String) { reportNote(text) }
}

/// What the browser needs from the program that runs it: the loads behind each view, and the
/// few things only the program can do.
public protocol BrowserHost: AnyObject {
    /// The loads for `view`, for `target` (its sources again, or another span of them).
    func jobs(for view: ViewID, target: LoadTarget) -> [LoadJob]
    /// The work that opens a link (in the player, for `inPlayer`) and says how it went, for the
    /// status line; the loop runs it on a load thread, so a slow program never holds up a frame.
    func open(link: String, inPlayer: Bool) -> @Sendable () -> String
    /// The work that remembers items were read, or unread again, which the loop runs on a
    /// load thread.
    func markRead(source: String, ids: [String], read: Bool) -> @Sendable () -> Void
    /// The work that stars an item (keeps its copy) or takes its star away.
    func star(_ item: StarredItem, _ starred: Bool) -> @Sendable () -> Void
    /// The work that writes an export to a new file and says where (or why not), for the
    /// status line.
    func export(_ text: String, to path: String, rows: Int) -> @Sendable () -> String
}
