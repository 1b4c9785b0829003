import CPseudoTerminal
import Foundation

/// The real `fremont` binary on a pseudo-terminal at 200×60: how long from starting it to the
/// first frame that shows data, and how many bytes each key makes it write to the terminal.
enum TerminalBenchmark {
    static func run() throws {
        guard let binary = WholeCommand.fremont else {
            print("\n(no fremont binary beside fremont-bench: build it with swift build -c release)")
            return
        }
        print("\nThe fremont binary on a pseudo-terminal at 200×60, on its built-in data (best of 5 starts)")
        var startTimes: [Double] = []
        var paints: [(String, Int)] = []
        for attempt in 0..<5 {
            let terminal = try PseudoTerminal(command: [binary], environment: [
                "TERM=xterm-256color", "LANG=C.UTF-8", "LINES=60", "COLUMNS=200",
                "HOME=\(ProcessInfo.processInfo.environment["HOME"] ?? "/tmp")",
            ])
            let started = DispatchTime.now().uptimeNanoseconds
            // The month's northbound total appears only once the data is drawn.
            guard terminal.read(until: Array("46,905".utf8), timeout: 5) else {
                print("no frame with data within 5 s")
                return
            }
            startTimes.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            let firstPaint = terminal.drain(quiet: 0.2)
            if attempt == 0 {
                paints.append(("start (full paint)", terminal.total))
                _ = firstPaint
                for (label, keys) in [("j: one row down", "j"), ("j again", "j"), ("PgDn: a page", "\u{1B}[6~"),
                                      ("G: to the end", "G"), ("3 then 1: leave and return", "3"), ("", "1")] {
                    terminal.send(keys)
                    let bytes = terminal.drain(quiet: 0.15)
                    if label.isEmpty {
                        paints[paints.count - 1].1 += bytes
                    } else {
                        paints.append((label, bytes))
                    }
                }
            }
            terminal.send("q")
            terminal.waitForExit()
        }
        let best = startTimes.min() ?? .nan
        print("start to first frame with data: best \(String(format: "%.0f", best)) ms, median \(String(format: "%.0f", startTimes.sorted()[startTimes.count / 2])) ms   \(best <= 100 ? "met (≤ 100 ms)" : "MISSED (> 100 ms)")")
        let full = paints[0].1
        print("bytes written to the terminal:")
        for (label, bytes) in paints {
            let share = full > 0 ? String(format: "%5.1f %% of the full paint", Double(bytes) / Double(full) * 100) : ""
            print("  \(label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(bytes).leftPadded(7)) bytes  \(share)")
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// A child process on a pseudo-terminal we hold the other end of.
final class PseudoTerminal {
    private let master: Int32
    let pid: pid_t
    private(set) var total = 0
    private var seen: [UInt8] = []
    /// Bytes dropped from the front of `seen` (it is kept bounded): `seen[0]` is byte `dropped` of the output.
    private var dropped = 0
    /// Where everything the program wrote is copied, when set (to see what a benchmark saw).
    var log: FileHandle?

    init(command: [String], environment: [String]) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = fremont_open_pseudo_terminal(&name, name.count)
        guard master >= 0 else { throw BenchmarkError("no pseudo-terminal: \(String(cString: strerror(errno)))") }
        let slave = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // A session of its own, so the terminal it opens becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | 0x80 /* POSIX_SPAWN_SETSID */))
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, &argv, &envp)
        guard status == 0 else { throw BenchmarkError("cannot start \(command[0]): \(String(cString: strerror(status)))") }
        pid = child
    }

    deinit { close(master) }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Reads until `marker` has appeared in the output; false on timeout.
    func read(until marker: [UInt8], timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if readAvailable(waitMilliseconds: 20) > 0, contains(marker) { return true }
        }
        return false
    }

