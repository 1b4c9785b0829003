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
    /// The feed's id on a Google Reader server (`feed/52`, `feed/http://…`); empty for tt-rss,
    /// whose feeds are `remoteID`.
    public var stream: String

    public init(key: String, service: String, remoteID: Int, title: String, category: String, address: String, position: Int,
                stream: String = "") {
        self.key = key
        self.service = service
        self.remoteID = remoteID
        self.title = title
        self.category = category
        self.address = address
        self.position = position
        self.stream = stream
    }

    /// The scheme of a tt-rss feed's key: such a feed is read from the cache, never fetched.
    public static let scheme = "ttrss"
    /// Every synced feed's scheme: `urls-source`'s name of its kind of server.
    public static let schemes: Set<String> = ["ttrss", "freshrss", "miniflux", "inoreader", "oldreader"]

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

    /// `freshrss://host:port/path/feed/feed%2F52` for the stream `feed/52` of the Google Reader
    /// server at `base`: the stream percent-encoded whole (it may be an address), no user part.
    public static func key(scheme: String, base: URL, stream: String) -> String {
        var path = base.path
        if path.hasSuffix("/") { path.removeLast() }
        let host = base.host ?? "server"
        let port = base.port.map { ":\($0)" } ?? ""
        let encoded = stream.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "\(scheme)://\(host)\(port)\(path)/feed/\(encoded)"
    }

    /// Whether a source name is a synced feed's key.
    public static func isKey(_ source: String) -> Bool {
        guard let end = source.range(of: "://") else { return false }
        return schemes.contains(String(source[..<end.lowerBound]))
    }

    /// The kind of server a synced feed's key names, as `feeds list` says it.
    public static func kind(of key: String) -> String {
        switch key.prefix(while: { $0 != ":" }) {
        case "freshrss": return "FreshRSS"
        case "miniflux": return "Miniflux"
        case "inoreader": return "Inoreader"
        case "oldreader": return "The Old Reader"
        default: return "tt-rss"
        }
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
