import FremontCore
import Synchronization

/// What the browser needs from the program that runs it: the services screens' commands reach,
/// and the few things only the program can do.
public protocol BrowserHost: AnyObject {
    /// Runs the program `request` asks for on the UI thread, in the foreground: `terminal`
    /// hands itself over while it runs (`runInForeground`). The loop draws everything again after.
    func runProgram(_ request: ProgramRequest, on terminal: any TerminalBackend) -> ProgramOutcome
    /// The work that remembers items were read, or unread again, which the loop runs on its
    /// writing thread; it returns why the mark could not be kept, nil when it was.
    func markRead(source: String, ids: [String], read: Bool) -> @Sendable () -> String?
    /// The work that marks every cached item of these feeds read, a statement per feed, not an
    /// item at a time; why not, or nil.
    func markFeedsRead(sources: [String]) -> @Sendable () -> String?
    /// The work that stars an item (keeps its copy) or takes its star away; why not, or nil.
    func star(_ item: StarredItem, _ starred: Bool) -> @Sendable () -> String?
    /// The work that tells the reader's `notify-program` (newsboat's) that a reload brought new
    /// items, `message` its argument; nil when there is none. It returns why it failed, or nil.
    func notify(_ message: String) -> (@Sendable () -> String?)?
    /// The run is ending: programs started in the background are stopped.
    func finish()
    /// The work that writes an export to a new file and says where (or why not), for the
    /// status line.
    func export(_ text: String, to path: String, rows: Int) -> @Sendable () -> String
    /// The work that runs the config's `bookmark-cmd` on an item and says what it said (or
    /// why it failed), for the status line; nil when there is none.
    func bookmark(_ bookmark: Bookmark) -> (@Sendable () -> String)?
    /// The work that writes an item's text to a new file and says where (or why not).
    func saveArticle(_ text: String, to path: String) -> @Sendable () -> String
    /// The ports screens' commands reach (the download queue…), made once for the run.
    var services: BrowserServices { get }
    /// The first view has its data (or 2 s passed): work the host runs in the background (the
    /// downloads) starts; screens follow it through their commands.
    func start()
}

extension BrowserHost {
    public func notify(_ message: String) -> (@Sendable () -> String?)? { nil }
    public func finish() {}
    public func bookmark(_ bookmark: Bookmark) -> (@Sendable () -> String)? { nil }
    public func saveArticle(_ text: String, to path: String) -> @Sendable () -> String { { "not saved: nowhere to write files" } }
    public var services: BrowserServices { BrowserServices() }
    public func start() {}
}