    /// Reads until nothing arrives for `quiet` seconds; returns the bytes read.
    func drain(quiet: Double) -> Int {
        var bytes = 0
        while true {
            let got = readAvailable(waitMilliseconds: Int32(quiet * 1000))
            if got <= 0 { return bytes }
            bytes += got
        }
    }

    /// Seconds from now to the last byte that arrives before `quiet` seconds pass with none:
    /// how long the program took to draw what a key asked for. 0 when nothing came.
    func settle(quiet: Double) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var last = start
        while readAvailable(waitMilliseconds: Int32(quiet * 1000)) > 0 { last = DispatchTime.now().uptimeNanoseconds }
        return Double(last - start) / 1e9
    }

    /// Reads until one of `markers` has appeared in what arrived since now and then nothing
    /// arrives for `quiet` seconds, or `patience` seconds pass with no marker: the seconds from
    /// now until the marker came (nil when none did), and to the last byte that arrived. What a
    /// key made the program draw, and when a part of it (a row of a list, not its header) first
    /// came, though the program works a while in silence first (newsboat's search).
    func watch(for markers: [[UInt8]], quiet: Double, patience: Double) -> (found: Double?, last: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let from = dropped + seen.count
        var last = start
        var found: Double?
        while true {
            let got = readAvailable(waitMilliseconds: Int32(quiet * 1000)) > 0
            if got {
                last = DispatchTime.now().uptimeNanoseconds
                if found == nil, containsAny(markers, from: max(0, from - dropped)) { found = Double(last - start) / 1e9 }
            }
            if found == nil ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= patience : !got { break }
        }
        return (found, Double(last - start) / 1e9)
    }

    /// The child's peak resident memory (VmHWM) in MB, while it runs.
    var peakMegabytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
        return value / 1024
    }

    func waitForExit() {
        _ = drain(quiet: 0.1)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    private func readAvailable(waitMilliseconds: Int32) -> Int {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, waitMilliseconds) > 0 else { return 0 }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = Foundation.read(master, &chunk, chunk.count)
        guard count > 0 else { return -1 }
        total += count
        // A terminal answers the device-attributes query (fremont asks it, after the background
        // colour, before it starts): this pseudo-terminal has no emulator behind it, so the
        // answer an xterm gives is written here.
        let query: [UInt8] = [0x1B, 0x5B, 0x63]
        if count >= 3, (0...(count - 3)).contains(where: { chunk[$0] == 0x1B && Array(chunk[$0..<($0 + 3)]) == query }) {
            send("\u{1B}[?62;22c")
        }
        seen.append(contentsOf: chunk[0..<count])
        log?.write(Data(chunk[0..<count]))
        if seen.count > 1 << 20 {
            dropped += seen.count - (1 << 16)
            seen.removeFirst(seen.count - (1 << 16))
        }
        return count
    }

    private func contains(_ marker: [UInt8]) -> Bool {
        // Text a frame diff writes in pieces (a cursor move between two runs of a row) is one
        // string once the control sequences are taken out.
        let text = Self.withoutControlSequences(seen)
        guard text.count >= marker.count else { return false }
        for start in 0...(text.count - marker.count) where text[start] == marker[0] && Array(text[start..<(start + marker.count)]) == marker {
            return true
        }
        return false
    }

    /// Whether any of `markers` is in the output from `seen[start]` on, control sequences taken out.
    private func containsAny(_ markers: [[UInt8]], from start: Int) -> Bool {
        let text = Self.withoutControlSequences(Array(seen[min(start, seen.count)...]))
        for marker in markers where !marker.isEmpty && text.count >= marker.count {
            for index in 0...(text.count - marker.count) where text[index] == marker[0] && text[index..<(index + marker.count)].elementsEqual(marker) {
                return true
            }
        }
        return false
    }

    /// The bytes without CSI sequences (ESC [ … final byte) and other two-byte escapes.
    static func withoutControlSequences(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "[") {
                    index += 2
                    while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                    index += 1
                } else {
                    index += 2
                }
                continue
            }
            text.append(byte)
            index += 1
        }
        return text
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
