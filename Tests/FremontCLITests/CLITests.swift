import Foundation
import Testing

/// Runs the built `fremont` binary. `swift test` here runs the bundle
/// `.build/<triple>/debug/FremontPackageTests.xctest`, so `CommandLine.arguments[0]`'s folder
/// (and `Bundle.main.bundleURL`, the same folder on Linux) holds `fremont`.
struct Fremont {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for directory in candidates {
            let binary = directory.appendingPathComponent("fremont")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return candidates[0].appendingPathComponent("fremont")
    }()

    static func run(_ arguments: String..., input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        // Read before waiting, so a large output cannot fill the pipe and stall the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData, as: UTF8.self))
    }
}

@Suite struct CLITests {
    @Test func findsTheBinary() {
        #expect(FileManager.default.isExecutableFile(atPath: Fremont.executable.path), "\(Fremont.executable.path)")
    }
}
