import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// A river of 8,000 items resized, collapsed and expanded: the update wraps only what is on
/// screen and a margin (counted in entries, not timed), the rest arrives from background work,
/// and the selected item stays selected, on its row.
@Suite(.needsSharedData) struct ItemListResizeTests {
    static let itemCount = 8_000

    /// 8,000 items, each with three paragraphs: more than a collapsed item shows.
    static let feed: FeedParseResult = {
        let paragraph = "Words of an item that run on long enough to wrap over several lines at any width the tests use"
        let items = (0..<itemCount).map { index in
            let minute = index % 60, hour = (index / 60) % 24, day = 1 + index / 1_440
            return (title: "Item \(index) of the river, a title long enough to wrap when expanded at forty columns",
                    date: Optional(String(format: "Wed, %02d Sep 2018 %02d:%02d:00 GMT", day, hour, minute)) as String?,
                    text: "<p>\(index): \(paragraph).</p><p>\(paragraph), again.</p><p>\(paragraph), once more.</p>",
                    link: "http://river.test/\(index)")
        }
        // Parsed once for every test: 8,000 items take a while in a debug build.
        return try! FeedsFixtures.parse(FeedsFixtures.rss("River", items), name: "river.xml")
    }()

    /// The browser with the river loaded and every background wrap it asked for done.
    static func river(width: Int, height: Int) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .none), current: .feeds,
                                 feeds: ItemListView(now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        settle(&state, state.update(FeedsFixtures.loaded("river.xml", feed)))
        return state
    }

    /// Runs the background work among `effects` as the runtime does, and what that asks for.
    static func settle(_ state: inout BrowserState, _ effects: [BrowserEffect]) {
        var pending = effects
        while !pending.isEmpty {
            guard case .run(let command, let address) = pending.removeFirst(), command.lane == .compute else { continue }
            pending += state.update(.replied(address, command.run(BrowserServices()), at: "1"))
        }
    }

    static func backgroundWork(_ effects: [BrowserEffect]) -> Int {
        effects.count { if case .run(let command, _) = $0 { command.lane == .compute } else { false } }
    }

    static func selectedRow(_ state: BrowserState) -> Int? {
        let title = state.feeds.selectedTitle ?? "?"
        return screen(state).row(containing: String(title.prefix(30)))
    }

    @Test(arguments: [false, true])
    func aResizeWrapsTheScreenAndTheRestArrives(expanded: Bool) throws {
        var state = Self.river(width: 120, height: 40)
        #expect(state.feeds.itemCount == Self.itemCount)
        if expanded { Self.settle(&state, press(&state, .character("E"))) }
        for _ in 0..<30 { Self.settle(&state, press(&state, .pageDown)) }
        let key = try #require(state.feeds.selectedKey)
        let row = try #require(Self.selectedRow(state))

        for (width, height) in [(61, 24), (120, 40)] {
            let before = state.feeds.wrappedHere
            let effects = state.update(.resize(width: width, height: height))
            // An entry takes three lines at least: the screen and a screen each side are at
            // most a screen's height of entries, and a few rounds of new heights.
            let wrapped = state.feeds.wrappedHere - before
            #expect(wrapped > 0 && wrapped <= 3 * height, "\(width)×\(height): \(wrapped) entries wrapped in the update")
            #expect(Self.backgroundWork(effects) == 1)
            #expect(state.feeds.selectedKey == key)
            #expect(Self.selectedRow(state) != nil, "\(width)×\(height)")

            Self.settle(&state, effects)
            // The rest came from the background: none of it wrapped here.
            #expect(state.feeds.wrappedHere - before == wrapped)
            #expect(state.feeds.selectedKey == key)
            // Laid out exactly as a river that was never resized.
            var fresh = Self.river(width: width, height: height)
            if expanded { Self.settle(&fresh, press(&fresh, .character("E"))) }
            #expect(state.feeds.tops == fresh.feeds.tops, "\(width)×\(height)")
        }
        // Back at the first size the selected item's title is where it was.
        #expect(Self.selectedRow(state) == row)
    }

    @Test func keysWhileTheRestIsWrappingShowWrappedItems() throws {
        var state = Self.river(width: 120, height: 40)
        let pending = state.update(.resize(width: 80, height: 24))
        // The end of the list, before the background wrap arrives: wrapped as it comes on screen.
        press(&state, .character("G"))
        let atEnd = screen(state)
        #expect(state.feeds.selectedTitle == "Item 0 of the river, a title long enough to wrap when expanded at forty columns")
        #expect(atEnd.row(containing: "▸ Item 0 of the river") != nil)
        press(&state, .character("g"))
        #expect(screen(state).line(1).hasPrefix("▸ Item 7999 of the river"))
        Self.settle(&state, pending)
        var fresh = Self.river(width: 80, height: 24)
        #expect(state.feeds.tops == fresh.feeds.tops)
        press(&fresh, .character("G"))
        #expect(screen(fresh).text == atEnd.text)
    }

    @Test func expandingEveryItemCompletesTheScreenHereAndTheRestInTheBackground() throws {
        var state = Self.river(width: 120, height: 40)
        let before = state.feeds.wrappedHere
        let effects = press(&state, .character("E"))
        #expect(state.feeds.wrappedHere - before <= 3 * 40)
        #expect(Self.backgroundWork(effects) == 1)
        #expect(screen(state).line(1).hasPrefix("▾ Item 7999 of the river"))
        Self.settle(&state, effects)
        #expect(state.feeds.wrappedHere - before <= 3 * 40)
        // Every item's whole text is measured now: more lines than collapsed (seven each).
        #expect(state.feeds.tops.last! > Self.itemCount * 7)
    }
}
