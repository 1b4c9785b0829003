import FremontCore
import Synchronization

/// What the browser needs from the program that runs it: the services screens' commands reach,
/// and the few things only the program can do.
public protocol BrowserHost: AnyObject {
    /// Runs the program `request` asks for on the UI thread, in the foreground: `terminal`
    /// hands itself over while it runs (`runInForeground`). The loop draws everything again after.
    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome
    /// The work that tells the reader's `notify-program` (newsboat's) that a reload brought new
    /// items, `message` its argument; nil when there is none. It returns why it failed, or nil.
    func notify(_ message: String) -> (@Sendable () -> String?)?
    /// The run is ending: programs started in the background are stopped.
    func finish()
    /// The ports screens' commands reach (the download queue, the read marks, files…), made once for the run.
    var services: BrowserServices { get }
    /// The first view has its data (or 2 s passed): work the host runs in the background (the
    /// downloads) starts; screens follow it through their commands.
    func start()
}

extension BrowserHost {
    public func notify(_ message: String) -> (@Sendable () -> String?)? { nil }
    public func finish() {}
    public var services: BrowserServices { BrowserServices() }
    public func start() {}
}
