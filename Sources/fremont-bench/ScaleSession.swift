import Foundation
import Synchronization

/// One program (Fremont or newsboat) driven on a 120×40 pseudo-terminal through the scale
/// benchmark's scenarios, in milliseconds from the key sent: a list opened (or searched) to the
/// first row of the list drawn (an item's title, not the header or the status line), and to the
/// last byte before the output was quiet (the list counted: a count that lands later is drawn
/// then); any other key to the last byte of the frame it made the program draw.
struct ScaleSession {
    enum Program { case fremont, newsboat }

    /// What a row of a list shows, as bytes to look for in the output: a title's beginning.
    struct Rows {
        /// Any item's.
        var any: [[UInt8]]
        /// An item's whose title holds the search word (the search's and the query feed's rows).
        var matching: [[UInt8]]
    }

    /// A list opened: to its first row drawn (nan when none was seen), and to the screen quiet.
    struct Opening {
        var firstRow = 0.0
        var quiet = 0.0
    }

    struct Keys {
        var down = 0.0
        var page = 0.0
        var end = 0.0
    }

    var start = 0.0
    var openFeed = Opening()
    var openAll = Opening()
    var openQuery = Opening()
    var keys = Keys()
    var search = Opening()
    var markFeed = 0.0
    var markAll = 0.0
    /// From `y` until the cache holds no unread item (nan: not within a minute, or not asked).
    var markAllWritten = Double.nan
    var peak = 0.0

    /// How long the output stays quiet after a list opened before its figures are taken, and
    /// how long a list's first row is waited for at most.
    static let openQuiet = 3.0
    static let openPatience = 60.0
    static let pageDown = "\u{1B}[6~"
    /// The last row: Fremont's `G`; newsboat's End (its `G` is a reverse sort), as a terminal in
    /// keypad mode sends it.
    static func end(_ program: Program) -> String { program == .fremont ? "G" : "\u{1B}OF" }

    /// Session A: start, the largest feed opened and paged, a search, a feed marked read, then all.
    /// `unreadLeft`: 0 once the program's cache holds no unread item, to time the mark of all
    /// of them until it is written (a program that writes it after its frame).
    static func drive(_ command: [String], environment: [String], marker: String, firstFeedRow: Int,
                      program: Program, word: String, rows: Rows, unreadLeft: (@Sendable () -> Int?)? = nil) throws -> ScaleSession {
        var session = ScaleSession()
        let terminal = try PseudoTerminal(command: command, environment: environment)
        terminal.log = logFile(program, "a")
        defer { finish(terminal) }
        session.start = try started(terminal, marker: marker)
        for _ in 0..<firstFeedRow { press(terminal, "j") }
        session.openFeed = open(terminal, "\r", rows: rows.any, quiet: openQuiet)
        session.keys = paging(terminal, program)
        press(terminal, "q", quiet: 0.3)
        switch program {
        case .fremont:
            // All items (the first row), then its `/`: the list's items holding the word, from the cache.
            press(terminal, "g")
            press(terminal, "\r", quiet: 0.5)
            press(terminal, "/")
            for character in word { press(terminal, String(character), quiet: 0.05) }
            session.search = open(terminal, "\r", rows: rows.matching, quiet: openQuiet)
            press(terminal, "q", quiet: 0.3)
            press(terminal, "q", quiet: 0.3)
            press(terminal, "g")
            for _ in 0...firstFeedRow { press(terminal, "j") }
        case .newsboat:
            // newsboat's `/` in the feed list searches every article.
            press(terminal, "/")
            for character in word { press(terminal, String(character), quiet: 0.05) }
            session.search = open(terminal, "\r", rows: rows.matching, quiet: openQuiet)
            press(terminal, "q", quiet: 0.3)
            press(terminal, "j")
        }
        session.markFeed = press(terminal, "A", quiet: 1)
        (session.markAll, session.markAllWritten) = markAll(terminal, program, unreadLeft: unreadLeft)
        session.peak = terminal.peakMegabytes
        return session
    }

    /// Session B (the query feeds listed): start, All items opened and paged, the query feed opened.
    static func driveQueries(_ command: [String], environment: [String], marker: String, program: Program, rows: Rows) throws -> ScaleSession {
        var session = ScaleSession()
        let terminal = try PseudoTerminal(command: command, environment: environment)
        terminal.log = logFile(program, "b")
        defer { finish(terminal) }
        session.start = try started(terminal, marker: marker)
        if program == .newsboat {
            // Its All items is the query feed before the last.
            press(terminal, end(program))
            press(terminal, "k")
        }
        // newsboat fills a query feed when it is opened, silently: a long quiet ends the wait.
        session.openAll = open(terminal, "\r", rows: rows.any, quiet: openQuiet)
        session.keys = paging(terminal, program)
        press(terminal, "q", quiet: 0.3)
        press(terminal, end(program))
        session.openQuery = open(terminal, "\r", rows: rows.matching, quiet: openQuiet)
        session.peak = terminal.peakMegabytes
        return session
    }

