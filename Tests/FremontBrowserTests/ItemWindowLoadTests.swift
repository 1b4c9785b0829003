import Foundation
import Testing
import FremontCore
import FremontSources
@testable import FremontBrowser
@testable import FremontUI

/// A window of an item list loaded the way a screen will ask for it: the Feeds tab's loader
/// reads the count and the rows off the UI thread, and each window holds the rows at the
/// positions it says, whether it was continued from the last one, jumped to or read from the end.
@Suite(.needsSharedData) struct ItemWindowLoadTests {
    init() { _ = LoaderFixtures.home }

    /// 3 feeds of 70 items, dates spread and repeated, one item in 9 undated.
    private static func cache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        for feed in 0..<3 {
            let items = (0..<70).map { (index: Int) -> FeedItem in
                let hours = Double((index * 37 + feed * 11) % 50)
                let date: Date? = index % 9 == 4 ? nil : Date(timeIntervalSince1970: 1_700_000_000 + hours * 3600)
                return FeedItem(id: "\(feed)-\(index)", title: "Item \(feed)-\(index)", published: date)
            }
            try cache.storeFeed(Feed(format: .rss2, title: "Feed \(feed)", items: items), url: "https://feed\(feed).example/rss")
        }
        try cache.markRead(feedURL: "https://feed1.example/rss", itemIDs: (0..<70).filter { $0 % 2 == 0 }.map { "1-\($0)" })
        return cache
    }

    /// The window a list's command reads, through the run's item cache.
    private static func load(_ items: ItemCacheService, _ request: ItemWindowRequest) throws -> ItemWindow {
        var services = BrowserServices()
        services.provide((any ItemCache).self, items)
        let command = ItemCommands.window(request)
        #expect(command.label(services) == (request.isCountOnly ? nil : ItemWindowRequest.source))
        return try #require(command.run(services).value(as: ItemWindow.self)).get()
    }

    @Test(arguments: [ItemQuery.all, .unread, .feed("https://feed2.example/rss"),
                      .tag("two", feeds: ["https://feed0.example/rss", "https://feed1.example/rss"])])
    func windowsHoldTheRowsAtTheirPositions(query: ItemQuery) throws {
        let cache = try Self.cache()
        let loader = ItemCacheService(settings: FetchSettings(), cache: { cache })
        // The whole list, read once as the reference.
        let whole = try cache.itemWindow(query, .start, limit: 1_000).map(\.id)
        func expectHolds(_ window: ItemWindow, _ wanted: Range<Int>, _ step: String) {
            #expect(window.total == whole.count, "\(step)")
            // Past the end, moved back: the last screen is a whole one.
            let count = min(wanted.count, whole.count)
            let lower = min(wanted.lowerBound, whole.count - count)
            #expect(window.positions == lower..<(lower + count), "\(step)")
            #expect(window.rows.map(\.id) == Array(whole[window.positions]), "\(step)")
        }
        var window = try Self.load(loader, ItemWindowRequest(query: query, wanted: 0..<20))
        expectHolds(window, 0..<20, "opening")
        // Paging down a screen at a time, each continued from the last window's last row.
        for page in 1..<4 {
            let wanted = (page * 20)..<(page * 20 + 20)
            let request = window.request(wanted)
            #expect(request.anchor?.position == page * 20 - 1)
            window = try Self.load(loader, request)
            expectHolds(window, wanted, "page \(page)")
        }
        // A jump to the end: the last screen is a whole one.
        window = try Self.load(loader, window.request((whole.count - 5)..<(whole.count + 15)))
        expectHolds(window, (whole.count - 20)..<whole.count, "the end")
        // Back up a screen from there, continued from its first row, and a little further.
        window = try Self.load(loader, window.request((whole.count - 45)..<(whole.count - 25)))
        expectHolds(window, (whole.count - 45)..<(whole.count - 25), "back")
        // A jump to the middle, from the start and from the end.
        for wanted in [(whole.count / 3)..<(whole.count / 3 + 20), (whole.count * 2 / 3)..<(whole.count * 2 / 3 + 20)] {
            window = try Self.load(loader, ItemWindowRequest(query: query, wanted: wanted))
            expectHolds(window, wanted, "a jump to \(wanted)")
        }
    }

    /// A query feed's first screen is read without its count (which would scan every item): it
    /// comes provisional, the count comes from a request of its own, and a window past the first
    /// screen is counted with its rows.
    @Test func aQueryFeedsFirstScreenComesBeforeItsCount() throws {
        let cache = try Self.cache()
        let loader = ItemCacheService(settings: FetchSettings(), cache: { cache })
        let query = ItemQuery.filter(try FilterExpression(parsing: "unread = \"yes\""), feeds: FilterFeedList())
        let whole = try cache.itemWindow(query, .start, limit: 1_000).map(\.id)
        #expect(whole.count == 175)
        let first = try Self.load(loader, ItemWindowRequest(query: query, wanted: 0..<20))
        #expect(!first.isCounted && first.total == 20 && first.rows.map(\.id) == Array(whole.prefix(20)))
        let counted = try Self.load(loader, first.request(0..<0))
        #expect(counted.isCountOnly && counted.total == whole.count && counted.rows.isEmpty)
        let next = try Self.load(loader, first.request(20..<40))
        #expect(next.isCounted && next.total == whole.count && next.rows.map(\.id) == Array(whole[20..<40]))
        // A first screen longer than the list is the whole list, counted.
        let all = try Self.load(loader, ItemWindowRequest(query: query, wanted: 0..<200))
        #expect(all.isCounted && all.total == whole.count)
        // All items is counted from the tally, with its first screen.
        #expect(try Self.load(loader, ItemWindowRequest(query: .all, wanted: 0..<20)).isCounted)
    }

    @Test func anEmptyListIsAnEmptyWindow() throws {
        let loader = ItemCacheService(settings: FetchSettings(), cache: { CacheDatabase() })
        let window = try Self.load(loader, ItemWindowRequest(query: .starred, wanted: 0..<20))
        #expect(window.total == 0 && window.rows.isEmpty && window.first == 0)
    }
}
