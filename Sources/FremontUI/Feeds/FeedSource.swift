import FremontCore

/// The feeds as screens load them (`BrowserServices`): each fetched (or read from the cache) on
/// its own, so a slow or broken one holds up no other; and the starred items the cache keeps.
public protocol FeedSource: Sendable {
    /// The feed named `name` in the browser: fetched, or as the cache holds it (`cached`); with
    /// its counts and none of its items (lists read windows of the cache), or whole (`whole`, for
    /// the summaries view, which wraps every item).
    func feed(_ name: String, whole: Bool, cached: Bool, _ control: LoadControl) throws(LoadError) -> PreparedFeed
    /// Every starred item, whole.
    func starred() throws(LoadError) -> PreparedFeed
}

/// A feed loaded, by its name in the browser: the feed store takes it once, for every screen.
public struct FeedLoad: LaidOutReply {
    public let source: String
    public let feed: PreparedFeed

    public func laidOut(for area: Rect) -> FeedLoad { FeedLoad(source: source, feed: feed.wrapped(for: area)) }
}

/// The commands that load feeds, for whichever screen asks: their replies go to the feed store,
/// which tells every screen of the tab (a list opened over the feed list sees its feed reload).
public enum FeedCommands {
    /// Every feed command's key begins so, followed by the feed's name: a feed loading again
    /// replaces its load under way.
    public static let keyPrefix = "feed "

    public static func load(_ name: String, whole: Bool = false, cached: Bool = false) -> Command {
        Command(cached ? .cacheRead : .fetch, key: keyPrefix + name, label: name, subject: [name, "\(whole)", "\(cached)"]) {
            (services, control) throws(LoadError) -> FeedLoad in
            FeedLoad(source: name, feed: try services.port((any FeedSource).self).feed(name, whole: whole, cached: cached, control))
        }
    }

    /// What a cached feed's key ends in when it is read from the cache before its fetch.
    public static let cachedFirstSuffix = " (cached first)"

    /// What the cache holds of a feed, read before its fetch (which a slow server may hold up
    /// for long, or Esc stop): silent, shown only until the fetch lands, never a failure.
    public static func cachedFirst(_ name: String) -> Command {
        Command(.cacheRead, key: keyPrefix + name + cachedFirstSuffix, subject: [name, "cached first"]) {
            (services, control) throws(LoadError) -> FeedLoad in
            FeedLoad(source: name, feed: try services.port((any FeedSource).self).feed(name, whole: false, cached: true, control))
        }
    }

    /// Each of these feeds loaded (as `load`).
    public static func load(_ names: [String], whole: Bool = false, cached: Bool = false) -> [ViewEffect] {
        names.map { .run(load($0, whole: whole, cached: cached)) }
    }

    /// The starred items, read from the cache (their count, and the items of a starred list).
    public static var starred: Command {
        Command(.cacheRead, key: keyPrefix + StarredItem.source, label: StarredItem.source) { (services, _) throws(LoadError) -> FeedLoad in
            FeedLoad(source: StarredItem.source, feed: try services.port((any FeedSource).self).starred())
        }
    }
}
