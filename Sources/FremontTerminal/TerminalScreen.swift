import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FremontUI

/// The only type that talks to the terminal. It writes the runs of cells the run loop gives it
/// and turns what the terminal sends into events. Use it from one thread.
public final class TerminalScreen: TerminalBackend {
    public let colorSupport: ColorSupport
    public private(set) var width: Int
    public private(set) var height: Int

    private var colors: ColorPairs
    private var isActive = true

    /// Why this terminal cannot show the browser (`TERM=dumb`, a terminal curses does not know),
    /// asked before anything is drawn; nil when it can.
    public static func reasonItCannotDraw() -> String? {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        if term.isEmpty { return "TERM is not set, so the terminal's kind is unknown" }
        if term == "dumb" { return "TERM=dumb cannot draw a full screen" }
        var error: Int32 = 0
        if setupterm(nil, STDOUT_FILENO, &error) != OK {
            return "TERM=\(TerminalSafeName.of(term)) is a terminal curses does not know"
        }
        return nil
    }

    /// Takes over the terminal. `noColor` (the `NO_COLOR` convention) turns colour off.
    /// - Parameter mouse: false (`mouse = no` in the config) leaves the mouse to the terminal.
    /// The locale is not UTF-8 (`LANG=C`): curses writes ASCII only, so each cell is written
    /// as its ASCII stand-in (`ASCIIFallback`).
    public let asciiOnly: Bool

