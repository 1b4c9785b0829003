/// What one sync moved each way, for `fremont sync` and the Log.
public struct SyncReport: Sendable, Equatable {
    // Fremont → server
    /// Changes made here the server took.
    public var sent = 0
    /// Changes the server refused for the last time, dropped (each in words).
    public var dropped: [String] = []
    /// Changes still waiting (the server did not answer, or refused them for now).
    public var pending = 0
    // Server → Fremont
    public var feeds = 0
    public var feedsAdded = 0
    public var feedsRemoved = 0
    public var newItems = 0
    /// Articles the server had cut short: more new ones than a sync takes.
    public var itemsLeft = false
    public var server = CacheDatabase.ServerStateChanges()
    /// Why the sync stopped short (the server unreachable, the login refused); nil when it ran whole.
    public var failure: String?
    /// Whether the failure is the server not answering: the changes wait, nothing is lost.
    public var offline = false
    /// Warnings: junk from the server skipped, a listing cut short.
    public var warnings: [String] = []
    /// Changes refused during this sync: tried again at the next one, not in this one.
    var refusedIDs = Set<Int64>()

    public init() {}

    /// The report in lines: what went up, what came down.
    public var lines: [String] {
        var lines: [String] = []
        var up = "to the server: \(Self.count(sent, "change")) sent"
        if !dropped.isEmpty { up += ", \(dropped.count) refused and dropped" }
        if pending > 0 { up += ", \(pending) waiting" }
        lines.append(up)
        // What came down is said when the sync ran whole.
        if failure == nil {
            var down = "from the server: \(Self.count(feeds, "feed"))"
            if feedsAdded > 0 || feedsRemoved > 0 { down += " (\(feedsAdded) new, \(feedsRemoved) gone)" }
            down += ", \(Self.count(newItems, "new item")); \(server.read) marked read, \(server.unread) unread, "
                + "\(server.starred) starred, \(server.unstarred) unstarred"
            lines.append(down)
        }
        return lines
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
