import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The Feeds tab's behaviour: merging, keys, the search, links, mouse, and state kept across
/// resizes and reloads, driven through `BrowserState` as the browser drives it.
@Suite(.needsSharedData) struct ItemListViewTests {
    static let morning = FeedsFixtures.rss("Morning", [
        (title: "M1 ten", date: "Wed, 05 Sep 2018 10:00:00 GMT", text: "first of the morning", link: "http://m.test/1"),
        (title: "M2 no date", date: nil, text: "undated", link: "http://m.test/2"),
        (title: "M3 eight", date: "Wed, 05 Sep 2018 08:00:00 GMT", text: "an older one", link: "javascript:alert(1)"),
    ])
    static let evening = FeedsFixtures.rss("Evening", [
        (title: "E1 eleven", date: "Wed, 05 Sep 2018 11:00:00 GMT", text: "the newest of all", link: "https://e.test/1"),
        (title: "E2 nine", date: "2018-09-05T09:00:00Z", text: "between the morning items", link: ""),
        (title: "E3 no date", date: nil, text: "undated too", link: "ftp://e.test/3"),
    ])

    static func twoFeeds(width: Int = 80, height: Int = 24) throws -> BrowserState {
        FeedsFixtures.browser([("morning.xml", try FeedsFixtures.parse(morning, name: "morning.xml")),
                               ("evening.xml", try FeedsFixtures.parse(evening, name: "evening.xml"))],
                              width: width, height: height)
    }

    static func titles(_ state: BrowserState) -> [String] {
        screen(state).lines.filter { $0.hasPrefix("▸") || $0.hasPrefix("▾") }.map { String($0.dropFirst(2)) }
    }

    @Test func twoFeedsMergeNewestFirstUndatedLast() throws {
        var state = try Self.twoFeeds(height: 40)
        #expect(Self.titles(state) == ["E1 eleven", "M1 ten", "E2 nine", "M3 eight", "M2 no date", "E3 no date"])
        let buffer = screen(state)
        #expect(buffer.line(2) == "│ Evening · 1 h ago")
        #expect(buffer.line(buffer.row(containing: "M3 eight")! + 1) == "  Morning · 4 h ago")
        // An undated item names its feed only.
        #expect(buffer.line(buffer.row(containing: "M2 no date")! + 1) == "  Morning")
        #expect(state.active.sourceName == "2 feeds")  // the header's right side from 87 columns (six tabs fill 80)
        press(&state, .character("G"))
        #expect(state.feeds.selectedTitle == "E3 no date")
    }

    @Test func jkNpMoveByItemAndGgGoToTheEnds() throws {
        var state = try Self.twoFeeds()
        press(&state, .character("j"))
        #expect(state.feeds.selectedTitle == "M1 ten")
        press(&state, .down, .character("n"))
        #expect(state.feeds.selectedTitle == "M3 eight")
        press(&state, .character("p"), .up)
        #expect(state.feeds.selectedTitle == "M1 ten")
        press(&state, .character("k"), .character("k"))
        #expect(state.feeds.selectedTitle == "E1 eleven")
        press(&state, .end)
        #expect(state.feeds.selectedTitle == "E3 no date")
        #expect(screen(state).line(21) == "│ undated too")
        press(&state, .home)
        #expect(state.feeds.selectedTitle == "E1 eleven")
        #expect(state.feeds.topLine == 0)
    }

    @Test func expandedItemsAndTheSelectionSurviveResize() throws {
        var state = try FeedsFixtures.nasaBrowser()
        press(&state, .character("j"), .character("j"), .character("j"), .character("j"), .enter)
        let key = try #require(state.feeds.selectedKey)
        let title = "▾ NASA Awards Contract for Earth Science Mission Hosting Services"
        let found = screen(state).row(containing: title)
        let row = try #require(found)
        // Wider and back: the item's title stays on its row.
        _ = state.update(.resize(width: 120, height: 40))
        #expect(screen(state).row(containing: title) == row)
        _ = state.update(.resize(width: 80, height: 24))
        #expect(screen(state).row(containing: title) == row)
        #expect(screen(state).line(row + 2).hasPrefix("│ NASA has awarded a contract to General Atomics of San Diego, California,"))
        // Narrower, too small, and back: still selected, still expanded, its title on screen.
        for (width, height) in [(40, 12), (33, 9), (20, 5), (100, 30), (80, 24)] {
            _ = state.update(.resize(width: width, height: height))
            #expect(state.feeds.selectedKey == key, "\(width)x\(height)")
            #expect(state.feeds.isExpanded(key))
            if !state.isTooSmall {
                #expect(screen(state).row(containing: "▾ NASA Awards Contract for") != nil, "\(width)x\(height)")
            }
        }
        // A window too short for the item shows it from its title.
        _ = state.update(.resize(width: 40, height: 12))
        #expect(screen(state).line(1).hasPrefix("▾ NASA Awards Contract for"))
    }

