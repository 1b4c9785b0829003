import FremontCore

/// The podcast download queue as screens reach it (the Downloads tab, `e` on an item): a port
/// the program provides (`BrowserServices`), the runner behind it downloading in the background.
public protocol DownloadQueue: Sendable {
    /// The queue as it stands, what is left started again.
    func rows() throws(LoadError) -> [DownloadRow]
    /// Changes the queue (queues an enclosure, retries, removes); what the status line says of it.
    func change(_ request: DownloadRequest) -> String
    /// The queue once it has changed since `version` (at once if it has), waiting meanwhile
    /// until `control` is cancelled: the runner's progress as the Downloads tab follows it.
    func changes(after version: Int, _ control: LoadControl) throws(LoadError) -> DownloadChanges
}

/// The download queue as it stands after its `version`-th change.
public struct DownloadChanges: Sendable, Hashable {
    public let version: Int
    public let rows: [DownloadRow]

    public init(version: Int, rows: [DownloadRow]) {
        self.version = version
        self.rows = rows
    }
}

/// The queue's commands, for whichever screen asks.
public enum DownloadCommands {
    /// The queue read (the Downloads tab shown, `r`): its rows are the reply.
    public static var read: Command {
        Command(.cacheRead, key: "download queue", label: "download queue") { (services, _) throws(LoadError) -> [DownloadRow] in
            try services.port((any DownloadQueue).self).rows()
        }
    }

    /// The key the queue's changes come back by.
    public static let watchKey = "download queue changes"

    /// The queue's next change after `version`, on the lane of commands that wait for news:
    /// the Downloads tab asks again each time one comes.
    public static func watch(after version: Int) -> Command {
        Command(.watch, key: watchKey, subject: version) { (services, control) throws(LoadError) -> DownloadChanges in
            try services.port((any DownloadQueue).self).changes(after: version, control)
        }
    }

    /// The queue changed, on the writing lane: what it did is said on the status line.
    public static func change(_ request: DownloadRequest) -> Command {
        Command(.write, key: "download queue change", subject: request) { (services, _) throws(LoadError) -> StatusReport in
            StatusReport(try services.port((any DownloadQueue).self).change(request))
        }
    }
}
