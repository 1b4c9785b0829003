import Foundation
import FremontCore
import FremontUI

/// Opens a link in the user's browser (`$BROWSER`, else `xdg-open`), or an enclosure in the
/// configured player. The link is one argument to the program, never part of a shell command,
/// and only http and https links are opened.
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
        let program = player ?? ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let name = TerminalSafeText.singleLine(program)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program, link]
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
        // env's own status when the program is not there.
        case (.exit, 127): return "could not open: no program '\(name)' (set $BROWSER\(player == nil ? "" : ", or player in the config"))"
        case (.exit, let status): return "could not open: \(name) failed (exit status \(status))"
        case (_, let signal): return "could not open: \(name) was stopped by signal \(signal)"
        }
    }
}
