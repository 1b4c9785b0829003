import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The feed list (the Feeds tab's top level), the items it opens, and read state between them.
@Suite(.needsSharedData) struct FeedListViewTests {
    static let nasaURL = "https://www.nasa.gov/rss/dyn/breaking_news.rss"
    static let localURL = "https://local.example/feed.xml"
    static let brokenURL = "https://broken.example/feed.xml"

    private func browser(width: Int = 100, height: Int = 24) throws -> BrowserState {
        var list = FeedListView(feeds: [
            FollowedFeed(source: Self.nasaURL, title: nil, tags: ["space"]),
            FollowedFeed(source: Self.localURL, title: "My local news", tags: ["home"]),
            FollowedFeed(source: Self.brokenURL),
        ], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        // These tests read the items with their first lines (the river); HeadlineListViewTests, one line each.
        list.showsSummaries = true
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        let nasa = try FeedsFixtures.nasa()
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [nasa.feed.items[1].id])), at: "1"))
        let local = try FeedsFixtures.parse(FeedsFixtures.rss("Local", [
            (title: "Fair", date: "Tue, 04 Sep 2018 10:00:00 GMT", text: "See <a href='https://a.example/1'>one</a> and <a href='https://a.example/2'>two</a>", link: "https://local.example/fair"),
        ]).replacingOccurrences(of: "</item>", with: "<enclosure url=\"https://local.example/fair.mp3\" type=\"audio/mpeg\" length=\"1000\"/></item>"))
        _ = state.update(.feedsLoaded(source: Self.localURL, .success(PreparedFeed(local, source: Self.localURL, readItemIDs: [])), at: "1"))
        _ = state.update(.feedsLoaded(source: Self.brokenURL, .failure(LoadError(source: Self.brokenURL, kind: .httpStatus(503), "HTTP 503 Service Unavailable")), at: "1"))
        return state
    }

    private var list: (BrowserState) -> FeedListView { { $0.view(FeedListView.self)! } }

    /// A slow feed shows what the cache holds of it while it is fetched (its row was blank, and
    /// stayed so after Esc); the cache's read never replaces a fetch that came first, and a feed
    /// not cached yet is no failure.
    @Test func aSlowFeedShowsItsCachedItemsWhileItIsFetched() throws {
        var state = BrowserState(width: 100, height: 24, theme: Theme(colors: .indexed256), current: .feeds,
                                 feeds: FeedListView(feeds: [FollowedFeed(source: Self.nasaURL), FollowedFeed(source: Self.localURL)],
                                                     now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        let asked = commands(state.update(.reload(.feeds)))
        #expect(asked.filter { $0.lane == .cacheRead } == [FeedCommands.cachedFirst(Self.nasaURL), FeedCommands.cachedFirst(Self.localURL)])
        #expect(asked.filter { $0.lane == .fetch } == [FeedCommands.load(Self.nasaURL), FeedCommands.load(Self.localURL)])
        let nasa = try FeedsFixtures.nasa()
        state.reply(to: .feeds, key: FeedCommands.cachedFirst(Self.nasaURL).key, label: nil,
                    .success(FeedLoad(source: Self.nasaURL, feed: PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: []))))
        state.reply(to: .feeds, key: FeedCommands.cachedFirst(Self.localURL).key, label: nil,
                    Result<FeedLoad, LoadError>.failure(LoadError(source: Self.localURL, "not in the cache")))
        #expect(screen(state).text.contains("10/10"), "\(screen(state).text)")
        #expect(!screen(state).text.contains("✗") && state.status.failures.isEmpty)
        // The fetch lands; a late read of the cache does not undo it.
        let fewer = PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: Set(nasa.feed.items.prefix(4).map(\.id)))
        state.reply(to: .feeds, key: FeedCommands.load(Self.nasaURL).key, label: Self.nasaURL, .success(FeedLoad(source: Self.nasaURL, feed: fewer)))
        state.reply(to: .feeds, key: FeedCommands.cachedFirst(Self.nasaURL).key, label: nil,
                    .success(FeedLoad(source: Self.nasaURL, feed: PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: []))))
        #expect(state.stores.feeds.unreadCount(source: Self.nasaURL) == 6)
        // The fetch after the cache's read is the feed's first load: nothing is said to be new.
        #expect(!(state.status.message ?? "").contains("new item"), "\(state.status.message ?? "")")
    }

    /// `/` on the feed list searches every item, as newsboat's does: the words typed go to the
    /// prompt (they ran as commands), and Enter opens the matches as a list of their own.
    @Test func slashSearchesEveryItem() throws {
        var state = try browser()
        press(&state, .character("/"))
        #expect(state.searchDraft == "")
        type(&state, "asteroid")
        #expect(state.searchDraft == "asteroid")
        #expect(screen(state).line(22).hasPrefix(" Search every item:"))
        press(&state, .enter)
        let results = try #require(state.active as? HeadlineListView)
        #expect(results.query == .search("asteroid", within: .all))
        #expect(results.sourceName.hasPrefix("'asteroid' in every item"))
        press(&state, .character("q"))
        #expect(state.active is FeedListView)
    }


    @Test func everyFeedWithItsCountsTitleDateTagsAndFailure() throws {
        let state = try browser()
        let lines = screen(state).lines
        #expect(lines[0].hasSuffix("3 feeds"))
        #expect(lines[1].hasPrefix("  All items") && lines[1].contains("10/11"))
        #expect(lines[2].hasPrefix("  Unread items") && lines[2].contains("10"))
        #expect(lines[3].hasPrefix("★ Starred items"))
        #expect(lines[4].hasPrefix("● NASA Breaking News") && lines[4].contains("9/10  yesterday    space"))
        #expect(lines[5].hasPrefix("● My local news") && lines[5].contains("1/1  yesterday    home"))
        #expect(lines[6].hasPrefix("✗ feed.xml") && lines[6].contains("failed: HTTP 503 Service Unavailable"))
        #expect(lines[22].hasPrefix(" Enter open  n/p unread  A/C read  t tag"))
    }

    /// A heavy reader's counts are shown whole: the counts column widens to the largest (All
    /// items' at a million items), the columns after it still lined up.
    @Test func aMillionItemsCountsAreNeverCut() throws {
        var state = try browser(width: 120)
        let nasa = try FeedsFixtures.nasa()
        let tally = PreparedFeed.Tally(total: 1_000_000, unread: 666_666, newest: FeedsFixtures.now)
        _ = state.update(.feedsLoaded(source: Self.nasaURL, .success(PreparedFeed(nasa, source: Self.nasaURL, readItemIDs: [], tally: tally)), at: "2"))
        let lines = screen(state).lines
        #expect(lines[1].contains(" 666667/1000001"))
        #expect(lines[4].contains(" 666666/1000000  just now"))
        #expect(!lines.joined().contains("…"))
        // The date column starts at the same place on every feed's row.
        let dates = [(4, "just now"), (5, "yesterday")].map { row, date in lines[row].range(of: date).map { lines[row].distance(from: lines[row].startIndex, to: $0.lowerBound) } }
        #expect(dates[0] != nil && dates[0] == dates[1])
    }

    @Test func openingAFeedPushesItsItemsAndReadingOneCountsAtOnce() throws {
        var state = try browser()
        press(&state, .character("j"), .character("j"), .character("j"))
        press(&state, .enter)
        #expect(state.tabs[1].count == 2)
        #expect(state.active.title == "NASA Breaking News")
        #expect(state.feeds.itemCount == 10)
        #expect(screen(state).line(22).hasSuffix("q back"))
        // Reading the first item: the cache is told, and so is the list, whose count drops.
        let effects = press(&state, .enter)
        #expect(marks(effects).contains(.read(source: Self.nasaURL, ids: [try FeedsFixtures.nasa().feed.items[0].id], read: true)))
        press(&state, .character("q"))
        #expect(state.tabs[1].count == 1)
        #expect(screen(state).line(4).contains("8/10"))
        #expect(screen(state).line(1).contains("9/11"))
        // r in an opened feed reloads that feed; R, every feed.
        press(&state, .enter)
        #expect(commands(press(&state, .character("r"))) == [FeedCommands.load(Self.nasaURL, whole: true)])
        #expect(commands(press(&state, .character("R"))).compactMap(\.label) == state.view(FeedListView.self)?.feeds.map(\.source))
    }

    @Test func markingReadTagsAndTheUnreadFilter() throws {
        var state = try browser()
        press(&state, .character("n"))  // the first feed with unread items
        #expect(list(state).list.selected == 3)
        let effects = press(&state, .character("A"))
        #expect(effects.count == 1)
        guard case .read(let source, let ids, true)? = marks(effects).first else { Issue.record("no mark"); return }
        #expect(source == Self.nasaURL && ids.count == 9)
        #expect(screen(state).line(4).contains("0/10"))
        press(&state, .character("U"))  // only feeds with unread items
        #expect(screen(state).line(4).hasPrefix("● My local news"))
        press(&state, .character("U"))
        // t: a picker of the tags, every feed first; Enter shows only the chosen tag's feeds.
        press(&state, .character("t"))
        #expect(screen(state).line(1) == " Show the feeds tagged:")
        #expect(screen(state).line(2).hasPrefix("  every feed") && screen(state).line(2).hasSuffix("3 feeds"))
        #expect(screen(state).line(3).hasPrefix("  space") && screen(state).line(3).hasSuffix("1 feed"))
        #expect(screen(state).line(4).hasPrefix("  home"))
        press(&state, .character("j"), .enter)
        #expect(screen(state).line(4).hasPrefix("  NASA Breaking News"))
        #expect(!screen(state).text.contains("My local news"))
        #expect(screen(state).line(0).hasSuffix("3 feeds · tag space"))
        #expect(state.status.message == "only feeds tagged space (Ctrl-T: every feed)")
        press(&state, .control("t"))  // every feed again
        #expect(screen(state).text.contains("My local news") && screen(state).text.contains("NASA"))
        // C asks first: n leaves everything; y marks.
        #expect(press(&state, .character("C")).isEmpty)
        #expect(state.status.message == "Mark all 1 unread items of every feed read? y/n")
        #expect(press(&state, .character("n")).isEmpty && screen(state).line(1).contains("1/11"))
        press(&state, .character("C"))
        #expect(press(&state, .character("y")).count == 1)  // only the local feed had unread left
        #expect(screen(state).line(1).contains("0/11"))
    }

    @Test func linksAndEnclosuresOpenByNumberAndPlay() throws {
        var state = try browser()
        press(&state, .character("j"), .character("j"), .character("j"), .character("j"), .enter)
        #expect(state.active.title == "My local news")
        press(&state, .enter)  // expanded: its links and enclosure, numbered
        let text = screen(state).text
        #expect(text.contains("[1] https://a.example/1"))
        #expect(text.contains("[2] https://a.example/2"))
        #expect(text.contains("[3] https://local.example/fair.mp3 (audio/mpeg, 1000 bytes)"))
        press(&state, .character("L"))
        #expect(screen(state).line(22).hasPrefix(" Open link or enclosure (1–3):"))
        type(&state, "2")
        #expect(press(&state, .enter) == [.runProgram(.open(link: "https://a.example/2"))])
        press(&state, .character("L"))
        type(&state, "3")
        #expect(press(&state, .enter) == [.runProgram(.play(link: "https://local.example/fair.mp3"))])
        press(&state, .character("L"))
        type(&state, "9")
        #expect(press(&state, .enter) == [])
        #expect(state.status.message == "no link 9 in this item")
        #expect(press(&state, .character("P")) == [.runProgram(.play(link: "https://local.example/fair.mp3"))])
        // u marks it unread again, and the list hears of it.
        let effects = press(&state, .character("u"))
        #expect(marks(effects) == [.read(source: Self.localURL, ids: [state.feeds.selectedKey!.id], read: false)] && effects.count == 1)
        press(&state, .character("q"))
        #expect(screen(state).line(5).contains("1/1"))
    }

    @Test func starringKeepsACopyListedUnderStarred() throws {
        var state = try browser()
        press(&state, .character("j"), .character("j"), .character("j"), .character("j"), .enter)
        let effects = press(&state, .character("s"))
        guard case .star(let item, true)? = marks(effects).first else { Issue.record("no star: \(effects)"); return }
        #expect(item.source == Self.localURL && item.title == "Fair" && item.links == ["https://a.example/1", "https://a.example/2"])
        #expect(item.enclosures.map(\.url) == ["https://local.example/fair.mp3"])
        // Named as the feeds file names it (~Title), not by the feed's own title ("Local").
        #expect(screen(state).line(2).hasPrefix("│ ★ My local news"))
        #expect(marks(press(&state, .character("s"))) == [.star(item, false)])
        #expect(!screen(state).line(2).contains("★"))
        // Starred again: the store holds the reader's last word until a load agrees with it.
        #expect(marks(press(&state, .character("s"))) == [.star(item, true)])
        // The list's Starred row asks the cache for the starred items and shows them when they come.
        press(&state, .character("q"), .character("g"), .character("j"), .character("j"))
        #expect(commands(press(&state, .enter)).contains(FeedCommands.starred))
        #expect(state.active.title == "Starred items")
        #expect(screen(state).text.contains("Loading feeds…"))
        _ = state.update(.feedsLoaded(source: StarredItem.source, .success(PreparedFeed(starred: [item])), at: "1"))
        #expect(screen(state).line(1).contains("Fair"))
        #expect(screen(state).line(2).hasPrefix("│ ★ My local news"))
        // The feed list does not take the starred items for a feed of its own.
        press(&state, .character("q"))
        #expect(screen(state).line(1).contains("10/11"))
    }
}

