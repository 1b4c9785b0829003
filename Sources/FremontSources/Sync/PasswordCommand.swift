import Foundation
import FremontCore

/// `ttrss-passwordeval`: a command (words split as a shell would, nothing expanded) run directly,
/// never through a shell; the first line of what it prints is the password. Its output is never
/// shown, it reads nothing, and it has 30 s.
enum PasswordCommand {
    static let timeout: TimeInterval = 30

    static func run(_ setting: String, what: String) throws(TTRSSError) -> SyncPassword {
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: setting)
        } catch {
            throw TTRSSError(.login, "\(what): \(error.description)")
        }
        guard let executable = command.executable() else {
            throw TTRSSError(.login, "\(what): no program '\(TerminalSafeText.singleLine(command.program))' was found")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = command.arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TTRSSError(.login, "\(what): '\(TerminalSafeText.singleLine(command.program))' could not be run")
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        // Bounded: a command that prints without end is read up to the limit, then stopped.
        var data = Data()
        let reader = output.fileHandleForReading
        while data.count <= SyncSettings.maximumPasswordBytes, let chunk = try? reader.read(upToCount: 4_096), !chunk.isEmpty {
            data.append(chunk)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)" : "was stopped (30 s at most)"
            throw TTRSSError(.login, "\(what): '\(TerminalSafeText.singleLine(command.program))' \(how)")
        }
        return try SyncSettings.firstLine(data.prefix(SyncSettings.maximumPasswordBytes), what: what)
    }
}