    public init(noColor: Bool, mouse: Bool = true) {
        // The locale must be set before initscr, or wide characters come out as junk.
        setlocale(LC_ALL, "")
        asciiOnly = String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "") != "UTF8"
        TerminalRestore.saveShellModes()
        initscr()
        raw()  // Ctrl-C arrives as a key, so quitting restores the screen the normal way.
        noecho()
        nonl()
        keypad(fremont_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        if mouse { mousemask(fremont_click_and_wheel_events(), nil) }
        mouseinterval(0)

        var support = ColorSupport.none
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            let count = fremont_colors()
            support = count >= 0x100_0000 ? .truecolor : (count >= 256 ? .indexed256 : .ansi8)
        }
        colorSupport = support
        colors = ColorPairs(support: support, colorCount: Int(fremont_colors()), pairCount: Int(fremont_color_pairs()))
        var rows: Int32 = 0, columns: Int32 = 0
        fremont_getmaxyx(fremont_stdscr(), &rows, &columns)
        height = Int(rows)
        width = Int(columns)
        TerminalRestore.install()
    }

    deinit { restore() }

    /// Gives the terminal back: cursor, echo, line mode, the normal screen. Safe to call twice.
    public func restore() {
        guard isActive else { return }
        isActive = false
        TerminalRestore.restoreNow()
    }

    /// Writes the cells of `runs` (the run loop sends only what changed since the last frame),
    /// then updates the screen once.
    public func write(_ runs: [CellRun], clearFirst: Bool) {
        let window = fremont_stdscr()
        if clearFirst {
            werase(window)
            // Every cell sent again (Ctrl-L, a resize): what another program wrote is gone too.
            clearok(window, true)
        }
        var cell = cchar_t()
        var wide = [wchar_t](repeating: 0, count: 6)  // a grapheme's scalars (at most 5) and a NUL
        for run in runs {
            for (index, current) in run.cells.enumerated() where !current.isContinuation {
                let (attributes, pair) = colors.attributes(for: current.style)
                var count = 0
                // Not UTF-8 (LANG=C): an ASCII stand-in, and a wide glyph's second column a space.
                let text = asciiOnly ? ASCIIFallback.glyph(current.text) : current.text
                if asciiOnly, index + 1 < run.cells.count, run.cells[index + 1].isContinuation {
                    var blank = cchar_t()
                    var space: [wchar_t] = [0x20, 0]
                    _ = fremont_set_cell(&blank, &space, attributes, pair)
                    mvwadd_wch(window, Int32(run.y), Int32(run.x + index + 1), &blank)
                }
                for scalar in text.unicodeScalars.prefix(5) {
                    wide[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                wide[count] = 0
                _ = fremont_set_cell(&cell, wide, attributes, pair)
                mvwadd_wch(window, Int32(run.y), Int32(run.x + index), &cell)
            }
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Hands the terminal to a program: curses steps aside (`endwin`: the shell's modes, the
    /// normal screen, the mouse off), the program runs in the foreground with the keys, and then
    /// curses takes the terminal back; the next frame repaints every cell. The size is read
    /// again, since the window may have changed while the program had it.
    public func runInForeground(_ executable: String, arguments: [String]) -> ProgramEnding {
        endwin()
        TerminalRestore.handOverSignals()
        let ending = ForegroundProgram.run(executable, arguments: arguments)
        TerminalRestore.takeBackSignals()
        reset_prog_mode()
        invalidate()
        wrefresh(fremont_stdscr())
        var rows: Int32 = 0, columns: Int32 = 0
        fremont_getmaxyx(fremont_stdscr(), &rows, &columns)
        height = Int(rows)
        width = Int(columns)
        return ending
    }

    /// Ctrl-Z: curses ended (the shell's terminal back), the process stopped as a shell's job
    /// would be; `fg` continues it here, and the screen is taken back and drawn whole.
    public func suspend() {
        endwin()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Continued.
        reset_prog_mode()
        invalidate()
        wrefresh(fremont_stdscr())
        var rows: Int32 = 0, columns: Int32 = 0
        fremont_getmaxyx(fremont_stdscr(), &rows, &columns)
        height = Int(rows)
        width = Int(columns)
    }

    /// OSC 2, written straight to the terminal after curses has written its frame (a title
    /// moves no cursor and takes no cell).
    public func setTitle(_ title: String) {
        let bytes = Array(TerminalTitle.sequence(title).utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// The next frame repaints the whole terminal (after a resize).
    private func invalidate() {
        clearok(fremont_stdscr(), true)
    }

    /// Waits up to `timeout` milliseconds for input, or until `descriptor` is readable (work
    /// done in the background). Returns nil when no input came. Asleep meanwhile: the terminal
    /// and the descriptor are waited on together, in one poll.
    public func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32) -> BrowserEvent? {
        guard descriptor >= 0 else { return nextEvent(timeout: milliseconds) }
        // A pending signal, then keys curses has read already come first: the terminal will not say they are there.
        if let event = nextEvent(timeout: 0) { return event }
        var waits = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&waits, 2, milliseconds)
        // A signal (a resize) or input: curses reads it; the work's wake-up, the caller.
        if ready < 0 || waits[0].revents != 0 { return nextEvent(timeout: 0) }
        return nil
    }

    /// Waits up to `timeout` milliseconds for input. Returns nil when nothing came.
    public func nextEvent(timeout milliseconds: Int32) -> BrowserEvent? {
        if let signal = TerminalRestore.pendingSignal() { return .terminate(status: 128 + signal) }
        wtimeout(fremont_stdscr(), milliseconds)
        var character: wint_t = 0
        let result = wget_wch(fremont_stdscr(), &character)
        if result == ERR { return nil }
        if result == fremont_key_code_yes() {
            return functionKey(Int32(character))
        }
        return characterKey(UInt32(character))
    }

    private func functionKey(_ code: Int32) -> BrowserEvent? {
        switch code {
        case fremont_key_resize():
            var rows: Int32 = 0, columns: Int32 = 0
            fremont_getmaxyx(fremont_stdscr(), &rows, &columns)
            height = Int(rows)
            width = Int(columns)
            invalidate()
            return .resize(width: width, height: height)
        case fremont_key_mouse():
            return mouseEvent()
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_F0...(KEY_F0 + 63): return .key(.function(Int(code - KEY_F0)))
        default: return nil
        }
    }

    private func characterKey(_ value: UInt32) -> BrowserEvent? {
        switch value {
        case 0x0D, 0x0A: return .key(.enter)
        case 0x1B: return .key(.escape)
        case 0x09: return .key(.tab)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(value + 0x60)!)))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    private func mouseEvent() -> BrowserEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let kind: MouseEvent.Kind
        if state & fremont_button4_pressed() != 0 {
            kind = .wheelUp
        } else if fremont_button5_pressed() != 0, state & fremont_button5_pressed() != 0 {
            kind = .wheelDown
        } else if state & (fremont_button1_pressed() | fremont_button1_clicked()) != 0 {
            kind = .press
        } else {
            return nil
        }
        return .mouse(MouseEvent(x: Int(event.x), y: Int(event.y), kind: kind))
    }
}

/// A terminal's name for a message: printable ASCII only, cut short.
enum TerminalSafeName {
    static func of(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }.prefix(40).map(Character.init))
    }
}
