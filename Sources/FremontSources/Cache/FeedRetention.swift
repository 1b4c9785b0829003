import FremontCore

/// What the cache keeps of a feed's items when it stores a fetch: the config's `max-items` and
/// `keep-articles-days` (newsboat's names).
///
/// - The items the fetch listed always stay (but those older than `keepDays`).
/// - Of the items no longer in the feed, the newest `keptVanished` stay; older ones go only when
///   read: an unread item is never pruned for being many (nil keeps all, as `max-items = 0`).
/// - With `keepDays`, every item dated (published, else updated, else first seen) more than that
///   many days before the fetch goes, read or not, and an item that old in the fetch is not kept.
/// - Whatever the settings, a feed keeps at most `vanishedCeiling` items that left it, so a
///   feed that churns its ids cannot fill the disk; past it the oldest go, unread or not.
/// - Starred items are copies kept apart (`CacheDatabase.setStar`): no pruning reaches them.
/// - An item new to the cache that `ignored` matches (the download mode's ignore rules) is not
///   kept; items stored before the rule stay.
public struct FeedRetention: Sendable, Equatable {
    /// Items no longer in the feed kept beyond the fetch unless the config says otherwise.
    public static let defaultKeptVanished = 1_000
    /// The most items that left a feed the cache keeps for it, whatever the settings.
    public static let vanishedCeiling = 10_000

    /// Vanished items kept even when read; nil keeps them all (up to the ceiling).
    public var keptVanished: Int?
    /// Items dated more than this many days before the fetch are deleted; nil, never.
    public var keepDays: Int?
    /// newsboat's `ignore-article` rules in `ignore-mode download`, as one expression.
    public var ignored: FilterExpression?
    /// The followed feeds' order and tags, which the rules' `feedindex` and `tags` read.
    public var ignoredFeeds: FilterFeedList

    public init(keptVanished: Int? = FeedRetention.defaultKeptVanished, keepDays: Int? = nil, ignored: FilterExpression? = nil,
                ignoredFeeds: FilterFeedList = FilterFeedList()) {
        self.keptVanished = keptVanished
        self.keepDays = keepDays
        self.ignored = ignored
        self.ignoredFeeds = ignoredFeeds
    }

    /// The config's numbers, where 0 turns a limit off (as in newsboat); nil for the default.
    public init(maxItems: Int?, keepArticlesDays: Int?, ignored: FilterExpression? = nil, ignoredFeeds: FilterFeedList = FilterFeedList()) {
        self.init(keptVanished: maxItems.map { $0 > 0 ? $0 : nil } ?? FeedRetention.defaultKeptVanished,
                  keepDays: keepArticlesDays.flatMap { $0 > 0 ? $0 : nil }, ignored: ignored, ignoredFeeds: ignoredFeeds)
    }
}
