import FremontCore

/// Everything that can happen to the browser: input, time passing, and loads finishing.
/// Loads run elsewhere and arrive here as events, so the UI never waits on them.
public enum BrowserEvent: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// A timer tick, for the loading spinner.
    case tick
    case loadStarted(ViewID, source: String)
    /// Something for the status line (how old a cached copy is).
    case notice(String)
    /// A download's progress: bytes so far, and the total when the server said.
    case loadProgress(ViewID, bytes: Int, expected: Int?)
    /// A load for the view finished: its data or why not, and the wall-clock time.
    case loaded(ViewID, source: String, Result<LoadPayload, LoadError>, at: String)
    /// The status line's message numbered `serial` has been shown long enough.
    case messageExpired(serial: Int)
    /// Warnings from outside any load (the config, the feeds file), for the Log and the count.
    case report(LoadReport)
    /// A program run in the foreground ended (or could not start).
    case programFinished(ProgramOutcome)
    /// A screen's command finished: its reply, for that screen alone.
    case replied(ScreenAddress, CommandReply, at: String)
    /// Load the tab's data again (the tab shown for the first time, `reload-time` come round):
    /// its screen says what that takes.
    case reload(ViewID)
    /// The terminal asked the program to end (a signal): the loop ends with this status.
    case terminate(status: Int32)
}
