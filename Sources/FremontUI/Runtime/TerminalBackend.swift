/// What the run loop needs of a terminal: its size, its input as events, and a way to write
/// the cells that changed. The ncurses screen is one; tests can bring another.
public protocol TerminalBackend: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Waits up to `milliseconds` for input; nil when nothing came. A resize arrives as
    /// `.resize`, a signal that ends the program as `.terminate`.
    func nextEvent(timeout milliseconds: Int32) -> BrowserEvent?
    /// The same, but returns nil as soon as `descriptor` is readable too: background work
    /// wakes the loop that way, so a wait needs no polling.
    func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32) -> BrowserEvent?
    /// Writes `runs`; `clearFirst` when the screen must be cleared before (the first frame, a resize).
    func write(_ runs: [CellRun], clearFirst: Bool)
    /// Hands the terminal to `executable` (curses suspended, the program given the screen and the
    /// keys) until it ends, then takes it back; the caller draws the whole screen again.
    func runInForeground(_ executable: String, arguments: [String]) -> ProgramEnding
    /// Sets the terminal window's title (`notify-xterm`); `title` is already one line of text.
    func setTitle(_ title: String)
    /// Hands the terminal back to the shell and stops the program (Ctrl-Z, as a shell's job);
    /// returns once it is continued (`fg`), the terminal taken back.
    func suspend()
}

extension TerminalBackend {
    /// A backend that cannot wait on a descriptor waits the time out.
    public func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32) -> BrowserEvent? {
        nextEvent(timeout: milliseconds)
    }

    /// A backend with no terminal to hand over runs nothing.
    public func runInForeground(_ executable: String, arguments: [String]) -> ProgramEnding {
        .couldNotStart("this screen cannot hand the terminal to a program")
    }

    /// A backend without a window has no title.
    public func setTitle(_ title: String) {}

    /// A backend with no shell to go back to does not stop.
    public func suspend() {}
}
