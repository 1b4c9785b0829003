import Foundation

/// A feed a sync service subscribes to, as the cache keeps it: its key in the cache (the `url` of
/// its feed and item rows), its id on the server, its title, its category (the feed's tag) and
/// its own address.
public struct SyncedFeed: Sendable, Equatable {
    public var key: String
    public var service: String
    public var remoteID: Int
    public var title: String
    public var category: String
    public var address: String
    public var position: Int

    public init(key: String, service: String, remoteID: Int, title: String, category: String, address: String, position: Int) {
        self.key = key
        self.service = service
        self.remoteID = remoteID
        self.title = title
        self.category = category
        self.address = address
        self.position = position
    }

    /// The scheme of every synced feed's key: such a feed is read from the cache, never fetched.
    public static let scheme = "ttrss"

    /// `ttrss://host:port/path/feed/12` for feed 12 of the server at `endpoint` (its `…/api/`):
    /// tells servers and feeds apart, and holds no user or password.
    public static func key(endpoint: URL, feed: Int) -> String {
        var base = endpoint.path
        if base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/api") { base.removeLast(4) }
        let host = endpoint.host ?? "server"
        let port = endpoint.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)\(base)/feed/\(feed)"
    }

    /// Whether a source name is a synced feed's key.
    public static func isKey(_ source: String) -> Bool {
        source.hasPrefix(scheme + "://")
    }
}

/// A change made here to a synced item, waiting for the server.
public struct SyncChange: Sendable, Equatable {
    public enum Field: String, Sendable {
        case read, starred
        /// Every item of the feed read (`itemID` empty).
        case catchUp = "catchup"
    }

    public var id: Int64
    public var feedURL: String
    public var itemID: String
    public var field: Field
    public var value: Bool
    public var madeAt: Date
    public var attempts: Int
}
