import Foundation

/// Runs the `fremont` binary that `swift test` built next to the test bundle
/// (`.build/<triple>/debug`, the folder of `CommandLine.arguments[0]`). Output goes to files
/// rather than pipes, so a chatty child can never block on a full pipe.
enum Fremont {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [beside, beside.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("fremont")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("fremont binary not found beside \(beside.path)")
    }()

    static let sharedData: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func data(_ relative: String) -> String {
        sharedData.appendingPathComponent(relative).path
    }

    static func run(_ arguments: String..., input: String? = nil) throws -> Result {
        try run(arguments: arguments, input: input.map { Data($0.utf8) })
    }

    /// `environment` is added to this process's. XDG_CONFIG_HOME and XDG_CACHE_HOME always point
    /// at a test's own folders (this run's, unless given), so the real ~/.config and ~/.cache are
    /// never touched.
    /// `wrapper` is a command that runs fremont as its last arguments (`unshare …`, `setpriv …`).
    static func run(arguments: [String], input stdin: Data? = nil, environment: [String: String] = [:],
                    wrapper: [String] = []) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        if let command = wrapper.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = wrapper.dropFirst() + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        // Web sources go through the cache: unless the test says where, it is this run's folder.
        let folders = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                       "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        process.environment = ProcessInfo.processInfo.environment.merging(folders) { $1 }.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = directory.appendingPathComponent("in")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            output: try String(decoding: Data(contentsOf: outURL), as: UTF8.self),
            errors: try String(decoding: Data(contentsOf: errURL), as: UTF8.self))
    }
}
