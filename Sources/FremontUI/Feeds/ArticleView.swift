import Foundation
import FremontCore

/// One cached item read whole on a screen of its own, pushed over a list that is not a list of
/// headlines (the Search tab's results): the same pager and keys as reading in the headline
/// list, without going on to the next unread item. The item is read from the cache when pushed.
public struct ArticleView: BrowserView {
    public enum Action: Sendable, Hashable {
        case reading(ReadingKey)
    }

    public let id = ViewID.search
    public var bindingContext: String { "article" }
    public let title: String
    /// The item: its feed's cache key and its id.
    let feed: String
    let itemID: String
    private(set) var pager: ArticlePager?
    private(set) var failure: String?
    private var store = FeedStore()
    private var area = Rect(x: 0, y: 0, width: 0, height: 0)
    public let timeZone: TimeZone

    public init(feed: String, id: String, title: String, timeZone: TimeZone = .current) {
        self.feed = feed
        itemID = id
        self.title = title.isEmpty ? "Item" : title
        self.timeZone = timeZone
    }

    public mutating func attach(_ stores: BrowserStores) {
        store = stores.feeds
    }

    public var keymap: Keymap<Action> { Self.keys }
    private static let keys = Keymap<Action>(ArticlePager.keys({ .reading($0) }, goingOn: false), footer: ArticlePager.footer)

    public mutating func handle(_ key: Key, in area: Rect) -> [ViewEffect]? {
        if case .character(let character) = key, let digit = character.wholeNumberValue, (1...9).contains(digit) {
            return perform(.reading(.openNumber(digit)), in: area)
        }
        guard let action = keymap.action(for: key) else { return nil }
        return perform(action, in: area)
    }

    private var isUnread: Bool {
        guard let entry = pager?.entry else { return false }
        return store.isUnread(source: entry.key.source, id: entry.key.id, asCached: entry.isUnread)
    }

    public mutating func perform(_ action: Action, in area: Rect) -> [ViewEffect] {
        layout(in: area)
        guard case .reading(let key) = action else { return [] }
        if key == .close { return [.pop] }
        guard var pager else { return [] }
        let unread = isUnread
        switch key {
        case .lineDown: pager.scroll(by: 1)
        case .lineUp: pager.scroll(by: -1)
        case .pageDown: pager.page(by: 1)
        case .pageUp: pager.page(by: -1)
        case .top: pager.top()
        case .end: pager.end()
        case .nextUnread, .previousUnread, .close: return []
        case .toggleRead: return pager.toggledRead(unread: unread)
        case .toggleStar:
            return pager.toggledStar(starred: store.isStarred(source: pager.entry.key.source, id: pager.entry.key.id, asCached: pager.entry.isStarred))
        case .openLink: return pager.opening(pager.entry.link, play: false, unread: unread)
        case .showLinks:
            if !pager.showLinks() { return [.message("this item has no links")] }
        case .play: return pager.playing(unread: unread)
        case .openNumber(let digit):
            let effects = pager.linkPrompt(digit)
            self.pager = pager
            return effects
        case .save:
            let effects = pager.savePrompt()
            self.pager = pager
            return effects
        case .bookmark: return pager.bookmarking()
        case .fullArticle, .fullArticleAgain:
            let effects = pager.fullArticleKey(feed: feed, again: key == .fullArticleAgain, view: id)
            self.pager = pager
            return effects
        case .enqueue: return pager.enqueueing()
        }
        self.pager = pager
        return []
    }

    /// The item read whole from the cache, for this screen.
    public mutating func appear() -> [ViewEffect] { [.run(ItemCommands.item(feed: feed, id: itemID, source: feed))] }

    public mutating func receive(_ message: ViewMessage, in area: Rect) -> [ViewEffect] {
        switch message {
        case .reply(let reply):
            switch reply.key {
            case ItemCommands.itemKey: return reply.value(as: FeedEntry.self).map { received($0, in: area) } ?? []
            case ItemCommands.articleKey: return reply.value(as: FetchedArticle.self).map { received($0) } ?? []
            default: return []
            }
        case .answer(let text):
            let unread = isUnread
            return pager?.answer(text, unread: unread) ?? []
        default:
            return []
        }
    }

    private mutating func received(_ item: Result<FeedEntry, LoadError>, in area: Rect) -> [ViewEffect] {
        switch item {
        case .success(let entry) where entry.key.id == itemID && pager == nil:
            var pager = ArticlePager(entry, feedName: store.title(ofFeed: feed))
            pager.layout(width: area.width - 3, height: area.height, timeZone: timeZone)
            self.pager = pager
            // Reading it reads it.
            guard entry.tracksReadState, isUnread else { return [] }
            return [.feeds(.markRead([entry], read: true))]
        case .failure(let error) where pager == nil:
            failure = TerminalSafeText.singleLine(error.message)
            return []
        default:
            return []
        }
    }

    private mutating func received(_ fetched: Result<FetchedArticle, LoadError>) -> [ViewEffect] {
        guard var pager else { return [] }
        let effects: [ViewEffect]
        switch fetched {
        case .success(let fetched):
            guard fetched.request.feed == feed, fetched.request.id == pager.entry.key.id else { return [] }
            effects = pager.received(fetched.article)
        case .failure(let error):
            guard pager.isFetchingArticle else { return [] }
            effects = pager.articleFailed(error)
        }
        self.pager = pager
        return effects
    }

    public mutating func layout(in area: Rect) {
        self.area = area
        pager?.layout(width: area.width - 3, height: area.height, timeZone: timeZone)
    }

    public mutating func scroll(by lines: Int, in area: Rect) {
        layout(in: area)
        pager?.scroll(by: lines)
    }

    public func render(into buffer: inout ScreenBuffer, area: Rect, theme: Theme) {
        guard var pager else {
            buffer.fill(area, style: .plain)
            let placeholder: Placeholder = failure.map { .failed($0) } ?? .loading("Reading the item…")
            placeholder.render(into: &buffer, area: area, theme: theme)
            return
        }
        pager.layout(width: area.width - 3, height: area.height, timeZone: timeZone)
        pager.render(into: &buffer, area: area, theme: theme)
    }
}
