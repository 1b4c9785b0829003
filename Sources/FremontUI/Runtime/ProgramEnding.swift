/// How a program run in the foreground ended.
public enum ProgramEnding: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// It never ran: why (the system's words).
    case couldNotStart(String)
}
