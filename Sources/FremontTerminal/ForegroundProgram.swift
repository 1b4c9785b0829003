import CNcurses
import Foundation
import FremontUI

/// A program run on the terminal in fremont's place: started directly (never through a shell)
/// in fremont's process group, so it owns the terminal's keys as fremont did, with the signals
/// at their defaults and no descriptor of fremont's but the three standard ones (a cache lock
/// must not outlive fremont in a browser that stays open). Waited for, so nothing it is still
/// doing survives the wait; a SIGTERM or SIGHUP to fremont meanwhile ends it first.
enum ForegroundProgram {
    /// How long a program told to end may take before it is killed.
    static let endingPatience: TimeInterval = 3

    static func run(_ executable: String, arguments: [String]) -> ProgramEnding {
        switch ProgramSpawner.spawn(executable, arguments: arguments, quiet: false) {
        case .success(let pid): return wait(for: pid)
        case .failure(let reason): return .couldNotStart(reason.description)
        }
    }

    private static func wait(for pid: pid_t) -> ProgramEnding {
        var status: Int32 = 0
        var told: Date?
        while true {
            let result = waitpid(pid, &status, WUNTRACED)
            if result == pid {
                if isStopped(status) {
                    // Ctrl-Z in the program stopped it, but fremont, which waits, cannot be
                    // put aside by the shell: the program goes on.
                    kill(pid, SIGCONT)
                    continue
                }
                break
            }
            guard result < 0, errno == EINTR else { return .couldNotStart("lost track of the program (\(String(cString: strerror(errno))))") }
            // fremont is asked to end: the program ends first, killed when it will not.
            if TerminalRestore.pendingTermination() {
                if let since = told {
                    if Date().timeIntervalSince(since) > endingPatience { kill(pid, SIGKILL) }
                } else {
                    kill(pid, SIGTERM)
                    told = Date()
                    // The next wait may not be interrupted again: keep it short.
                    alarmSoon()
                }
            }
        }
        if told != nil { alarm(0) }
        return ProgramSpawner.ending(status)
    }

    /// WIFSTOPPED, which Swift cannot import (a macro).
    private static func isStopped(_ status: Int32) -> Bool { status & 0xFF == 0x7F }

    /// Wakes the wait after `endingPatience`, so a program that ignores SIGTERM is killed.
    private static func alarmSoon() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGALRM, &action, nil)
        alarm(UInt32(endingPatience) + 1)
    }
}
