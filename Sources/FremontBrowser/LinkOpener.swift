import Foundation
import FremontCore
import FremontSources
import FremontUI

/// Opens a link in the user's browser (`$BROWSER`, else `xdg-open`), or an enclosure in the
/// configured player. The setting is split into words (`ProgramCommand`: quotes honoured, no
/// shell, leading `NAME=value` words set the environment); the program is found through `PATH`
/// here and run directly, the link its last argument, so nothing in a link can pick the program.
/// Only http and https links are opened.
public enum LinkOpener {
    /// How long a program may take to say it failed; a browser or player still running by then
    /// is taken to have opened it.
    public static let patience: TimeInterval = 10

    /// What the status line says: opened, or why not. Waits (on a load thread) for the program
    /// to end or the patience to run out, so a failing program is reported, not "opened".
    public static func open(_ link: String, with player: String? = nil) -> String {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "not opened: only http and https links are (\(TextLayout.truncate(TerminalSafeText.singleLine(link), to: 40)))"
        }
        let setting = player ?? ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let settingName = player == nil ? "$BROWSER" : "the player"
        let advice = "(set $BROWSER\(player == nil ? "" : ", or player in the config"))"
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: setting)
        } catch {
            return "could not open: \(settingName) \(error) \(advice)"
        }
        let name = TerminalSafeText.singleLine(command.program)
        guard let executable = command.executable() else { return "could not open: no program '\(name)' \(advice)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = command.arguments + [link]
        if !command.environment.isEmpty { process.environment = command.processEnvironment(from: ProcessInfo.processInfo.environment) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return "could not start \(name): \(error.localizedDescription)"
        }
        guard ended.wait(timeout: .now() + patience) == .success else { return "opened in \(name)" }
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return "opened in \(name)"
        case (.exit, let status): return "could not open: \(name) failed (exit status \(status))"
        case (_, let signal): return "could not open: \(name) was stopped by signal \(signal)"
        }
    }
}
