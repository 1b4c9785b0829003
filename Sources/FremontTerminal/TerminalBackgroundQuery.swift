import FremontUI
#if canImport(Glibc)
import Glibc
#endif

/// Whether the terminal's background is dark or light, asked of the terminal itself before
/// curses takes it over: OSC 11 (`ESC ] 11 ; ? ST`) answers with the background's colour, and
/// a device-attributes query sent after it, which every terminal answers, says when to stop
/// waiting (a terminal without OSC 11 answers that one alone). Else `COLORFGBG` (rxvt's, also
/// set by Konsole), else nil.
public enum TerminalBackgroundQuery {
    /// At most this long, for a terminal that answers neither (terminals answer the device
    /// attributes at once, in a round trip: over a slow link an answer that came after the wait
    /// would reach the keys).
    static let patience: Int32 = 500

    public static func detect(environment: [String: String]) -> ThemeBackground? {
        // A dumb terminal answers nothing: not asked.
        if let term = environment["TERM"], !term.isEmpty, term != "dumb", let answer = askTerminal(), let background = parse(answer) {
            return background
        }
        return fromColorFGBG(environment["COLORFGBG"])
    }

    /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel) in the answer: light when its
    /// luminance is past the middle.
    static func parse(_ answer: [UInt8]) -> ThemeBackground? {
        let text = String(decoding: answer, as: UTF8.self)
        guard let start = text.range(of: "rgb:") else { return nil }
        let channels = text[start.upperBound...].prefix { $0.isHexDigit || $0 == "/" }.split(separator: "/")
        guard channels.count == 3 else { return nil }
        var values: [Double] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            values.append(Double(value) / Double((1 << (4 * channel.count)) - 1))
        }
        let luminance = 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]
        return luminance > 0.5 ? .light : .dark
    }

    /// `COLORFGBG=15;0`: the last field is the background's palette index (7 and 9–15 light).
    static func fromColorFGBG(_ value: String?) -> ThemeBackground? {
        guard let last = value?.split(separator: ";").last, let index = Int(last), (0...15).contains(index) else { return nil }
        return index == 7 || index >= 9 ? .light : .dark
    }

    private static func askTerminal() -> [UInt8]? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(tty, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(tty, TCSANOW, &saved) }
        let query = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)
        guard query.withUnsafeBytes({ write(tty, $0.baseAddress, $0.count) }) == query.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        var waited: Int32 = 0
        // Until the device attributes' answer (`ESC [ ? … c`) ends it, bounded in time and size.
        while waited < patience, answer.count < 1_024 {
            var ready = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            let started = monotonicMilliseconds()
            let polled = poll(&ready, 1, patience - waited)
            waited += Int32(monotonicMilliseconds() - started)
            guard polled > 0 else { break }
            let count = read(tty, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
            if endsDeviceAttributes(answer) { return answer }
        }
        // No end came: whatever is still on its way is not the reader's typing.
        tcflush(tty, TCIFLUSH)
        return answer.isEmpty ? nil : answer
    }

    private static func endsDeviceAttributes(_ answer: [UInt8]) -> Bool {
        guard answer.last == UInt8(ascii: "c"), let start = answer.lastIndex(of: 0x1B) else { return false }
        return answer[start...].starts(with: Array("\u{1B}[?".utf8))
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000 + now.tv_nsec / 1_000_000
    }
}
