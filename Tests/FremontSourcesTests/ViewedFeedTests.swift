import Foundation
import FremontCore
import Testing
@testable import FremontSources

/// A feed only viewed (`fremont feed URL` of a feed not followed) is kept, and left out of the
/// merged lists (All items, Unread items, query feeds, a search of them) and their counts until
/// it is followed; its own list shows its items.
@Suite struct ViewedFeedTests {
    static let followed = "https://followed.example/rss", viewed = "https://viewed.example/rss"

    private func cache() throws -> CacheDatabase {
        let cache = CacheDatabase()
        for (url, count) in [(Self.followed, 5), (Self.viewed, 3)] {
            let items = (0..<count).map { index in
                FeedItem(id: "\(index)", title: "Rocket item \(index) of \(url)", published: Date(timeIntervalSince1970: 1_700_000_000 + Double(index * 3_600)))
            }
            try cache.storeFeed(Feed(format: .rss2, title: url, items: items), url: url)
        }
        return cache
    }

    private func feeds(_ rows: [ItemHeadline]) -> Set<String> { Set(rows.map(\.feed)) }

    @Test func aViewedFeedLeavesTheMergedListsUntilFollowed() throws {
        let cache = try cache()
        #expect(try cache.itemCount(.all) == 8)
        try cache.markViewedOnly([Self.viewed])
        #expect(try cache.viewedOnlyFeeds() == [Self.viewed])
        // Merged lists, their counts and their first screens: the followed feed's items only.
        for query: ItemQuery in [.all, .unread, .search("rocket", within: .all),
                                 .filter(try FilterExpression(parsing: "title =~ \"item\""))] {
            #expect(try cache.itemCount(query) == 5, "\(query)")
            #expect(try feeds(cache.itemWindow(query, .start, limit: 50)) == [Self.followed], "\(query)")
            let first = try cache.firstItems(query, limit: 50)
            #expect(first.total == nil || first.total == 5, "\(query)")
            #expect(feeds(first.rows) == [Self.followed], "\(query)")
        }
        // Its own list shows it, as a tag naming it does.
        #expect(try cache.itemCount(.feed(Self.viewed)) == 3)
        #expect(try cache.itemWindow(.feeds([Self.viewed, Self.followed]), .start, limit: 50).count == 8)
        // Stored again (another look at it), it stays only viewed.
        try cache.storeFeed(Feed(format: .rss2, title: "v", items: [FeedItem(id: "9", title: "New rocket", published: Date())]), url: Self.viewed)
        #expect(try cache.itemCount(.all) == 5)
        // Followed: it joins them.
        try cache.markFollowed([Self.viewed, Self.followed])
        #expect(try cache.viewedOnlyFeeds().isEmpty)
        #expect(try cache.itemCount(.all) == 9)
        #expect(try feeds(cache.itemWindow(.all, .start, limit: 50)) == [Self.followed, Self.viewed])
    }
}
