import Foundation
import Synchronization

/// A program a test runs, waited for without holding a thread of Swift's cooperative pool: a
/// thread of the child's own blocks in `waitid`, reads what the child wrote, and resumes whoever
/// awaits `exit`. (Foundation's `Process.waitUntilExit` blocks the caller's thread; on two cores
/// the pool has two, so two waiting tests stopped every loopback server and every other test.)
///
/// Output goes to unlinked temporary files, not pipes: a chatty child never blocks on a full pipe,
/// and a daemon the child starts (tmux's server) cannot hold an end open and hang a reader.
public final class ChildProcess: Sendable {
    /// What the child reads.
    public enum Input: Sendable {
        case none
        case data(Data)
    }

    /// Where the child's standard output goes.
    public enum Output: Sendable {
        /// Kept, and returned in the result.
        case capture
        /// A path opened for writing (`/dev/full`, a file).
        case path(String)
        /// A pipe whose reading end is `outputPipe`, for a test that reads as the child writes.
        case pipe
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Timeouts fire on a queue of their own (a serial queue gets a thread even when the global
    /// queues' threads are all busy).
    private static let timers = DispatchQueue(label: "fremont-test-child-timeouts")

    /// At most this much of each stream is kept: every buffer bounded.
    public static let captureLimit = 64 << 20

    public let pid: pid_t
    public let command: String
    private let started = ContinuousClock.now
    /// The reading end of standard output, when it is `.pipe`.
    public let outputPipe: FileHandle?
    private let state = Mutex(State())

    private struct State {
        /// Set before the child is reaped, so a kill never reaches a recycled process id.
        var exited = false
        var timedOut = false
        var result: ProcessResult?
        var waiters: [CheckedContinuation<ProcessResult, Never>] = []
    }

    /// Starts `arguments[0]` (looked up in PATH) with exactly `environment`. Signals are unblocked
    /// and at their defaults in the child (test threads block some; a child would inherit that),
    /// it leads a process group of its own (so a timeout ends what it started too), and it gets
    /// descriptors 0, 1 and 2 only.
    public init(_ arguments: [String], environment: [String: String], input: Input = .none, standardOutput: Output = .capture) throws {
        precondition(!arguments.isEmpty, "a command")
        command = arguments.joined(separator: " ")
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        switch input {
        case .none:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .data(let data):
            let file = try Self.scratchFile()
            opened.append(file)
            try Self.write(data, to: file)
            lseek(file, 0, SEEK_SET)
            posix_spawn_file_actions_adddup2(&actions, file, 0)
        }

        var captured: (output: Int32?, errors: Int32) = (nil, -1)
        var pipeEnd: FileHandle?
        switch standardOutput {
        case .capture:
            let file = try Self.scratchFile()
            captured.output = file
            posix_spawn_file_actions_adddup2(&actions, file, 1)
        case .path(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard GlibcExtensions.pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            opened.append(ends[1])
            pipeEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        }
        captured.errors = try Self.scratchFile()
        posix_spawn_file_actions_adddup2(&actions, captured.errors, 2)
        // Nothing else of this process (another test's server socket, a database) reaches the child.
        _ = GlibcExtensions.addCloseFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            if let output = captured.output { close(output) }
            close(captured.errors)
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        pid = child
        outputPipe = pipeEnd

        let thread = Thread { [self, captured] in self.waitForExit(captured) }
        thread.name = "child-\(child)"
        thread.start()
    }

    /// Runs a program to its end; throws when it outlives `timeout` (it is killed then, with its
    /// process group) or cannot start.
    public static func run(_ arguments: [String], environment: [String: String], input: Input = .none,
                           standardOutput: Output = .capture, timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let child = try ChildProcess(arguments, environment: environment, input: input, standardOutput: standardOutput)
        let result = await child.exit(timeout: timeout)
        if result.timedOut {
            throw Failure(description: "\(child.command) took more than \(timeout) and was killed; it said:\n\(result.errors)")
        }
        return result
    }

    /// Waits for the end without holding a thread; a cancelled wait kills the child. After
    /// `timeout`, the child and its process group are killed and the result says `timedOut`.
    public func exit(timeout: Duration? = nil) async -> ProcessResult {
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            let delay = Double(seconds) + Double(attoseconds) / 1e18
            Self.timers.asyncAfter(deadline: .now() + delay) { [self] in
                _ = send(SIGKILL, timingOut: true)
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let finished: ProcessResult? = state.withLock { state in
                    if let result = state.result { return result }
                    state.waiters.append(continuation)
                    return nil
                }
                if let finished { continuation.resume(returning: finished) }
            }
        } onCancel: {
            _ = signal(SIGKILL)
        }
    }

    /// True once the child has ended (it may not be reaped yet). Something read about its
    /// process id before this turned true was read about the child, not about a later process.
    public var hasExited: Bool { state.withLock { $0.exited } }

    /// Sends `signal` to the child's process group, unless it has already exited. True when sent.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool {
        send(signal, timingOut: false)
    }

    /// Under the lock the reaper takes: a timeout is recorded before the result can be made.
    private func send(_ signal: Int32, timingOut: Bool) -> Bool {
        state.withLock { state in
            guard !state.exited else { return false }
            let sent = kill(-pid, signal) == 0 || kill(pid, signal) == 0
            if sent && timingOut { state.timedOut = true }
            return sent
        }
    }

    /// On the child's own thread: wait, reap, read what it wrote, hand the result over.
    private func waitForExit(_ captured: (output: Int32?, errors: Int32)) {
        var info = siginfo_t()
        // WNOWAIT: the child stays a zombie (its id taken) until `exited` is set under the lock.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        let duration = ContinuousClock.now - started
        state.withLock { $0.exited = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = captured.output.map { Self.readAll($0) } ?? Data()
        let errors = Self.readAll(captured.errors)
        captured.output.map { _ = close($0) }
        close(captured.errors)
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: Swift does not import those macros.
        let signalled = status & 0x7F
        let (result, waiters) = state.withLock { state in
            let result = ProcessResult(status: signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled,
                                       signal: signalled == 0 ? nil : signalled, timedOut: state.timedOut, duration: duration,
                                       standardOutput: output, standardError: errors)
            state.result = result
            defer { state.waiters = [] }
            return (result, state.waiters)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// An unlinked file in the temporary folder, open for reading and writing, closed on exec.
    private static func scratchFile() throws -> Int32 {
        var template = Array((FileManager.default.temporaryDirectory.path + "/fremont-child-XXXXXX").utf8CString)
        let descriptor = GlibcExtensions.mkostemp(&template, O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "mkostemp: \(String(cString: strerror(errno)))") }
        unlink(template)
        return descriptor
    }

    private static func write(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw Failure(description: "write: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    /// The file from its start, up to `captureLimit`.
    private static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var offset: off_t = 0
        while data.count < captureLimit {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, min($0.count, captureLimit - data.count), offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
        return data
    }
}
