import FremontCore
import Synchronization

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
