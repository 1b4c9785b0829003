import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The headline list reads ahead: the window past the screen is asked for while the screen
/// still draws from rows held, and the list's first and last screens are held beside the
/// window, so no key waits for the cache. Windows are answered when the test says (a loader
/// off the UI thread), by `HeadlineListViewTests.WindowAnswerer`.
@Suite(.needsSharedData) struct HeadlineListReadAheadTests {
    /// The browser with one feed of `count` items, its list opened and every read it asked answered.
    private func opened(count: Int) throws -> (BrowserState, HeadlineListViewTests.WindowAnswerer) {
        let source = HeadlineListViewTests.first
        let result = try HeadlineListViewTests.feed("First", count: count)
        let feeds = FeedListView(feeds: [FollowedFeed(source: source)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: feeds)
        _ = state.update(.feedsLoaded(source: source, .success(PreparedFeed(result, source: source, readItemIDs: [])), at: "1"))
        var cache = HeadlineListViewTests.WindowAnswerer([(key: source, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        return (state, cache)
    }

    private func windows(_ effects: [BrowserEffect]) -> [ItemWindowRequest] {
        windowRequests(effects)
    }

    /// The window `request` asks for lands (read by the loader meanwhile).
    private func land(_ request: ItemWindowRequest, _ state: inout BrowserState, _ cache: inout HeadlineListViewTests.WindowAnswerer)
        -> [BrowserEffect] {
        state.replyToActive(key: request.isCountOnly ? ItemCommands.countKey : ItemCommands.windowKey, .success(cache.window(request)))
    }

    /// The list's rows on screen (the header and the status lines left out).
    private func rows(_ state: BrowserState) -> [String] {
        Array(screen(state).lines[1..<(state.height - 2)])
    }

    /// The screen lacks rows (a Bool of its own: a failure then does not print the whole state).
    private func isWaiting(_ state: BrowserState) -> Bool { state.isWaitingForRows }

    private func list(_ state: BrowserState) throws -> HeadlineListView {
        try #require(state.active as? HeadlineListView)
    }

    @Test func theNextWindowIsAskedBeforeTheEdgeAndLandsWithNothingOnScreenChanged() throws {
        var (state, cache) = try opened(count: 5_000)
        var asked: [ItemWindowRequest] = []
        var presses = 0
        while asked.isEmpty, presses < 50 {
            presses += 1
            asked = windows(state.update(.key(.pageDown)))
            // Every page drew from rows held.
            #expect(!isWaiting(state))
            #expect(!rows(state).contains { $0.contains("…") })
        }
        let before = try list(state)
        let request = try #require(asked.first)
        #expect(asked.count == 1)
        // Asked while the screen is held, for rows past the window's edge.
        #expect(before.window.positions.contains(before.selected))
        #expect(request.wanted.upperBound > before.window.positions.upperBound)
        // Nothing waits for it: no spinner on the status line while it is read.
        #expect(request.isReadAhead && ItemCommands.window(request).label == nil)
        // The person goes on meanwhile, from rows held; nothing more is asked while one read is on its way.
        #expect(windows(state.update(.key(.character("j")))).isEmpty)
        #expect(windows(state.update(.key(.character("j")))).isEmpty)
        let shown = rows(state)
        let selected = try list(state).selected
        let selectedID = try #require(try list(state).headline(selected)?.id)
        _ = land(request, &state, &cache)
        let after = try list(state)
        #expect(after.window.positions != before.window.positions && after.window.positions.contains(selected))
        #expect(rows(state) == shown)
        #expect(after.selected == selected && after.headline(selected)?.id == selectedID)
    }

    @Test func gAndGDrawRealRowsAtOnceFromTheEndsHeld() throws {
        var (state, cache) = try opened(count: 5_000)
        let opened = try list(state)
        #expect(opened.head?.positions == 0..<50 && opened.tail?.positions == 4_950..<5_000)
        // G draws the last screen from the end held; the window around it is read ahead.
        let toEnd = windows(state.update(.key(.character("G"))))
        #expect(!isWaiting(state))
        #expect(rows(state).last?.contains("First item 5000") ?? false)
        #expect(!rows(state).contains { $0.contains("…") })
        #expect(toEnd.count == 1 && toEnd[0].wanted.upperBound >= 5_000 && toEnd[0].isReadAhead)
        let landed = land(toEnd[0], &state, &cache)
        cache.answer(&state, landed)
        #expect(try list(state).window.positions.contains(4_999))
        // g draws the first screen from the other end.
        let toTop = windows(state.update(.key(.character("g"))))
        #expect(!isWaiting(state))
        #expect(rows(state).first?.hasSuffix("First item 1") ?? false)
        #expect(toTop.count == 1)
    }

    @Test func aWindowLandingAfterThePersonMovedOnLeavesTheSelection() throws {
        var (state, cache) = try opened(count: 5_000)
        // G: the window around the end is on its way; g goes back to the top before it lands.
        let toEnd = try #require(windows(state.update(.key(.character("G")))).first)
        #expect(windows(state.update(.key(.character("g")))).isEmpty)
        let shown = rows(state)
        let next = windows(land(toEnd, &state, &cache))
        let list = try list(state)
        #expect(list.selected == 0 && list.headline(0)?.title == "First item 1")
        #expect(rows(state) == shown && !isWaiting(state))
        // The window held still has the screen: kept, nothing asked again.
        #expect(next.isEmpty && list.window.positions.contains(0))
    }

    @Test func aRefreshOrAMarkDropsTheEndsHeld() throws {
        var (state, cache) = try opened(count: 5_000)
        #expect(try list(state).tail != nil)
        // A: every item marked; the ends were read before the marks.
        cache.answer(&state, state.update(.key(.character("A"))))
        #expect(try list(state).head == nil && list(state).tail == nil)
        // The items change (ten went) and the feed's load says so: the list is read again, its ends with it.
        cache.rows.removeLast(10)
        let source = HeadlineListViewTests.first
        cache.answer(&state, state.update(.feedsLoaded(source: source, .success(PreparedFeed(try HeadlineListViewTests.feed("First", count: 4_990),
                                                                                          source: source, readItemIDs: [])), at: "2")))
        let refreshed = try list(state)
        #expect(refreshed.total == 4_990 && refreshed.tail?.positions == 4_940..<4_990)
        _ = state.update(.key(.character("G")))
        #expect(!isWaiting(state))
        #expect(rows(state).last?.contains("First item 4990") ?? false)
    }
}
