import FremontCore

/// The config's settings for reading, with newsboat's names and defaults: the feed list and the
/// lists and pager it opens follow them.
public struct ReadingSettings: Sendable, Equatable {
    /// `show-read-feeds`: list feeds with nothing unread (no: as if `U` were pressed).
    public var showReadFeeds = true
    /// `show-read-articles`: lists show read items too (no: only the unread, as when opened).
    public var showReadArticles = true
    /// `confirm-mark-all-feeds-read`: `C` asks first.
    public var confirmMarkAllFeedsRead = true
    /// `goto-next-feed`: `n` past a feed's last unread item goes on into the next feed.
    public var gotoNextFeed = true
    /// `text-width`: the columns an article is wrapped to; 0, the window's.
    public var textWidth = 0
    /// `datetime-format`: strftime's format of the headline list's dates; nil, fremont's own.
    public var datetimeFormat: String?
    /// `show-summaries` (fremont's): open lists with each item's first lines rather than a line each.
    public var showSummaries = false
    /// `define-filter` lines: the filters the lists offer by name (`f`).
    public var filters: [DefinedFilter] = []
    /// `article-sort-order`: the order the lists open in.
    public var articleOrder = ItemOrder.newestFirst
    /// `feed-sort-order`: the order of the feed list.
    public var feedOrder = FeedOrder.none
    /// `notify-xterm`: the unread count in the terminal window's title.
    public var notifyXterm = false
    /// `highlight-article` lines: the headline list's rows they match are drawn in their colours.
    public var highlights: [ArticleHighlight] = []

    public init(showReadFeeds: Bool = true, showReadArticles: Bool = true, confirmMarkAllFeedsRead: Bool = true, gotoNextFeed: Bool = true, textWidth: Int = 0,
                datetimeFormat: String? = nil, showSummaries: Bool = false, filters: [DefinedFilter] = [],
                articleOrder: ItemOrder = .newestFirst, feedOrder: FeedOrder = .none) {
        self.filters = filters
        self.articleOrder = articleOrder
        self.feedOrder = feedOrder
        self.showReadFeeds = showReadFeeds
        self.showReadArticles = showReadArticles
        self.confirmMarkAllFeedsRead = confirmMarkAllFeedsRead
        self.gotoNextFeed = gotoNextFeed
        self.textWidth = textWidth
        self.datetimeFormat = datetimeFormat
        self.showSummaries = showSummaries
    }
}

extension ReadingSettings {
    /// These settings with `notify-xterm` and `highlight-article` set.
    public func with(notifyXterm: Bool, highlights: [ArticleHighlight] = []) -> ReadingSettings {
        var settings = self
        settings.notifyXterm = notifyXterm
        settings.highlights = highlights
        return settings
    }
}
