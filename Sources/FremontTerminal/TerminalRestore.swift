import CNcurses
import Foundation
import Synchronization

/// Puts the terminal back however the program ends: SIGINT, SIGTERM and SIGHUP are noted by a
/// handler (which only stores the signal number, all a handler may safely do) and acted on by
/// the event loop within one input timeout; normal exits and errors call `restoreNow`; a crash
/// (on any thread, a background load included) restores the shell's modes and the normal
/// screen from its signal handler, then lets the crash go on to whoever handled it before.
enum TerminalRestore {
    private static let received = Atomic<Int32>(0)
    private static let restored = Atomic<Bool>(false)
    private static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// Filled before the handlers go in and only read afterwards: a signal handler may not
    /// allocate or take locks, so everything it needs is ready in plain memory.
    private nonisolated(unsafe) static var shellModes = termios()
    private nonisolated(unsafe) static var hasShellModes = false
    private nonisolated(unsafe) static var resetSequence: UnsafeMutableBufferPointer<UInt8>?
    private nonisolated(unsafe) static var previousActions: UnsafeMutablePointer<sigaction>?

    /// Call before curses takes the terminal: keeps the shell's modes (echo, line mode) for a
    /// crash to put back, since `endwin` is not safe inside a signal handler.
    static func saveShellModes() {
        hasShellModes = tcgetattr(STDIN_FILENO, &shellModes) == 0
    }

    /// Call once curses is set up (its terminal description gives the reset sequence).
    static func install() {
        // A parent may have started us with these blocked (threads of test runners and
        // supervisors often do); blocked, they would never reach curses or the handlers.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] + fatalSignals { sigaddset(&wanted, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, note) }
        installCrashHandlers()
        atexit { TerminalRestore.restoreNow() }
    }

    /// The handler of the signals that end the program: it only notes which one came.
    private static let note: @convention(c) (Int32) -> Void = { number in TerminalRestore.received.store(number, ordering: .relaxed) }

    /// While a program has the terminal: Ctrl-C, Ctrl-\ and Ctrl-Z are for it, not for fremont
    /// (ignored here, as `system` does; the program gets them at their defaults), and a SIGTERM or
    /// SIGHUP interrupts the wait for it (no restart), so fremont can end the program and itself.
    static func handOverSignals() {
        for number in [SIGINT, SIGQUIT, SIGTSTP] { signal(number, SIG_IGN) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = note
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        for number in [SIGTERM, SIGHUP] { sigaction(number, &action, nil) }
    }

    /// The program ended: the signals are fremont's again.
    static func takeBackSignals() {
        signal(SIGQUIT, SIG_DFL)
        signal(SIGTSTP, SIG_DFL)
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, note) }
    }

    /// A signal that ends the program, if one came; SIGINT is left for the loop to see.
    static func pendingTermination() -> Bool {
        let number = received.load(ordering: .relaxed)
        return number == SIGTERM || number == SIGHUP
    }

    static func pendingSignal() -> Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    static func restoreNow() {
        guard !restored.exchange(true, ordering: .relaxed) else { return }
        curs_set(1)
        endwin()
    }

    private static func installCrashHandlers() {
        let sequence = Array(crashResetSequence().utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: sequence.count)
        _ = buffer.initialize(from: sequence)
        resetSequence = buffer
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: fatalSignals.count)
        previous.initialize(repeating: sigaction(), count: fatalSignals.count)
        previousActions = previous

        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, info, context in
            TerminalRestore.restoreFromCrash()
            TerminalRestore.passOn(number, info, context)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for (index, number) in fatalSignals.enumerated() {
            sigaction(number, &action, previous + index)
        }
    }

    /// Async-signal-safe: `tcsetattr` and `write` only, on memory prepared in advance.
    private static func restoreFromCrash() {
        guard !restored.exchange(true, ordering: .relaxed) else { return }
        if hasShellModes { tcsetattr(STDIN_FILENO, TCSANOW, &shellModes) }
        if let sequence = resetSequence, let base = sequence.baseAddress {
            _ = write(STDOUT_FILENO, base, sequence.count)
        }
    }

    /// Lets the crash go on as it would have without us: Swift's crash report (or whatever
    /// handler was there), then the signal's default action, which ends the process.
    private static func passOn(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        guard let index = fatalIndex(number), let previous = previousActions else {
            signal(number, SIG_DFL)
            raise(number)
            return
        }
        if let info, info.pointee.si_code > 0 {
            // A real fault: with the old handler back, the instruction runs again and faults into it.
            sigaction(number, previous + index, nil)
            return
        }
        // Sent by a process (kill, tgkill, abort): nothing would fault again, so call the old
        // handler here, then end the way the default action does (raised now, delivered when
        // this handler returns). Otherwise a handler that returns would leave the program running.
        let old = previous[index]
        if old.sa_flags & SA_SIGINFO != 0, let handler = old.__sigaction_handler.sa_sigaction {
            handler(number, info, context)
        } else if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) > 1, let handler = old.__sigaction_handler.sa_handler {
            handler(number)  // 0 and 1 are SIG_DFL and SIG_IGN
        }
        signal(number, SIG_DFL)
        raise(number)
    }

    /// The position of `number` in `fatalSignals`, worked out without touching the array (whose
    /// reference counting has no place in a signal handler). Keep the two in the same order.
    private static func fatalIndex(_ number: Int32) -> Int? {
        switch number {
        case SIGSEGV: 0
        case SIGBUS: 1
        case SIGILL: 2
        case SIGFPE: 3
        case SIGABRT: 4
        case SIGTRAP: 5
        case SIGSYS: 6
        default: nil
        }
    }

    /// What `endwin` would send: mouse reporting off, keypad back to normal, attributes reset,
    /// cursor shown, the normal screen back, and a fresh line for the crash report.
    private static func crashResetSequence() -> String {
        func capability(_ name: String) -> String {
            guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return "" }
            return String(cString: value)
        }
        let mouseOff = capability("kmous").isEmpty ? "" : "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
        return mouseOff + capability("rmkx") + capability("sgr0") + capability("cnorm") + capability("rmcup") + "\r\n"
    }
}
