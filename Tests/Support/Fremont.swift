import Foundation

/// The `fremont` binary that `swift test` built beside the test bundles
/// (`.build/<triple>/debug`, the folder of `CommandLine.arguments[0]`), run as a child process.
/// A test target that runs it depends on the `fremont` target, so that it is built first.
public enum Fremont {
    public typealias Result = ProcessResult

    public static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [beside, beside.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("fremont")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("fremont binary not found beside \(beside.path)")
    }()

    /// How many fremont commands run at once. Waiting for a child no longer holds a thread, so
    /// nothing else bounds them: a parallel suite would start ninety at once on two cores, and
    /// every loopback answer and tmux screen would be late.
    public static let slots = AsyncSemaphore(max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// The path, for a command line typed into a shell.
    public static var path: String { executable.path }

    public static func run(_ arguments: String..., input: String? = nil) async throws -> ProcessResult {
        try await run(arguments: arguments, input: input.map { Data($0.utf8) })
    }

    /// `environment` is added to this process's. XDG_CONFIG_HOME and XDG_CACHE_HOME always point
    /// at a test's own folders (a fresh home of this run's, unless given), so the real ~/.config
    /// and ~/.cache are never touched.
    /// `wrapper` is a command that runs fremont as its last arguments (`unshare …`, `setpriv …`).
    public static func run(arguments: [String], input: Data? = nil, environment: [String: String] = [:], wrapper: [String] = [],
                           standardOutput: ChildProcess.Output = .capture, timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let home = try TestHome()
        // Kept until the child has ended: its folders go with it.
        defer { withExtendedLifetime(home) {} }
        let variables = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(environment) { $1 }
        return try await slots.withPermits {
            try await ChildProcess.run(wrapper + [executable.path] + arguments, environment: variables, input: input.map { .data($0) } ?? .none,
                                       standardOutput: standardOutput, timeout: timeout)
        }
    }

    /// Runs every command of `commands` at the same moment, in `environment` (a race test's
    /// processes), with no other fremont command running meanwhile; the results in their order.
    public static func runTogether(_ commands: [[String]], environment: [String: String], timeout: Duration = .seconds(60)) async throws -> [ProcessResult] {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return try await slots.withPermits(slots.capacity) {
            let children = try commands.map { try ChildProcess([executable.path] + $0, environment: variables) }
            var results: [ProcessResult] = []
            for child in children {
                let result = await child.exit(timeout: timeout)
                if result.timedOut { throw ChildProcess.Failure(description: "\(child.command) took more than \(timeout) and was killed") }
                results.append(result)
            }
            return results
        }
    }

    /// Starts fremont in `home` without waiting for it, for a test that reads its output as it comes.
    /// (Not counted among `slots`: its test ends it.)
    public static func start(arguments: [String], home: TestHome, standardOutput: ChildProcess.Output) throws -> ChildProcess {
        let variables = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        return try ChildProcess([executable.path] + arguments, environment: variables, standardOutput: standardOutput)
    }
}
