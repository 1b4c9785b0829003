import Foundation
import FremontCore
import Synchronization

/// What `fremont download` prints: on a terminal, one line redrawn in place with a bar for the
/// downloads under way, and a line for each that ends; elsewhere only those lines.
public final class DownloadPrinter: Sendable {
    private let terminal: Bool
    private let write: @Sendable (String) -> Void
    private struct State {
        /// Every download's state last shown, so each start and end is said once.
        var said: [Int64: String] = [:]
        var barShown = false
    }
    private let state = Mutex(State())

    /// Prints through `write`, standard output unless told otherwise.
    public init(terminal: Bool, write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.terminal = terminal
        self.write = write
    }

    public func show(_ statuses: [DownloadStatus]) {
        state.withLock { state in
            var lines: [String] = []
            for status in statuses {
                let record = status.record
                let word = status.stateText
                guard state.said[record.id] != word else { continue }
                let before = state.said[record.id]
                state.said[record.id] = word
                let name = TerminalSafeText.singleLine(record.fileName)
                switch word {
                case "downloading":
                    lines.append(record.bytes > 0 ? "resuming \(name) at \(ByteCountText.describe(record.bytes))" : "downloading \(name)")
                case "done" where before != nil:
                    lines.append("done \(TerminalSafeText.singleLine(record.path)) (\(ByteCountText.describe(record.bytes)))")
                case "failed" where before != nil || record.error != nil:
                    lines.append("failed \(name): \(TerminalSafeText.singleLine(record.error ?? "failed"))")
                case "in another fremont":
                    lines.append("\(name): another fremont is downloading it; left to it")
                case "queued" where before == "downloading":
                    lines.append("stopped \(name) at \(ByteCountText.describe(record.bytes)) (resumes next time)")
                default:
                    break
                }
            }
            var text = ""
            if terminal, state.barShown { text += "\r\u{1B}[K" }
            for line in lines { text += line + "\n" }
            state.barShown = false
            if terminal, let bar = Self.bar(statuses) {
                text += bar
                state.barShown = true
            }
            write(text)
        }
    }

    public func finish() {
        state.withLock { state in
            if terminal, state.barShown { write("\r\u{1B}[K") }
            state.barShown = false
        }
    }

    /// `[########········]  45%  12.0 MB of 26.7 MB  1.2 MB/s  episode.mp3 (+1 more)`, the
    /// downloads under way summed.
    public static func bar(_ statuses: [DownloadStatus]) -> String? {
        let active = statuses.filter { $0.record.state == .downloading && $0.isRunning }
        guard let first = active.first else { return nil }
        let bytes = active.reduce(0) { $0 + $1.record.bytes }
        let total = active.allSatisfy { $0.record.total != nil } ? active.reduce(0) { $0 + ($1.record.total ?? 0) } : nil
        let speed = active.reduce(0.0) { $0 + ($1.bytesPerSecond ?? 0) }
        let width = 20
        let fraction = total.map { $0 > 0 ? min(1, Double(bytes) / Double($0)) : 0 }
        let filled = Int(((fraction ?? 0) * Double(width)).rounded(.down))
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled) + "]"
        if let fraction { line += String(format: " %3d%%", Int(fraction * 100)) }
        line += "  " + ByteCountText.describe(bytes) + (total.map { " of " + ByteCountText.describe($0) } ?? "")
        line += "  " + ByteCountText.describe(Int(speed)) + "/s  "
        line += String(TerminalSafeText.singleLine(first.record.fileName).prefix(30))
        if active.count > 1 { line += " (+\(active.count - 1) more)" }
        return line
    }
}
