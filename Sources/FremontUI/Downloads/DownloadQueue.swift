import FremontCore

/// The podcast download queue as screens reach it (the Downloads tab, `e` on an item): a port
/// the program provides (`BrowserServices`), the runner behind it downloading in the background.
public protocol DownloadQueue: Sendable {
    /// The queue as it stands, what is left started again.
    func rows() throws(LoadError) -> [DownloadRow]
    /// Changes the queue (queues an enclosure, retries, removes); what the status line says of it.
    func change(_ request: DownloadRequest) -> String
}

/// The queue's commands, for whichever screen asks.
public enum DownloadCommands {
    /// The queue read (the Downloads tab shown, `r`): its rows are the reply.
    public static var read: Command {
        Command(.cacheRead, key: "download queue", label: "download queue") { (services, _) throws(LoadError) -> [DownloadRow] in
            try services.port((any DownloadQueue).self).rows()
        }
    }

    /// The queue changed, on the writing lane: what it did is said on the status line.
    public static func change(_ request: DownloadRequest) -> Command {
        Command(.write, key: "download queue change", subject: request) { (services, _) throws(LoadError) -> StatusReport in
            StatusReport(try services.port((any DownloadQueue).self).change(request))
        }
    }
}
