import Foundation
import FremontCore

/// `ttrss-passwordeval`: a command (words split as a shell would, nothing expanded) run directly,
/// never through a shell; the first line of what it prints is the password. Its output is never
/// shown, it reads nothing, and it has 30 s: it runs in a process group of its own, and at the
/// limit the whole group is ended, so a child it started (`sh -c 'helper & wait'`) cannot hold
/// the sync past it, nor live on after.
enum PasswordCommand {
    static let timeout: TimeInterval = 30
    /// After the command itself has ended, how long a child of it still holding its output is
    /// waited for before the reading stops (the child is left alone: an agent it started).
    static let grace: TimeInterval = 1

    static func run(_ setting: String, what: String, timeout: TimeInterval = PasswordCommand.timeout) throws(TTRSSError) -> SyncPassword {
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: setting)
        } catch {
            throw TTRSSError(.login, "\(what): \(error.description)")
        }
        let program = TerminalSafeText.singleLine(command.program)
        guard let executable = command.executable() else {
            throw TTRSSError(.login, "\(what): no program '\(program)' was found")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TTRSSError(.login, "\(what): '\(program)' could not be run (no pipe)") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Neither end reaches another program fremont starts (the command gets its copy as 1).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }
        guard let pid = spawn(executable, arguments: command.arguments, output: writeEnd) else {
            close(writeEnd)
            throw TTRSSError(.login, "\(what): '\(program)' could not be run")
        }
        close(writeEnd)

        // Read until the end of its output, the byte limit, or the time limit, whichever first.
        let deadline = Date().addingTimeInterval(timeout)
        var data = Data()
        var status: Int32 = 0
        var exitedAt: Date?
        var stopped = false
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            if exitedAt == nil, waitpid(pid, &status, WNOHANG) == pid { exitedAt = Date() }
            let now = Date()
            if now >= deadline || data.count > SyncSettings.maximumPasswordBytes {
                stopped = exitedAt == nil || now >= deadline
                break
            }
            // The command is done; a child of it may hold its output open: a moment, then no more.
            if let exitedAt, now.timeIntervalSince(exitedAt) >= grace { break }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let wait = min(deadline.timeIntervalSince(now), exitedAt == nil ? 0.25 : grace)
            let ready = poll(&poller, 1, Int32(max(1, wait * 1000)))
            guard ready > 0 else { continue }
            let count = read(readEnd, &buffer, buffer.count)
            if count <= 0 {
                if count < 0, errno == EINTR { continue }
                break
            }
            data.append(contentsOf: buffer[0..<count])
        }
        if stopped {
            // The group: the command and every child it started.
            kill(-pid, SIGTERM)
            usleep(200_000)
            kill(-pid, SIGKILL)
        }
        if exitedAt == nil {
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        let exitedNormally = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard !stopped, exitedNormally, code == 0 else {
            let how = stopped ? "was stopped (\(Int(timeout)) s at most), with what it started"
                : exitedNormally ? "exited with status \(code)" : "was ended by signal \(status & 0x7F)"
            throw TTRSSError(.login, "\(what): '\(program)' \(how)")
        }
        return try SyncSettings.firstLine(data.prefix(SyncSettings.maximumPasswordBytes), what: what)
    }

    /// Starts the command in a process group of its own (its pid is the group's), reading nothing,
    /// its output into `output`, its errors as fremont's, signals at their defaults.
    private static func spawn(_ executable: String, arguments: [String], output: Int32) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        let words = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable, &actions, &attributes, &argv, environ) == 0 ? pid : nil
    }
}
