import CNcurses
import Foundation
import Synchronization

/// Puts the terminal back however the program ends: SIGINT, SIGTERM and SIGHUP are noted by a
/// handler (which only stores the signal number, all a handler may safely do) and acted on by
/// the event loop within one input timeout; normal exits and errors call `restoreNow`.
enum TerminalRestore {
    private static let received = Atomic<Int32>(0)
    private static let restored = Atomic<Bool>(false)

    static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in TerminalRestore.received.store(number, ordering: .relaxed) }
        }
        atexit { TerminalRestore.restoreNow() }
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
}
