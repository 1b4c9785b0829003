import CNcurses
import Foundation
import FremontUI

/// Starts a program directly (never through a shell) with the signals at their defaults and
/// unblocked (a test runner's thread may block them, and a program must end when told), and
/// with no descriptor of fremont's but the standard three (a cache lock must not outlive
/// fremont in a program that stays). `quiet` gives it /dev/null for all three instead;
/// `output`, /dev/null for its input and that descriptor for its output and errors.
public enum ProgramSpawner {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func spawn(_ executable: String, arguments: [String], quiet: Bool, output: Int32? = nil) -> Result<Int32, Failure> {
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
        if let output {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else if quiet {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        fremont_spawn_close_from(&actions, 3)

        let words = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard started == 0 else { return .failure(Failure(description: String(cString: strerror(started)))) }
        return .success(pid)
    }

    /// How a program ended, from `waitpid`'s status.
    public static func ending(_ status: Int32) -> ProgramEnding {
        let code = (status >> 8) & 0xFF, signal = status & 0x7F
        return signal == 0 ? .exited(code) : .signalled(signal)
    }
}
