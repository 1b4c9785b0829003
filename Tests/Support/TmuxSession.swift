import Foundation
import Synchronization
import Testing

/// A tmux server of its own, running a plain shell, for driving `fremont` as a person would: keys
/// in (`press`, `type`), the screen out (`screen`), and the whole screen compared line by line
/// (`expectScreen`). Every tmux command is a `ChildProcess`: waiting for one holds no thread.
public final class TmuxSession: Sendable {
    public let socket: String
    private let name = "fremont"
    /// Config and cache folders of the session's own, when the test gave none: fremont keeps
    /// read marks even for its built-in feeds, and a test must not write the machine's cache.
    private let home: TestHome?
    private let size: Mutex<(width: Int, height: Int)>

    /// How many sessions are open at once: a session's fremont draws, loads and waits on screen
    /// timeouts, and more of them than cores only makes each one late.
    public static let slots = AsyncSemaphore(max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Starts `bash` at `width`×`height` with a known prompt, once a slot is free (until the
    /// session is gone).
    public init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) async throws {
        await Self.slots.acquire()
        // /tmp, not TMPDIR: a socket's path has to fit in 108 bytes.
        socket = "/tmp/fremont-tmux-\(UUID().uuidString.prefix(8))"
        home = environment["XDG_CACHE_HOME"] == nil ? try TestHome() : nil
        size = Mutex((width, height))
        var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PS1": "PROMPT$ "]
        variables.merge(home?.environment ?? [:]) { $1 }
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        do {
            try await tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                            "env"] + assignments + ["bash", "--norc", "--noprofile", "-i"])
            // If this test process dies without its deinits (a crash), the server follows it
            // within two seconds instead of living on with its shell.
            try await tmux(["run-shell", "-b", "while kill -0 \(getpid()) 2>/dev/null; do sleep 2; done; tmux -S '\(socket)' kill-server"])
        } catch {
            Self.slots.release()
            throw error
        }
    }

    deinit {
        Self.slots.release()
        // Started, not waited for (a deinit cannot wait): the socket goes once the server has.
        let socket = socket
        guard let stopping = try? ChildProcess(Self.command(socket, ["kill-server"]), environment: Self.environment) else { return }
        Task.detached {
            _ = await stopping.exit(timeout: .seconds(10))
            try? FileManager.default.removeItem(atPath: socket)
        }
    }

    /// Waits for the shell's first prompt.
    public func ready() async throws {
        _ = try await waitFor("PROMPT$")
    }

    /// Types a command line into the shell and presses Enter.
    public func run(_ commandLine: String) async throws {
        try await type(commandLine)
        try await press("Enter")
    }

    /// Types `text` as it is, character by character (no key names).
    public func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Presses keys by tmux's names (`q`, `G`, `Enter`, `Space`, `C-c`, `PageDown`), in order.
    public func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", name] + keys)
    }

    public func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
        size.withLock { $0 = (width, height) }
    }

    /// The screen as text (or with escape sequences for colours, when `escapes`), and with
    /// `history` lines that scrolled off above it.
    public func screen(escapes: Bool = false, history: Int = 0) async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []) + (history > 0 ? ["-S", "-\(history)"] : []))
    }

    /// Waits until the screen contains `text`, and returns the screen.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 10) async throws -> String {
        try await waitUntil(timeout: timeout, "screen to show \(text)") { $0.contains(text) }
    }

    @discardableResult
    public func waitUntil(timeout: TimeInterval = 10, _ what: String, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        // One look at least after the deadline: a test that waited that long for a thread of the
        // pool must not fail on a screen it never looked at.
        var late = false
        while !late {
            late = Date() >= deadline
            screen = try await self.screen()
            if condition(screen) {
                // Curses repaints line by line: take the screen only once it has settled, so a
                // test never reads half of one frame and half of the next.
                try await Task.sleep(for: .milliseconds(60))
                let again = try await self.screen()
                if again == screen { return screen }
                continue
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxError.timeout("waited \(timeout) s for the \(what); the screen was:\n\(screen)")
    }

    /// Waits until the whole screen is `expected`, every line of it (trailing spaces aside; lines
    /// past the last one given are expected blank); otherwise records the difference, line by
    /// line, as the test's failure.
    public func expectScreen(_ expected: String, timeout: TimeInterval = 10, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let height = size.withLock { $0.height }
        let wanted = ScreenComparison.lines(expected, height: height)
        var shown: [String] = []
        do {
            try await waitUntil(timeout: timeout, "whole screen") { screen in
                shown = ScreenComparison.lines(screen, height: height)
                return shown == wanted
            }
        } catch TmuxError.timeout {
            let difference = ScreenComparison.difference(expected: wanted, actual: shown) ?? "(the screen kept changing)"
            Issue.record(Comment(rawValue: "after \(timeout) s, the screen is not the one expected:\n\(difference)"), sourceLocation: sourceLocation)
        }
    }

    /// One of tmux's format variables for the pane: `pane_title` (what OSC 0/2 set),
    /// `alternate_on`, `cursor_flag`, `mouse_any_flag`, `keypad_cursor_flag`.
    public func pane(_ variable: String) async throws -> String {
        try await tmux(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// After fremont exits with `status`, the shell is usable: the prompt is back, echo and line
    /// mode are on, the normal screen is back, the cursor shows and mouse reporting is off.
    public func expectShellRestored(status: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitFor("EXIT=\(status)")
        #expect(try await pane("alternate_on") == "0", sourceLocation: sourceLocation)
        #expect(try await pane("cursor_flag") == "1", sourceLocation: sourceLocation)
        #expect(try await pane("mouse_any_flag") == "0", sourceLocation: sourceLocation)
        try await run("stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e icanon | sort | tr '\\n' ' '; echo")
        let screen = try await waitFor("echo icanon")
        #expect(screen.contains("PROMPT$"), sourceLocation: sourceLocation)
    }

    /// The process id of the program running in the shell (the shell's child).
    public func foregroundProcess() async throws -> Int32? {
        let shell = try await tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run(Self.command(socket, arguments), environment: Self.environment, timeout: .seconds(30))
        guard result.status == 0 else { throw TmuxError.failed(arguments.joined(separator: " "), result.status, result.errors) }
        return result.output
    }

    private static func command(_ socket: String, _ arguments: [String]) -> [String] {
        ["tmux", "-S", socket, "-f", "/dev/null"] + arguments
    }

    /// A small, known environment: what the test runner exports (NO_COLOR, for one) must not
    /// change what fremont shows.
    private static let environment: [String: String] = {
        let inherited = ProcessInfo.processInfo.environment
        var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
        for key in ["PATH", "HOME", "TMPDIR", "USER"] { variables[key] = inherited[key] }
        return variables
    }()
}

public enum TmuxError: Error, CustomStringConvertible {
    case timeout(String)
    case failed(String, Int32, String)

    public var description: String {
        switch self {
        case .timeout(let message): return message
        case .failed(let command, let status, let errors): return "tmux \(command) exited with \(status): \(errors)"
        }
    }
}
