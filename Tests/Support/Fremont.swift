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

    /// The path, for a command line typed into a shell.
    public static var path: String { executable.path }

    public static func run(_ arguments: String..., input: String? = nil) async throws -> ProcessResult {
        try await run(arguments: arguments, input: input.map { Data($0.utf8) })
    }

    /// `environment` is added to this process's. XDG_CONFIG_HOME and XDG_CACHE_HOME always point
    /// at a test's own folders (a fresh home of this run's, unless given), so the real ~/.config
    /// and ~/.cache are never touched.
    public static func run(arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                           standardOutput: ChildProcess.Output = .capture, timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let home = try TestHome()
        // Kept until the child has ended: its folders go with it.
        defer { withExtendedLifetime(home) {} }
        let variables = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(environment) { $1 }
        return try await ChildProcess.run([executable.path] + arguments, environment: variables, input: input.map { .data($0) } ?? .none,
                                          standardOutput: standardOutput, timeout: timeout)
    }

    /// Starts fremont in `home` without waiting for it, for a test that reads its output as it comes.
    public static func start(arguments: [String], home: TestHome, standardOutput: ChildProcess.Output) throws -> ChildProcess {
        let variables = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        return try ChildProcess([executable.path] + arguments, environment: variables, standardOutput: standardOutput)
    }
}
