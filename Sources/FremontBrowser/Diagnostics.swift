import Foundation
import FremontCore

/// Messages for people on stderr: warnings one line each, errors as one line and an exit.
public enum Diagnostics {
    public static func printWarnings(_ warnings: [ParseWarning], source: String, limit: Int) {
        guard !warnings.isEmpty else { return }
        // A parse that kept only its first warnings ends with a tally of the rest, by kind.
        let tallies = warnings.filter { $0.untold > 0 }
        let kept = tallies.isEmpty ? warnings : warnings.filter { $0.untold == 0 }
        var text = ""
        for warning in kept.prefix(max(limit, 0)) {
            text += warning.formatted(source: source) + "\n"
        }
        let hidden = max(0, kept.count - max(limit, 0)) + tallies.reduce(0) { $0 + $1.untold }
        if hidden > 0 {
            let kinds = tallies.isEmpty ? "" : " (beyond the first kept, " + tallies.map { $0.message.components(separatedBy: "): ").last ?? "" }.joined(separator: "; ") + ")"
            text += "\(TerminalSafeText.singleLine(source)): \(NumberText.grouped(hidden)) more warning\(hidden == 1 ? "" : "s") not shown (--max-warnings)\(TerminalSafeText.singleLine(kinds))\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Something a person should know that is not a failure (data read from the cache, and its age).
    public static func note(_ message: String) {
        FileHandle.standardError.write(Data("fremont: \(TerminalSafeText.singleLine(message))\n".utf8))
    }

    /// An error that does not end the program (one feed of several failed, say).
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data("fremont: \(TerminalSafeText.singleLine(message))\n".utf8))
    }

    public static func fail(_ message: String) -> Never {
        error(message)
        Foundation.exit(1)
    }
}
