import FremontCore

/// What the browser asks its host to do.
public enum BrowserEffect: Hashable, Sendable {
    /// End the run, with this exit status.
    case quit(status: Int32)
    /// Run a program with the terminal handed over (the browser, the player, the editor on the
    /// feeds file); every view hears how it went (`ViewMessage.programFinished`).
    case runProgram(ProgramRequest)
    /// A reload brought new items: the config's `notify-program` (if any) hears this message.
    case notify(String)
    /// Stop the view's downloads (Esc while loading).
    case cancelLoads(ViewID)
    /// Repaint the whole terminal (`Ctrl-L`).
    case redraw
    /// Stop as a shell's job (`Ctrl-Z`), the terminal given back until `fg`.
    case suspend
    /// A screen's command, run on its lane; the reply comes back as `BrowserEvent.replied`.
    case run(Command, for: ScreenAddress)

    public static var quit: BrowserEffect { .quit(status: 0) }
}