    /// With FREMONT_SCALE_LOG=DIR, what the program wrote goes to DIR/fremont-a.log and so on.
    private static func logFile(_ program: Program, _ session: String) -> FileHandle? {
        guard let folder = ProcessInfo.processInfo.environment["FREMONT_SCALE_LOG"] else { return nil }
        let path = "\(folder)/\(program)-\(session).log"
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }

    /// Milliseconds from the start to the marker (the counted feed list), the frame then finished.
    private static func started(_ terminal: PseudoTerminal, marker: String) throws -> Double {
        let begun = DispatchTime.now().uptimeNanoseconds
        guard terminal.read(until: Array(marker.utf8), timeout: 300) else {
            throw BenchmarkError("no feed list with its counts (\(marker)) within 300 s")
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e6
        _ = terminal.settle(quiet: 0.5)
        return elapsed
    }

    /// j 40 times, PgDn 15 times (the worst of each: at these counts the 99th percentile), G once.
    private static func paging(_ terminal: PseudoTerminal, _ program: Program) -> Keys {
        var keys = Keys()
        for _ in 0..<40 { keys.down = max(keys.down, press(terminal, "j", quiet: 0.1)) }
        for _ in 0..<15 { keys.page = max(keys.page, press(terminal, pageDown, quiet: 0.1)) }
        keys.end = press(terminal, end(program), quiet: 0.3)
        return keys
    }

    /// Sends `keys` once the output is quiet; milliseconds to the last byte of what it drew.
    @discardableResult
    private static func press(_ terminal: PseudoTerminal, _ keys: String, quiet: Double = 0.2) -> Double {
        _ = terminal.settle(quiet: 0.02)
        terminal.send(keys)
        return terminal.settle(quiet: quiet) * 1000
    }

    /// Sends `keys` (which open a list) once the output is quiet: milliseconds to the first of
    /// the list's rows drawn, and to the last byte before `quiet` seconds passed with none.
    private static func open(_ terminal: PseudoTerminal, _ keys: String, rows: [[UInt8]], quiet: Double) -> Opening {
        _ = terminal.settle(quiet: 0.02)
        terminal.send(keys)
        let watched = terminal.watch(for: rows, quiet: quiet, patience: openPatience)
        return Opening(firstRow: watched.found.map { $0 * 1000 } ?? .nan, quiet: watched.last * 1000)
    }

    /// `C`, then `y` once the question is on screen (a `y` sent before it is read as another
    /// key, and times nothing): milliseconds from `y` to the last byte drawn, and until
    /// `unreadLeft` says the cache holds no unread item (polled meanwhile, every 50 ms, at most a
    /// minute);
    /// nan when no question came (or nothing was polled).
    private static func markAll(_ terminal: PseudoTerminal, _ program: Program, unreadLeft: (@Sendable () -> Int?)?)
        -> (frame: Double, written: Double) {
        _ = terminal.settle(quiet: 0.02)
        terminal.send("C")
        let question = program == .fremont ? "y/n" : "y:Yes"
        guard terminal.watch(for: [Array(question.utf8)], quiet: 0.3, patience: 30).found != nil else { return (.nan, .nan) }
        _ = terminal.settle(quiet: 0.02)
        let written = Mutex(Double.nan)
        let polled = DispatchSemaphore(value: 0)
        let sent = DispatchTime.now().uptimeNanoseconds
        if let unreadLeft {
            DispatchQueue.global().async {
                while DispatchTime.now().uptimeNanoseconds - sent < 60_000_000_000 {
                    if unreadLeft() == 0 {
                        written.withLock { $0 = Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e6 }
                        break
                    }
                    usleep(50_000)
                }
                polled.signal()
            }
        }
        terminal.send("y")
        let frame = terminal.settle(quiet: 3) * 1000
        if unreadLeft != nil { polled.wait() }
        return (frame, written.withLock { $0 })
    }

    /// q, and if the program is still there after 5 s (a question, a slow cleanup), SIGKILL.
    private static func finish(_ terminal: PseudoTerminal) {
        terminal.send("q")
        for _ in 0..<100 {
            _ = terminal.settle(quiet: 0.05)
            var status: Int32 = 0
            if waitpid(terminal.pid, &status, WNOHANG) == terminal.pid { return }
        }
        kill(terminal.pid, SIGKILL)
        var status: Int32 = 0
        waitpid(terminal.pid, &status, 0)
    }
}
