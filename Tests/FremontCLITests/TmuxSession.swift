import Foundation
import Testing

/// A tmux server of its own, running a plain shell, for driving `fremont` as a person would:
/// keys in with `send-keys`, the screen out with `capture-pane`.
final class TmuxSession {
    let socket: String
    private let name = "fremont"
    /// Config and cache folders of the session's own, when the test gave none: fremont keeps
    /// read marks even for its built-in feeds, and a test must not write the machine's cache.
    private let home: TestHome?

    /// Starts `bash` at `width`×`height` with a known prompt.
    init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        socket = "/tmp/fremont-tmux-\(UUID().uuidString.prefix(8))"
        home = environment["XDG_CACHE_HOME"] == nil ? try TestHome() : nil
        var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PS1": "PROMPT$ "]
        variables.merge(home?.environment ?? [:]) { $1 }
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                  "env"] + assignments + ["bash", "--norc", "--noprofile", "-i"])
    }

    /// Waits for the shell's first prompt.
    func ready() async throws {
        _ = try await waitFor("PROMPT$")
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }

    /// Types a command line into the shell.
    func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", name, "-l", commandLine])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Sends keys by tmux's names (`q`, `G`, `Enter`, `Space`, `C-c`, `PageDown`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text (or with escape sequences for colours, when `escapes`), and with
    /// `history` lines that scrolled off above it.
    func capture(escapes: Bool = false, history: Int = 0) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []) + (history > 0 ? ["-S", "-\(history)"] : []))
    }

    /// Waits until the screen contains `text`, and returns the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) async throws -> String {
        try await waitUntil(timeout: timeout, "screen to show \(text)") { $0.contains(text) }
    }

    @discardableResult
    func waitUntil(timeout: TimeInterval = 10, _ what: String, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if condition(screen) {
                // Curses repaints line by line: take the screen only once it has settled, so a
                // test never reads half of one frame and half of the next.
                try await Task.sleep(for: .milliseconds(60))
                let again = try capture()
                if again == screen { return screen }
                continue
            }
            // Sleeping async hands the thread back: the tests share a small pool with the
            // loopback servers of other suites, which a blocking wait would starve.
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxError.timeout("waited \(timeout) s for the \(what); the screen was:\n\(screen)")
    }

    /// One of tmux's format variables for the pane: `pane_title` (what OSC 0/2 set),
    /// `alternate_on`, `cursor_flag`, `mouse_any_flag`, `keypad_cursor_flag`.
    func pane(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// After fremont exits with `status`, the shell is usable: the prompt is back, echo and line
    /// mode are on, the normal screen is back, the cursor shows and mouse reporting is off.
    func expectShellRestored(status: String) async throws {
        try await waitFor("EXIT=\(status)")
        #expect(try pane("alternate_on") == "0")
        #expect(try pane("cursor_flag") == "1")
        #expect(try pane("mouse_any_flag") == "0")
        try run("stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e icanon | sort | tr '\\n' ' '; echo")
        let screen = try await waitFor("echo icanon")
        #expect(screen.contains("PROMPT$"))
    }

    /// The process id of the program running in the shell (the shell's child).
    func foregroundProcess() throws -> Int32? {
        let shell = try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments, standardOutput: output.path)
        let text = (try? String(decoding: Data(contentsOf: output), as: UTF8.self)) ?? ""
        guard status == 0 else { throw TmuxError.failed(arguments.joined(separator: " "), status) }
        return text
    }
}

/// Runs a program and waits for it with `waitpid`. `Foundation.Process` hangs when the program
/// starts a daemon (a tmux server) that inherits the descriptor `Process` watches for the exit.
enum Spawn {
    static func run(_ arguments: [String], standardOutput path: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Test threads block signals; a child would inherit that mask (tmux, its shell, fremont
        // would never see SIGWINCH or SIGTERM). Start it with none blocked and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // A small, known environment: what the test runner exports (NO_COLOR, for one) must not
        // change what fremont shows.
        let inherited = ProcessInfo.processInfo.environment
        let environment = ["PATH", "HOME", "TMPDIR", "USER"].compactMap { key in inherited[key].map { "\(key)=\($0)" } }
            + ["TERM=xterm-256color", "LANG=C.UTF-8"]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw TmuxError.failed("spawn \(arguments[0])", spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: Swift does not import those macros.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

enum TmuxError: Error, CustomStringConvertible {
    case timeout(String)
    case failed(String, Int32)

    var description: String {
        switch self {
        case .timeout(let message): return message
        case .failed(let command, let status): return "tmux \(command) exited with \(status)"
        }
    }
}
