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

    /// The most of a program's output kept (`capturing`): a status line's worth and more.
    static let outputLimit = 4_096

    /// `run`, with the program's output and errors read through a pipe as it runs: the first
    /// `outputLimit` bytes kept, the rest read and dropped (a chatty program never blocks on a
    /// full pipe, nor fills memory).
    func runCapturing(_ executable: String, arguments: [String], name: String, setting: String) -> (output: String, failure: String?) {
        let who = "\(name) (\(setting))"
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return ("", "could not start \(who): no pipe for its output") }
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
        _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
        defer { close(reading) }
        let pid: Int32
        switch ProgramSpawner.spawn(executable, arguments: arguments, quiet: true, output: writing) {
        case .success(let started): pid = started
        case .failure(let failure):
            close(writing)
            return ("", "could not start \(who): \(failure)")
        }
        close(writing)
        running.withLock { _ = $0.insert(pid) }
        var kept: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1_024)
        func drain() {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                kept += chunk.prefix(max(0, min(count, Self.outputLimit - kept.count)))
            }
        }
        let deadline = Date().addingTimeInterval(Self.patience)
        var status: Int32 = 0
        var stopped = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            drain()
            if !stopped, Date() >= deadline {
                Self.stop(pid)
                stopped = true
            }
            usleep(20_000)
        }
        drain()
        running.withLock { _ = $0.remove(pid) }
        let output = String(decoding: kept, as: UTF8.self)
        if stopped { return (output, "\(who) was stopped: still running after \(Int(Self.patience)) s") }
        switch ProgramSpawner.ending(status) {
        case .exited(0): return (output, nil)
        case .exited(let code): return (output, "\(who) failed: exit status \(code)")
        case .signalled(let signal): return (output, "\(who) was stopped by signal \(signal)")
        case .couldNotStart(let reason): return (output, "could not start \(who): \(reason)")
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
