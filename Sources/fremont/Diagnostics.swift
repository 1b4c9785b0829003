import ArgumentParser
import Foundation
import FremontCore

/// Messages for people on stderr: warnings one line each, errors as one line and an exit.
enum Diagnostics {
    static func printWarnings(_ warnings: [ParseWarning], source: String, limit: Int) {
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
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("fremont: \(TerminalSafeText.singleLine(message))\n".utf8))
    }

    /// An error that does not end the program (one feed of several failed, say).
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("fremont: \(TerminalSafeText.singleLine(message))\n".utf8))
    }

    static func fail(_ message: String) -> Never {
        error(message)
        Foundation.exit(1)
    }
}

/// Buffers standard output so that 100,000 rows cost a few hundred writes, not 100,000. A write
/// that fails (a full disk, `> /dev/full`) is one line on stderr and exit status 1; a reader that
/// went away (`| head`) ends the program quietly.
struct StandardOutput {
    /// Writes `text` and a line break at once: for the commands that say one thing.
    static func line(_ text: String) {
        var output = StandardOutput()
        output.write(text + "\n")
        output.flush()
    }

    /// Who reads CSV printed here: a terminal gets names it cannot be driven by; a pipe or a
    /// redirected file, the data as it is (a program reads it).
    static var csvAudience: CSVAudience { isatty(STDOUT_FILENO) == 1 ? .terminal : .program }

    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    // The reader went away (a closed pipe): nothing more to say, nothing wrong.
                    if code == EPIPE { Foundation.exit(0) }
                    Diagnostics.fail("cannot write to standard output: \(String(cString: strerror(code)))")
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
