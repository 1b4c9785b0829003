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
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTSTP, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGWINCH, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        fremont_spawn_close_from(&actions, 3)

        let words = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard started == 0 else { return .couldNotStart(String(cString: strerror(started))) }
        return wait(for: pid)
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
        let code = (status >> 8) & 0xFF, signal = status & 0x7F
        return signal == 0 ? .exited(code) : .signalled(signal)
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
