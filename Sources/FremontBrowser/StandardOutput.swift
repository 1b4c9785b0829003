import Foundation
import FremontCore

/// Buffers standard output so that 100,000 rows cost a few hundred writes, not 100,000. A write
/// that fails (a full disk, `> /dev/full`) is one line on stderr and exit status 1; a reader that
/// went away (`| head`) ends the program quietly.
public struct StandardOutput {
    /// Writes `text` and a line break at once: for the commands that say one thing.
    public static func line(_ text: String) {
        var output = StandardOutput()
        output.write(text + "\n")
        output.flush()
    }

    /// Who reads CSV printed here: a terminal gets names it cannot be driven by; a pipe or a
    /// redirected file, the data as it is (a program reads it).
    public static var csvAudience: CSVAudience { isatty(STDOUT_FILENO) == 1 ? .terminal : .program }

    private var buffer: [UInt8] = []

    public init() { buffer.reserveCapacity(1 << 16) }

    public mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public mutating func flush() {
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
