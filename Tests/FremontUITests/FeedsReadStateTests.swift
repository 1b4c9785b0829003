import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// Read state: items the cache tracks show ● (unread) in place of ▸ until expanded; expanding one asks
/// the host to remember it; files and built-in feeds keep no read state.
@Suite(.needsSharedData) struct FeedsReadStateTests {
    private func browser(readItemIDs: Set<String>?) throws -> BrowserState {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds,
                                 feeds: ItemListView(now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        let result = try FeedsFixtures.nasa()
        let source = "https://www.nasa.gov/rss/dyn/breaking_news.rss"
        _ = state.update(.feedsLoaded(source: source, .success(PreparedFeed(result, source: source, readItemIDs: readItemIDs)), at: "12:00:00"))
        return state
    }

    @Test func unreadItemsAreMarkedAndExpandingReadsThem() throws {
        let nasa = try FeedsFixtures.nasa().feed.items
        var state = try browser(readItemIDs: [nasa[1].id])
        var lines = screen(state).lines
        #expect(lines[1].hasPrefix("● NASA to Host Live Chat"))
        let second = try #require(lines.firstIndex { $0.contains("NASA Television to Air Launch") })
        #expect(lines[second].hasPrefix("▸ NASA Television"))  // already read
        // The marker is drawn in the link colour, bold, when the item is not selected.
        let third = try #require(lines.firstIndex { $0.contains(nasa[2].title) })
        #expect(lines[third].hasPrefix("● "))
        #expect(screen(state)[0, third].style == Theme(colors: .indexed256).link.adding(.bold))

        let effects = press(&state, .enter)
        #expect(marks(effects) == [.read(source: "https://www.nasa.gov/rss/dyn/breaking_news.rss", ids: [nasa[0].id], read: true)] && effects.count == 1)
        lines = screen(state).lines
        #expect(lines[1].hasPrefix("▾ NASA to Host Live Chat"))
        // Collapsing and expanding again asks for nothing more: it is read already.
        #expect(press(&state, .enter) == [])
        #expect(press(&state, .enter) == [])
    }

    @Test func filesKeepNoReadState() throws {
        var state = try browser(readItemIDs: nil)
        #expect(!screen(state).text.contains("●"))
        #expect(press(&state, .enter) == [])
    }
}
