import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// The feed store holds read and star state once: a read in one screen shows in every other at
/// its next frame, with no message sent to each, and each intent is written once.
@Suite(.needsSharedData) struct FeedStoreTests {
    static let nasaURL = "https://www.nasa.gov/rss/dyn/breaking_news.rss"

    private func browser() throws -> BrowserState {
        var list = FeedListView(feeds: [FollowedFeed(source: Self.nasaURL)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        list.showsSummaries = true  // the river: its items are the store's
        var state = BrowserState(width: 100, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        let nasa = try FeedsFixtures.nasa()
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [])), at: "1"))
        return state
    }

    @Test func aLoadIsAppliedOnceAndCountedInTheStore() throws {
        let state = try browser()
        let total = try FeedsFixtures.nasa().feed.items.count
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == total)
        #expect(screen(state).line(1).contains("\(total)/\(total)"))
    }

    @Test func aReadInTheItemListShowsInTheFeedListAndTheUnreadList() throws {
        var state = try browser()
        let total = try FeedsFixtures.nasa().feed.items.count
        // The feed's own items: read the first.
        press(&state, .character("j"), .character("j"), .character("j"), .enter)
        let effects = press(&state, .enter)
        #expect(effects.count == 1)
        guard case .read(let source, _, true)? = marks(effects).first else { Issue.record("no mark: \(effects)"); return }
        #expect(source == Self.nasaURL)
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == total - 1)
        // Back on the list: its counts are the store's, with no message sent to it.
        press(&state, .character("q"))
        #expect(screen(state).text.contains("\(total - 1)/\(total)"))
        // The Unread list opened now leaves the read item out.
        press(&state, .character("g"), .character("j"), .enter)
        #expect(state.active.title == "Unread")
        #expect((state.active as? ItemListView)?.itemCount == total - 1)
    }

    @Test func markingUnreadInOneListCountsAgainEverywhere() throws {
        var state = try browser()
        let total = try FeedsFixtures.nasa().feed.items.count
        press(&state, .enter)  // All items
        press(&state, .enter)  // read the first
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == total - 1)
        let effects = press(&state, .character("u"))
        guard case .read(_, _, false)? = marks(effects).first, effects.count == 1 else { Issue.record("no unread mark: \(effects)"); return }
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == total)
        press(&state, .character("q"))
        #expect(screen(state).text.contains("\(total)/\(total)"))
        // Opened again, read again: one write; collapsing and expanding it asks for nothing.
        press(&state, .enter)
        #expect(press(&state, .enter).count == 1)
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == total - 1)
        #expect(press(&state, .enter, .enter) == [])
    }

    @Test func markAllReadIsOneWriteForTheFeedAndZeroesEveryCount() throws {
        var state = try browser()
        press(&state, .character("C"))
        let effects = press(&state, .character("y"))
        guard case .read(let source, let ids, true)? = marks(effects).first, effects.count == 1 else { Issue.record("\(effects)"); return }
        #expect(source == Self.nasaURL)
        #expect(ids.count == Set(ids).count)
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == 0)
        #expect(press(&state, .character("C")).isEmpty && state.status.message == "nothing unread")
    }

    @Test func aReloadAgreeingWithAMarkLetsItGoAndOneDisagreeingKeepsIt() throws {
        var state = try browser()
        let nasa = try FeedsFixtures.nasa()
        let first = nasa.feed.items[0].id
        press(&state, .enter, .enter)  // All items, read the first
        // A reload that began before the write landed still says unread: the mark stands.
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [])), at: "2"))
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == nasa.feed.items.count - 1)
        // One that has it read agrees; unread elsewhere later (another device) then shows.
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [first])), at: "3"))
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [])), at: "4"))
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == nasa.feed.items.count)
    }

    /// A feed as a start or a reload brings it: its counts from the cache, none of its items.
    static func tallied(total: Int, unread: Int, arrived: Int = 0) -> PreparedFeed {
        PreparedFeed(FeedParseResult(feed: Feed(format: .rss2, title: "Big", items: [])), source: nasaURL, readItemIDs: [],
                     tally: PreparedFeed.Tally(total: total, unread: unread, newest: FeedsFixtures.now, arrived: arrived))
    }

    static func headline(_ id: String, isRead: Bool) -> FeedEntry {
        FeedEntry(headline: ItemHeadline(feed: nasaURL, id: id, title: id, feedTitle: "Big", date: nil, isRead: isRead, isStarred: false,
                                         cursor: ItemCursor(sortKey: "", rowid: 1)), source: nasaURL)
    }

    /// The feed list counts what the cache counts, holding no item: marks of items read from a
    /// window count; marking the feed read is one intent, written as one statement, whatever
    /// the feed holds; its items read as read in every window after it.
    @Test func aFeedOfCountsIsCountedMarkedAndReadAsOne() throws {
        var list = FeedListView(feeds: [FollowedFeed(source: Self.nasaURL)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        list.showsSummaries = false
        var state = BrowserState(width: 100, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(Self.tallied(total: 2_000, unread: 1_333)), at: "1"))
        let store = state.stores.feeds
        #expect(screen(state).text.contains("1333/2000"))
        #expect(store.totals().items == 2_000 && store.totals().unread == 1_333)
        // An item read in a list (its row from the cache, not held here) counts.
        _ = store.apply(.markRead([Self.headline("a", isRead: false)], read: true))
        _ = store.apply(.markRead([Self.headline("b", isRead: true)], read: true))
        #expect(store.unreadCount(source: Self.nasaURL) == 1_332)
        // The feed read: one intent, nothing listed item by item.
        press(&state, .character("j"), .character("j"), .character("j"))
        let effects = press(&state, .character("A"))
        #expect(marks(effects) == [.feedsRead(sources: [Self.nasaURL])] && effects.count == 1)
        #expect(store.unreadCount(source: Self.nasaURL) == 0 && store.totals().unread == 0)
        #expect(screen(state).text.contains("0/2000"))
        // Every row of it a window shows is read now, whatever the window said; one marked unread again counts.
        #expect(!store.isUnread(source: Self.nasaURL, id: "c", asCached: true))
        _ = store.apply(.markRead([Self.headline("c", isRead: false)], read: false))
        #expect(store.isUnread(source: Self.nasaURL, id: "c", asCached: true) && store.unreadCount(source: Self.nasaURL) == 1)
        // The next load's counts are the cache's again; it says how many items it stored first.
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(Self.tallied(total: 2_005, unread: 6, arrived: 5)), at: "2"))
        #expect(store.unreadCount(source: Self.nasaURL) == 6 && store.itemCount(source: Self.nasaURL) == 2_005)
        #expect(store.isUnread(source: Self.nasaURL, id: "d", asCached: true))
        // Nothing unread: the key says so and writes nothing.
        _ = press(&state, .character("A"))
        #expect(press(&state, .character("A")).isEmpty)
    }
}