@Suite(.needsSharedData) struct PreformattedTextTests {
    @Test func preKeepsItsIndentationWhenShownAndWrapped() throws {
        let html = "&lt;p&gt;Code:&lt;/p&gt;&lt;pre&gt;func a() {\n    let long = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n\treturn\n}&lt;/pre&gt;"
        let result = try FeedsFixtures.parse(FeedsFixtures.rss("Code", [(title: "Snippet", date: nil, text: html, link: "")]))
        var state = FeedsFixtures.browser([("code.xml", result)], width: 60, height: 24)
        press(&state, .enter)
        let lines = screen(state).lines
        let start = try #require(lines.firstIndex { $0.contains("func a() {") })
        #expect(lines[start] == "│ func a() {")
        #expect(lines[start + 1] == "│     let long = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,")
        #expect(lines[start + 2] == "│     13, 14, 15]")
        #expect(lines[start + 3] == "│     return")
        #expect(lines[start + 4] == "│ }")
        #expect(TextLayout.wrap("  indented text here", width: 10) == ["  indented", "  text", "  here"])
        #expect(TextLayout.wrap("        deep", width: 10) == ["deep"])  // more than half the width: not kept
        // What the property tests found: indentation never costs a character.
        #expect(TextLayout.wrap(" ！", width: 2) == ["！"])  // no room for a wide character after it
        #expect(TextLayout.wrap("  ！\u{0}\u{1F3FD}", width: 4).joined().contains("\u{1F3FD}"))
        #expect(TextLayout.wrap("  ！\u{0}\u{1F3FD}", width: 4).allSatisfy { !$0.hasPrefix(" \u{1F3FD}") })
    }
}