    @Test func aReloadKeepsExpandedItemsAndTheSelection() throws {
        var state = try FeedsFixtures.nasaBrowser()
        press(&state, .character("j"), .enter, .character("j"), .character("j"), .enter)
        let before = screen(state)
        let selected = state.feeds.selectedKey
        let expanded = state.feeds.expanded
        #expect(expanded.count == 2)
        // A reload that brought nothing tells the notify-program nothing, unless notify-always.
        #expect(!state.update(FeedsFixtures.loaded(FeedsFixtures.nasaPath, try FeedsFixtures.nasa(), at: "12:05:00")).contains { if case .notify = $0 { true } else { false } })
        #expect(state.feeds.selectedKey == selected)
        #expect(state.feeds.expanded == expanded)
        // The screen is the same but for the status line, which says what the reload brought.
        let after = screen(state)
        #expect((0..<23).allSatisfy { after.line($0) == before.line($0) })
        #expect(after.line(23) == " no new items")

        // A reload with a newer item on top: the same item stays selected, on the same row.
        let row = screen(state).row(containing: "▾ NASA Invites Media to Witness")!
        var feed = try FeedsFixtures.nasa()
        feed.feed.items.insert(FeedItem(id: "new", title: "Brand new", summary: "fresh", published: FeedsFixtures.now), at: 0)
        // The reload that brought something tells the notify-program (newsboat's) too, in the
        // words of the config's notify-format (the unread counts are the cache's: ReloadNoticeTests).
        state.notifyFormat = NotifyFormat("%d new, %D feeds with new, 100%%")
        #expect(state.update(FeedsFixtures.loaded(FeedsFixtures.nasaPath, feed, at: "12:10:00"))
                .contains(.notify("1 new, 1 feeds with new, 100%")))
        #expect(state.feeds.selectedKey == selected)
        #expect(state.feeds.itemCount == 11)
        #expect(screen(state).line(23) == " 1 new item")
        #expect(screen(state).row(containing: "▾ NASA Invites Media to Witness") == row)
        press(&state, .character("g"))
        #expect(screen(state).line(1) == "▸ Brand new")
        #expect(screen(state).line(2) == "│ NASA Breaking News · just now")
    }

    @Test func notifyAlwaysTellsOfAReloadThatBroughtNothing() throws {
        var state = try FeedsFixtures.nasaBrowser()
        state.notifyAlways = true
        state.notifyFormat = NotifyFormat("%d new in %D feeds")
        let effects = state.update(FeedsFixtures.loaded(FeedsFixtures.nasaPath, try FeedsFixtures.nasa(), at: "12:05:00"))
        #expect(effects.contains(.notify("0 new in 0 feeds")))
        #expect(screen(state).line(23) == " no new items")
    }

    @Test func aFailedFeedKeepsItsItemsAndTheOthersShow() throws {
        var state = try Self.twoFeeds()
        let broken = LoadError(source: "/feeds/evening.xml", location: SourceLocation(line: 3, column: 17), "mismatched tag")
        _ = state.update(.feedsLoaded(source: "evening.xml", .failure(broken), at: "12:30:00"))
        #expect(state.feeds.itemCount == 6)
        let buffer = screen(state)
        #expect(buffer.line(23) == " mismatched tag · /feeds/evening.xml:3:17 · 12:30:00")
        #expect(buffer.style(of: "12:30:00", row: 23) == state.theme.error)
        // A first load that fails says why on the tab, above the feeds that did load.
        _ = state.update(.feedsLoaded(source: "/feeds/missing.xml", .failure(LoadError(source: "/feeds/missing.xml", "cannot open: No such file or directory")), at: "12:31:00"))
        let failed = screen(state)
        #expect(failed.line(1) == "▸ Could not read missing.xml")
        #expect(failed.style(of: "Could not read", row: 1) == state.theme.selected(state.theme.warning))
        #expect(failed.line(3) == "│ /feeds/missing.xml: cannot open: No such file or directory")
        #expect(failed.line(5) == "▸ E1 eleven")
        // Two failing: counted, with the key of the Log that lists them, never glued together.
        #expect(failed.line(23) == " 2 feeds failing — 4 Log")
        #expect(failed.style(of: "2 feeds failing", row: 23) == state.theme.error)
        // Loaded at last: the failure gives way to the items, and the one still failing is told whole.
        _ = state.update(FeedsFixtures.loaded("/feeds/missing.xml", try FeedsFixtures.nasa(), at: "12:32:00"))
        #expect(screen(state).row(containing: "Could not read") == nil)
        #expect(state.status.failures.map(\.source) == ["evening.xml"])
        #expect(screen(state).line(23) == " mismatched tag · /feeds/evening.xml:3:17 · 12:30:00")
        #expect(state.feeds.itemCount == 16)
    }

    @Test func nothingLoadedYetSaysSo() {
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds)
        _ = state.update(.loadStarted(.feeds, source: "a.xml"))
        _ = state.update(.loadStarted(.feeds, source: "/x/b.xml"))
        var buffer = screen(state)
        #expect(buffer.line(2) == " Loading feeds…")
        #expect(buffer.line(23).hasSuffix("loading 2 feeds… (Esc cancels)"))
        _ = state.update(FeedsFixtures.loaded("a.xml", FeedParseResult(feed: Feed(format: .rss2, title: "Empty")), at: "1"))
        buffer = screen(state)
        #expect(buffer.line(23).hasSuffix("loading b.xml… (Esc cancels)"))
        _ = state.update(FeedsFixtures.loaded("/x/b.xml", FeedParseResult(feed: Feed(format: .rss2)), at: "1"))
        buffer = screen(state)
        #expect(buffer.line(2) == " No items in 2 feeds.")
        #expect(buffer.line(23) == "")
        #expect(press(&state, .enter, .character("o"), .character("j")).isEmpty)
    }

    @Test func warningsAreCountedOnTheStatusLine() throws {
        let repaired = try FeedsFixtures.parse("<rss version=\"2.0\"><channel><title>A &amp B</title><item><title>Fish & chips</title></item></channel></rss>")
        #expect(!repaired.warnings.isEmpty)
        let state = FeedsFixtures.browser([("a.xml", repaired), (FeedsFixtures.nasaPath, try FeedsFixtures.nasa())])
        let count = repaired.warnings.count
        #expect(screen(state).line(23) == " \(count) warning\(count == 1 ? "" : "s") — 4 Log")
    }

    @Test func oOpensOnlyHttpAndHttpsLinks() throws {
        var state = try Self.twoFeeds()
        #expect(press(&state, .character("o")) == [.runProgram(.open(link: "https://e.test/1"))])
        press(&state, .character("j"))
        #expect(press(&state, .character("o")) == [.runProgram(.open(link: "http://m.test/1"))])
        press(&state, .character("j"))
        #expect(press(&state, .character("o")).isEmpty)
        #expect(state.status.message == "this item has no link")
        press(&state, .character("j"))
        #expect(press(&state, .character("o")).isEmpty)
        #expect(state.status.message == "not opened: only http and https links are (javascript:alert(1))")
        #expect(screen(state).line(23) == " not opened: only http and https links are (javascript:alert(1))")
        press(&state, .character("G"))
        #expect(press(&state, .character("o")).isEmpty)
        #expect(state.status.message?.hasPrefix("not opened") == true)
    }

    @Test func searchThenNAndShiftNGoFromMatchToMatch() throws {
        var state = try FeedsFixtures.nasaBrowser()
        type(&state, "/launch")
        press(&state, .enter)
        // Titles and text both count: item 2 says "launch" in its title and text.
        #expect(state.feeds.selectedTitle == "NASA Television to Air Launch of Global Ice-Measuring Satellite")
        #expect(state.status.message == "'launch': item 1 of 3 matching")
        let buffer = screen(state)
        let row = try #require(buffer.row(containing: "▸ NASA Television"))
        #expect(buffer.style(of: "Launch", row: row) == state.theme.searchMatch)
        #expect(buffer.line(22).hasPrefix(" Enter expand  E/C all  o open  n/N match  Esc clear"))
        press(&state, .character("n"))
        #expect(state.status.message == "'launch': item 2 of 3 matching")
        // Backwards past the first match wraps round to the last.
        press(&state, .character("N"), .character("N"))
        #expect(state.status.message == "'launch': item 3 of 3 matching")
        // Esc ends the search: n moves by item again.
        press(&state, .escape)
        #expect(state.feeds.search == nil)
        let title = state.feeds.selectedTitle
        press(&state, .character("n"))
        #expect(state.feeds.selectedTitle != title)
        #expect(state.status.message == nil)
        press(&state, .character("N"))
        #expect(state.status.message == "no search: / finds text in the feeds")

        type(&state, "/zebra")
        press(&state, .enter)
        #expect(state.status.message == "no item matches 'zebra'")
        #expect(state.feeds.search == nil)
    }

    @Test func aBikesSearchDoesNotLeakIntoFeeds() throws {
        var state = try FeedsFixtures.nasaBrowser()
        press(&state, .character("1"))
        type(&state, "/april 3")
        press(&state, .enter)
        press(&state, .character("2"))
        press(&state, .character("N"))
        #expect(state.status.message == "no search: / finds text in the feeds")
        #expect(state.feeds.selectedTitle == "NASA to Host Live Chat on Successful Mission to Asteroid Belt")
    }

    @Test func pagesMoveTheViewAndTheSelectionFollows() throws {
        var state = try FeedsFixtures.nasaBrowser()
        press(&state, .pageDown)
        #expect(state.feeds.topLine == 20)
        let top = screen(state)
        // The first title on screen is selected.
        let first = try #require((1..<22).first { top.line($0).hasPrefix("▸") })
        #expect(top.style(of: "▸", row: first) == state.theme.selected(state.theme.title))
        for _ in 0..<10 { press(&state, .pageDown) }
        #expect(state.feeds.selectedTitle == "NASA Awards Electrical Systems Engineering Services Contract" || state.feeds.selected == 9)
        #expect(state.feeds.selected == 9)
        press(&state, .pageUp)
        #expect(state.feeds.selected < 9)
        for _ in 0..<10 { press(&state, .pageUp) }
        #expect(state.feeds.selected == 0)
        #expect(state.feeds.topLine == 0)
    }

    @Test func theMouseScrollsSelectsAndToggles() throws {
        var state = try FeedsFixtures.nasaBrowser()
        // A click on another item selects it; a second click opens it; a third closes it.
        _ = state.update(.mouse(MouseEvent(x: 10, y: 10, kind: .press)))
        #expect(state.feeds.selectedTitle == "NASA Television to Air Launch of Global Ice-Measuring Satellite")
        #expect(state.feeds.expanded.isEmpty)
        _ = state.update(.mouse(MouseEvent(x: 10, y: 8, kind: .press)))
        #expect(screen(state).line(8).hasPrefix("▾ NASA Television"))
        _ = state.update(.mouse(MouseEvent(x: 3, y: 9, kind: .press)))
        #expect(screen(state).line(8).hasPrefix("▸ NASA Television"))
        // The blank line between items does nothing.
        _ = state.update(.mouse(MouseEvent(x: 3, y: 7, kind: .press)))
        #expect(state.feeds.selectedTitle == "NASA Television to Air Launch of Global Ice-Measuring Satellite")
        // The wheel scrolls three lines; the selection stays while it is on screen.
        _ = state.update(.mouse(MouseEvent(x: 3, y: 5, kind: .wheelDown)))
        #expect(state.feeds.topLine == 3)
        #expect(state.feeds.selected == 1)
        for _ in 0..<5 { _ = state.update(.mouse(MouseEvent(x: 3, y: 5, kind: .wheelDown))) }
        #expect(state.feeds.topLine == 18)
        #expect(state.feeds.selected == 3)
        // Lines 18-20 are the end of item 2; item 3, selected now, starts on line 21 (row 4).
        #expect(screen(state).line(4).hasPrefix("▸ NASA Invites Media to Witness"))
        #expect(screen(state).style(of: "NASA Invites", row: 4) == state.theme.selected(state.theme.title))
    }

    @Test func collapsingAnItemReadFromTheMiddleBringsItsTitleBack() throws {
        var state = FeedsFixtures.browser([("nightvale.xml", try FeedsFixtures.file("feed-rs__rss_2.0_nightvale.xml"))])
        press(&state, .enter, .pageDown, .pageDown)
        #expect(screen(state).row(containing: "221 - The Glow Cloud") == nil)
        press(&state, .character(" "))
        #expect(screen(state).line(1) == "▸ 221 - The Glow Cloud, Explained")
    }

    @Test func helpListsTheFeedsKeys() throws {
        var state = try FeedsFixtures.nasaBrowser(width: 100, height: 40)
        press(&state, .character("?"))
        // The help is taller than the screen: read it a page at a time.
        var pages = [screen(state)]
        press(&state, .pageDown)
        pages.append(screen(state))
        let text = pages.map(\.text).joined(separator: "\n")
        // The section's heading, inside the box (the feed shows to its left and right).
        #expect(pages.contains { $0.lines.contains { String($0.dropFirst(14).prefix(72)).trimmingCharacters(in: .whitespaces) == "Feeds" } })
        #expect(text.contains("Enter Space       expand/collapse the item (a click on it too)"))
        #expect(text.contains("k ↑ p             previous item"))
        #expect(text.contains("n                 next unread item, else the next"))
        #expect(text.contains("/                 search (where the tab has one)"))
    }

    @Test func repeatedIdsAreTwoItems() throws {
        var feed = Feed(format: .rss2, title: "Dup")
        feed.items = [FeedItem(id: "same", title: "One", published: FeedsFixtures.now),
                      FeedItem(id: "same", title: "Two", published: FeedsFixtures.now)]
        var state = FeedsFixtures.browser([("dup.xml", FeedParseResult(feed: feed))])
        press(&state, .enter)
        #expect(state.feeds.expanded.count == 1)
        #expect(Self.titles(state) == ["One", "Two"])
        #expect(screen(state).line(1).hasPrefix("▾ One"))
        #expect(screen(state).line(4).hasPrefix("▸ Two"))
    }
}
