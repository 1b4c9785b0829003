import FremontCore

/// Work a screen asks for off the UI thread, and its reply: the screen builds it (what to run,
/// on which lane, under which key), the runtime runs it with the run's services and hands the
/// typed reply back to that screen alone (`ViewMessage.reply`), never to others with its id.
/// A screen that adds I/O adds a command, not a case to a central list.
public struct Command: Sendable {
    /// Where it runs: each lane is a queue of its own, so a window a screen waits for never
    /// waits behind a feed hanging on the network, nor behind a count scanning a million items.
    public enum Lane: Sendable {
        /// Loads that may reach the network (four at once).
        case fetch
        /// Reads of the cache a screen waits for.
        case cacheRead
        /// Counts that may scan the cache.
        case count
        /// Writes of what the reader did, one at a time, waited for (bounded) when quitting.
        case write
        /// Commands that wait for news from a service running in the background (the download
        /// queue's next change): a thread of their own, so a wait holds up no read or fetch.
        case watch
        /// Work that reaches nothing outside (a feed wrapped for a new width, a model fitted
        /// over thousands of days): a thread of its own, so a key never waits for it.
        case compute
    }

    public let lane: Lane
    /// What the reply is told by; the same screen's newer command of the same key stops an
    /// older one still running, whose reply is then dropped.
    public let key: String
    /// What the status line names while it runs (a source's name, which the services may know
    /// better than the screen); nil: it runs silently (no spinner).
    let labelled: @Sendable (BrowserServices) -> String?
    let work: @Sendable (BrowserServices, LoadControl) throws(LoadError) -> any Sendable
    /// The label given when the command was made (nil when the services name it, or none does).
    public let label: String?
    /// What it asks, beyond its key (the window wanted, the month, the change made): commands
    /// are told apart by lane, key and subject, and a test looks at what a screen asked here.
    public let subject: any Hashable & Sendable

    /// - Parameters:
    ///   - label: the source named on the status line while it runs; nil for none.
    ///   - work: run on `lane`'s thread with the run's services; its value is the reply.
    public init<Reply: Sendable>(_ lane: Lane, key: String, label: String? = nil, subject: any Hashable & Sendable = "",
                                 _ work: @escaping @Sendable (BrowserServices, LoadControl) throws(LoadError) -> Reply) {
        self.lane = lane
        self.key = key
        self.label = label
        self.subject = subject
        labelled = { _ in label }
        self.work = { (services, control) throws(LoadError) -> any Sendable in try work(services, control) }
    }

    /// A command whose status-line label the services give (a forecast's source, a table's).
    public init<Reply: Sendable>(_ lane: Lane, key: String, subject: any Hashable & Sendable = "", labelled: @escaping @Sendable (BrowserServices) -> String,
                                 _ work: @escaping @Sendable (BrowserServices, LoadControl) throws(LoadError) -> Reply) {
        self.lane = lane
        self.key = key
        self.subject = subject
        label = nil
        self.labelled = labelled
        self.work = { (services, control) throws(LoadError) -> any Sendable in try work(services, control) }
    }

    /// The status line's label with these services.
    public func label(_ services: BrowserServices) -> String? { labelled(services) }

    /// Runs the work (on whichever thread calls it).
    public func run(_ services: BrowserServices, _ control: LoadControl = LoadControl()) -> CommandReply {
        CommandReply(key: key, label: labelled(services), result: Result { () throws(LoadError) -> any Sendable in try work(services, control) })
    }
}

/// A command's outcome, for the screen that asked.
public struct CommandReply: Sendable {
    public let key: String
    /// The command's status-line label (its source), nil for a silent one.
    public let label: String?
    public let result: Result<any Sendable, LoadError>

    public init(key: String, label: String? = nil, result: Result<any Sendable, LoadError>) {
        self.key = key
        self.label = label
        self.result = result
    }

    /// The reply as the type the command made; nil when it made another.
    public func value<Reply>(as type: Reply.Type) -> Result<Reply, LoadError>? {
        switch result {
        case .success(let value): (value as? Reply).map { .success($0) }
        case .failure(let error): .failure(error)
        }
    }
}

/// Where a command's reply goes: the screen that asked, by the number the browser gave it when
/// it was shown (a screen closed meanwhile gets nothing), and its tab's id (Esc on the tab stops it).
public struct ScreenAddress: Sendable, Hashable {
    public let view: ViewID
    public let screen: Int
}

extension Command: Hashable {
    /// Told apart by what they are for: a test compares the commands a key gives.
    public static func == (a: Command, b: Command) -> Bool {
        a.lane == b.lane && a.key == b.key && AnyHashable(a.subject) == AnyHashable(b.subject) && a.label == b.label
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(AnyHashable(subject))
    }
}

/// A reply with layout work to do before it is shown (a feed's items wrapped for the screen's
/// width), done on the command's thread so that what arrives costs the UI thread little.
public protocol LaidOutReply: Sendable {
    associatedtype LaidOut: Sendable
    func laidOut(for area: Rect) -> LaidOut
}

extension CommandReply {
    /// The reply with its layout work done for `area`, when it has any.
    public func laidOut(for area: Rect) -> CommandReply {
        guard case .success(let value) = result, let reply = value as? any LaidOutReply else { return self }
        return CommandReply(key: key, label: label, result: .success(reply.laidOut(for: area)))
    }
}

/// A reply that is a load the Log lists (a table, a forecast), with the warnings its parser kept
/// (the first of them, when there were many) and how many there were in all.
public protocol LoggedLoad: Sendable {
    var loadWarnings: (kept: [ParseWarning], total: Int) { get }
}

/// A reply the browser says on the status line (what a write did: "queued file.mp3"), whichever
/// screen asked; the screen hears it too.
public struct StatusReport: Sendable, Hashable {
    public let text: String
    /// Something the reader did was not kept (a read mark, a star): said again on exit.
    public let isLostWrite: Bool

    public init(_ text: String, isLostWrite: Bool = false) {
        self.text = text
        self.isLostWrite = isLostWrite
    }
}
