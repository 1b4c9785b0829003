import Foundation
import FremontTerminal
import FremontUI
import Synchronization

/// Programs started without the terminal (`notify-program`): each runs with /dev/null for its
/// input and output, is given `patience` to end, and is stopped when the run ends, so none
/// outlives fremont. A program is reaped only here, so its id cannot be another's meanwhile.
final class BackgroundPrograms: Sendable {
    static let patience: TimeInterval = 10
    private let running = Mutex<Set<Int32>>([])

    /// Runs `executable` and waits (on the caller's thread, looking every 20 ms: notifiers end
    /// in moments) for it to end; a program still running after `patience` is stopped. Why it
    /// failed, or nil.
    func run(_ executable: String, arguments: [String], name: String, setting: String) -> String? {
        let who = "\(name) (\(setting))"
        let pid: Int32
        switch ProgramSpawner.spawn(executable, arguments: arguments, quiet: true) {
        case .success(let started): pid = started
        case .failure(let failure): return "could not start \(who): \(failure)"
        }
        running.withLock { _ = $0.insert(pid) }
        let deadline = Date().addingTimeInterval(Self.patience)
        var status: Int32 = 0
        var stopped = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if !stopped, Date() >= deadline {
                Self.stop(pid)
                stopped = true
            }
            usleep(20_000)
        }
        running.withLock { _ = $0.remove(pid) }
        if stopped { return "\(who) was stopped: still running after \(Int(Self.patience)) s" }
        switch ProgramSpawner.ending(status) {
        case .exited(0): return nil
        case .exited(let code): return "\(who) failed: exit status \(code)"
        case .signalled(let signal): return "\(who) was stopped by signal \(signal)"
        case .couldNotStart(let reason): return "could not start \(who): \(reason)"
        }
    }

    /// Stops every program still running (the run is ending).
    func stopAll() {
        running.withLock { for pid in $0 { Self.stop(pid) } }
    }

    /// Its signals are at their defaults: SIGTERM ends it. The id is still ours (not reaped).
    private static func stop(_ pid: Int32) {
        kill(pid, SIGTERM)
    }
}
