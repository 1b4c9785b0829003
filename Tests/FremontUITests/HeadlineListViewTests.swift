import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The headline list (one line an item, a window over the cache) and reading in it. The cache
/// is stood in for by `WindowAnswerer`, which answers each window the list asks for from an
/// array, as the cache's SQL does (the real cache's windows are tested in FremontSourcesTests,
/// and the two together end to end in FremontCLITests' reading tests).
@Suite(.needsSharedData) struct HeadlineListViewTests {
    /// A cache of headlines in list order (newest first): answers windows as the cache would.
    struct WindowAnswerer {
        var rows: [ItemHeadline]
        /// The largest window asked for: the list never holds more.
        var largestWindow = 0

        init(_ feeds: [(key: String, result: FeedParseResult)]) {
            var rows: [ItemHeadline] = []
            var rowid: Int64 = 0
            for feed in feeds {
                for item in feed.result.feed.items {
                    rowid += 1
                    let date = item.published ?? item.updated
                    let key = date.map { ItemSortKey.number($0.timeIntervalSince1970) } ?? .undated
                    rows.append(ItemHeadline(feed: feed.key, id: item.id, title: item.title, feedTitle: feed.result.feed.title, date: date,
                                             isRead: false, isStarred: false, cursor: ItemCursor(sortKey: key, rowid: rowid)))
                }
            }
            self.rows = rows.sorted { $0.cursor.sortKey != $1.cursor.sortKey ? $0.cursor.sortKey > $1.cursor.sortKey : $0.cursor.rowid < $1.cursor.rowid }
        }

        func matching(_ query: ItemQuery) -> [ItemHeadline] {
            switch query {
            case .all: rows
            case .unread: rows.filter { !$0.isRead }
            case .starred: rows.filter(\.isStarred)
            case .feed(let key): rows.filter { $0.feed == key }
            case .tag(_, let keys), .feeds(let keys): rows.filter { keys.contains($0.feed) }
            // The cache's full-text index finds words (ScaleCacheTests); here the titles' words.
            case .search(let text, let within):
                matching(within).filter { row in
                    let words = row.title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                    return text.lowercased().split(separator: " ").allSatisfy { word in words.contains { $0.hasPrefix(word) } }
                }
            // The cache evaluates filters in SQL (FilterSQLTests); here the few attributes a row has.
            case .filter(let expression, _):
                rows.filter { row in
                    (try? FilterMatcher(expression).matches { name in
                        switch name {
                        case "title": row.title
                        case "rssurl": row.feed
                        case "unread": row.isRead ? "no" : "yes"
                        case "flags": row.isStarred ? "s" : ""
                        default: ""
                        }
                    }) ?? false
                }
            }
        }

        mutating func window(_ request: ItemWindowRequest) -> ItemWindow {
            let rows = matching(request.query)
            let plan = request.plan(total: rows.count)
            largestWindow = max(largestWindow, plan.limit)
            let read: ArraySlice<ItemHeadline>
            switch plan.seek {
            case .start: read = rows.prefix(plan.limit)
            case .end: read = rows.suffix(plan.limit)
            case .offset(let offset): read = rows.dropFirst(offset).prefix(plan.limit)
            case .offsetFromEnd(let offset): read = rows.dropLast(offset).suffix(plan.limit)
            case .after(let cursor):
                let index = rows.firstIndex { $0.cursor == cursor }.map { $0 + 1 } ?? 0
                read = rows[index...].prefix(plan.limit)
            case .before(let cursor):
                let index = rows.firstIndex { $0.cursor == cursor } ?? rows.count
                read = rows[..<index].suffix(plan.limit)
            }
            // `highlight-article`: the first rule each row matches, as the cache says it.
            let painted = read.map { row in
                var row = row
                row.highlight = request.highlights.firstIndex { (try? FilterMatcher($0).matches { $0 == "title" ? row.title : "" }) ?? false }
                return row
            }
            return request.window(total: rows.count, read: painted)
        }

        /// Answers every window `effects` ask for, and those the answers ask for, as the
        /// browser's loader would; returns what else the effects asked.
        @discardableResult
        mutating func answer(_ state: inout BrowserState, _ effects: [BrowserEffect]) -> [BrowserEffect] {
            var queue = effects, other: [BrowserEffect] = []
            var rounds = 0
            while !queue.isEmpty, rounds < 100 {
                rounds += 1
                let effect = queue.removeFirst()
                guard case .run(let command, let address) = effect, let request = command.subject as? ItemWindowRequest else {
                    other.append(effect)
                    continue
                }
                let reply = CommandReply(key: command.key, label: command.label, result: .success(window(request)))
                queue += state.update(.replied(address, reply, at: "1"))
            }
            return other
        }

        @discardableResult
        mutating func press(_ state: inout BrowserState, _ keys: Key...) -> [BrowserEffect] {
            keys.flatMap { answer(&state, state.update(.key($0))) }
        }
    }

    static let first = "https://first.example/feed.xml"
    static let second = "https://second.example/feed.xml"

    /// A feed of `count` items, a day apart, newest first, from the day before the fixtures' "now".
    static func feed(_ title: String, count: Int, startDay: Int = 1) throws -> FeedParseResult {
        let items = (0..<count).map { index -> (title: String, date: String?, text: String, link: String) in
            let date = Date(timeIntervalSince1970: FeedsFixtures.now.timeIntervalSince1970 - Double((startDay + index) * 86_400))
            return ("\(title) item \(index + 1)", InternetDate.format(date), "Text of \(title) item \(index + 1), with <a href='https://a.example/\(index)'>a link</a>.",
                    "https://\(title.lowercased()).example/\(index)")
        }
        return try FeedsFixtures.parse(FeedsFixtures.rss(title, items))
    }

    private func browser(_ feeds: [(String, FeedParseResult)], width: Int = 120, height: Int = 40) -> (BrowserState, WindowAnswerer) {
        let list = FeedListView(feeds: feeds.map { FollowedFeed(source: $0.0) }, now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        for (source, result) in feeds {
            _ = state.update(.feedsLoaded(source: source, .success(PreparedFeed(result, source: source, readItemIDs: [])), at: "1"))
        }
        return (state, WindowAnswerer(feeds.map { (key: $0.0, result: $0.1) }))
    }

    /// The store holds a feed's counts, not its items: `*`, `e` on a row read the item from
    /// the cache and star or queue it there, the list staying (no pager opened over it).
    @Test func aKeyOnARowTheStoreDoesNotHoldReadsItThenActsInTheList() throws {
        let result = try Self.feed("First", count: 3)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 120, height: 40, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        let counts = PreparedFeed(FeedParseResult(feed: Feed(format: .rss2, title: "First", items: [])), source: Self.first, readItemIDs: [],
                                  tally: PreparedFeed.Tally(total: 3, unread: 3, newest: nil))
        _ = state.update(.feedsLoaded(source: Self.first, .success(counts), at: "1"))
        var cache = WindowAnswerer([(key: Self.first, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        var item = result.feed.items[0]
        item.enclosures = [FeedEnclosure(url: "https://first.example/episode.mp3", type: "audio/mpeg")]
        let entry = FeedEntry.opened(item, source: Self.first, feedName: "First", isUnread: true, isStarred: false)
        for key in [Key.character("*"), .character("e")] {
            #expect(commands(cache.press(&state, key)) == [ItemCommands.item(feed: Self.first, id: item.id, source: Self.first)])
            let effects = state.itemRead(entry)
            let view = try #require(state.active as? HeadlineListView)
            #expect(!view.isReading, "\(key)")
            if key == .character("*") {
                #expect(marks(effects).contains { if case .star(let starred, true) = $0 { starred.id == item.id } else { false } })
            } else {
                #expect(effects.contains { if case .run(let command, _) = $0 { command.lane == .write } else { false } }, "\(effects)")
            }
        }
    }

    @Test func aFeedShowsAnItemALine() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 40))])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        let lines = screen(state).lines
        #expect(lines[0].hasSuffix("40 items"))
        let items = lines.filter { $0.contains("First item") }
        #expect(items.count >= 36, "\(items.count) items on a 40-row screen")
        #expect(lines[1] == "●   4 Sep 12:00  First item 1")
        // Not merged: no feed column; merged lists have one.
        press(&state, .character("q"))
        cache.press(&state, .character("g"), .enter)
        #expect(screen(state).line(1).hasPrefix("●   4 Sep 12:00  First                    First item 1"))
    }

    /// The feeds file's `~Title` names the feed everywhere: the merged list's column, the header.
    @Test func aFeedIsNamedAsTheFeedsFileNamesIt() throws {
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first, title: "Mine")], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 100, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        let result = try Self.feed("First", count: 2)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(result, source: Self.first, readItemIDs: [])), at: "1"))
        var cache = WindowAnswerer([(key: Self.first, result: result)])
        cache.press(&state, .enter)
        #expect(screen(state).line(1).hasPrefix("●   4 Sep 12:00  Mine                 First item 1"))
        cache.press(&state, .enter)
        #expect(screen(state).line(1) == " Feed: Mine")
    }

    @Test func readingAnItemShowsItWholeAndMarksItRead() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 5))])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter, .character("j"))
        let effects = cache.press(&state, .enter)
        let lines = screen(state).lines
        #expect(lines[1] == " Feed: First")
        #expect(lines[2] == " Title: First item 2")
        #expect(lines[3] == " Date: Mon 3 Sep 2018 12:00 +0000")
        #expect(lines[4] == " Link: https://first.example/1")
        #expect(lines[6].hasPrefix(" Text of First item 2, with a link [1]."))
        #expect(lines.contains { $0.hasPrefix(" [1] https://a.example/1") })
        let id = state.stores.feeds.feed(source: Self.first)!.entries[1].key.id
        #expect(marks(effects).contains(.read(source: Self.first, ids: [id], read: true)))
        // A digit asks which link; Enter opens it.
        cache.press(&state, .character("1"))
        #expect(screen(state).line(38).hasPrefix(" Open link or enclosure (1–1): 1"))
        #expect(cache.press(&state, .enter).contains(.runProgram(.open(link: "https://a.example/1"))))
        // q: back to the list, on the item read, now read.
        cache.press(&state, .character("q"))
        let list = try #require(state.active as? HeadlineListView)
        #expect(list.selected == 1 && !list.isReading)
        #expect(screen(state).line(2).hasPrefix("    3 Sep 12:00  First item 2"))
        #expect(screen(state).line(1).hasPrefix("●"))
    }

    @Test func nGoesOnToTheNextUnreadItemAcrossFeeds() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 3)), (Self.second, try Self.feed("Second", count: 2, startDay: 10))])
        // Open the first feed and read its first item, then n, n, n: on into the second feed.
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter, .enter)
        var titles: [String] = [screen(state).line(2)]
        var marked = 0
        for _ in 0..<3 {
            let effects = cache.press(&state, .character("n"))
            marked += marks(effects).filter { if case .read = $0 { true } else { false } }.count
            titles.append(screen(state).line(2))
        }
        #expect(titles == [" Title: First item 1", " Title: First item 2", " Title: First item 3", " Title: Second item 1"])
        #expect(marked == 3)
        #expect((state.active as? HeadlineListView)?.listName == "Second")
        #expect(state.stores.feeds.unreadCount(source: Self.first) == 0)
        #expect(state.stores.feeds.unreadCount(source: Self.second) == 1)
        // Space at the end of an item goes on too; past the last unread item, it says so.
        cache.press(&state, .character(" "))
        #expect(screen(state).line(2) == " Title: Second item 2")
        let last = cache.press(&state, .character(" "))
        #expect(last.isEmpty && state.status.message == "no unread item further down")
    }

    /// The config's reading settings: goto-next-feed no stops at the feed's end, text-width
    /// narrows the text, datetime-format writes the dates, confirm-mark-all-feeds-read no and
    /// show-read-feeds no change the feed list.
    @Test func theConfigsReadingSettingsApply() throws {
        let reading = ReadingSettings(showReadFeeds: false, showReadArticles: false, confirmMarkAllFeedsRead: false, gotoNextFeed: false,
                                      textWidth: 20, datetimeFormat: "%Y-%m-%d %a")
        let one = try Self.feed("First", count: 1), two = try Self.feed("Second", count: 1, startDay: 3)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first), FollowedFeed(source: Self.second)], now: { FeedsFixtures.now },
                                timeZone: FeedsFixtures.utc, reading: reading)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(one, source: Self.first, readItemIDs: [])), at: "1"))
        _ = state.update(.feedsLoaded(source: Self.second, .success(PreparedFeed(two, source: Self.second, readItemIDs: [])), at: "1"))
        var cache = WindowAnswerer([(key: Self.first, result: one), (key: Self.second, result: two)])
        #expect(state.view(FeedListView.self)?.sourceName == "2 feeds · unread only")
        // show-read-articles no: All items opens on the unread, a feed on its unread (a filter).
        cache.press(&state, .enter)
        #expect((state.active as? HeadlineListView)?.query == .unread)
        cache.press(&state, .character("q"), .character("j"), .character("j"), .character("j"), .enter)
        guard case .filter? = (state.active as? HeadlineListView)?.query else { Issue.record("not the unread filter"); return }
        // (The stand-in cache answers filters with nothing: the feed's own list, to read.)
        cache.press(&state, .character("q"))
        let second = FeedListView(feeds: list.feeds, now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc,
                            reading: ReadingSettings(showReadFeeds: false, confirmMarkAllFeedsRead: false, gotoNextFeed: false, textWidth: 20,
                                                     datetimeFormat: "%Y-%m-%d %a"))
        state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: second)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(one, source: Self.first, readItemIDs: [])), at: "1"))
        _ = state.update(.feedsLoaded(source: Self.second, .success(PreparedFeed(two, source: Self.second, readItemIDs: [])), at: "1"))
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        #expect(screen(state).line(1) == "●  2018-09-04 Tue  First item 1")
        cache.press(&state, .enter)
        // Wrapped to 20 columns.
        #expect(screen(state).lines.contains(" Text of First item"))
        let end = cache.press(&state, .character("n"))
        #expect(end.isEmpty && state.status.message == "no unread item further down")
        cache.press(&state, .character("q"), .character("q"))
        // C marks at once: nothing asked. The feeds, all read, leave the unread-only list.
        #expect(marks(cache.press(&state, .character("C"))) == [.read(source: Self.second, ids: [two.feed.items[0].id], read: true)])
        cache.press(&state, .character("g"))
        #expect(!screen(state).text.contains("First") && !screen(state).text.contains("Second"))
    }

    /// An item the store does not hold is read from the cache; keys typed before it shows (a
    /// star) are done to it once it does, not lost (a tt-rss feed still syncing lost its star).
    @Test func keysTypedWhileAnItemOpensApplyToIt() throws {
        let result = try Self.feed("First", count: 2)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds,
                                 feeds: FeedListView(feeds: [FollowedFeed(source: Self.first)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        var cache = WindowAnswerer([(key: Self.first, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        let item = result.feed.items[0]
        #expect(commands(cache.press(&state, .enter)) == [ItemCommands.item(feed: Self.first, id: item.id, source: Self.first)])
        #expect(cache.press(&state, .character("*")).isEmpty)
        let entry = FeedEntry.opened(item, source: Self.first, feedName: "First", isUnread: true, isStarred: false)
        let effects = state.itemRead(entry)
        #expect(screen(state).line(2) == " Title: First item 1")
        #expect(marks(effects).contains(.read(source: Self.first, ids: [item.id], read: true)))
        #expect(marks(effects).contains { if case .star(let starred, true) = $0 { starred.id == item.id } else { false } })
    }

    /// `/` in a list: its items holding the words, as a list of its own, found by the cache's
    /// full-text index within the list's own items (not a pattern tested over every item).
    @Test func slashFindsInTheListAsAListOfItsOwn() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 5))])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter, .character("/"))
        #expect(screen(state).line(38).hasPrefix(" Find in First:"))
        type(&state, "item  2")
        let effects = state.update(.key(.enter))
        let found = try #require(state.active as? HeadlineListView)
        #expect(found.listName == "'item 2' in First")
        #expect(found.query == .search("item 2", within: .feed(Self.first)))
        #expect(!windowRequests(effects).isEmpty)
        cache.answer(&state, effects)
        #expect(screen(state).lines.filter { $0.contains("First item") }.count == 1)
    }

    /// newsboat's filters in the list: `f` picks a `define-filter` by name, `F` types one,
    /// Ctrl-F clears it; the status line says which narrows the list.
    @Test func filtersPickedTypedAndClearedNarrowTheList() throws {
        let reading = ReadingSettings(filters: [try DefinedFilter(name: "odd ones", parsing: "title =~ \"item [135]$\""),
                                                try DefinedFilter(name: "second", parsing: "title = \"First item 2\"")])
        let result = try Self.feed("First", count: 6)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc, reading: reading)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(result, source: Self.first, readItemIDs: [])), at: "1"))
        var cache = WindowAnswerer([(key: Self.first, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        #expect(screen(state).lines.filter { $0.contains("First item") }.count == 6)
        // f: the picker, the filters by name with their expressions.
        cache.press(&state, .character("f"))
        var lines = screen(state).lines
        #expect(lines[1] == " Narrow the list by the filter:")
        #expect(lines[2].hasPrefix("  odd ones") && lines[2].contains("title =~ \"item [135]$\""))
        #expect(lines[3].hasPrefix("  second"))
        cache.press(&state, .enter)
        var shown = try #require(state.active as? HeadlineListView)
        #expect(shown.query == .filter(.and(.comparison(FilterComparison("rssurl", .equals, Self.first)),
                                            .comparison(FilterComparison("title", .regexMatches, "item [135]$"))),
                                       feeds: FilterFeedList(urls: [Self.first])))
        lines = screen(state).lines
        #expect(lines.filter { $0.contains("First item") }.map { String($0.suffix(12)) } == ["First item 1", "First item 3", "First item 5"])
        #expect(lines[0].hasSuffix("3 items"))
        // The status line keeps saying it once the message is gone.
        #expect(state.status.message == "filter odd ones (Ctrl-F: every item)")
        state.status.message = nil
        #expect(screen(state).line(23).hasPrefix(" filter odd ones"))
        // Ctrl-F: every item again; and it is no longer said.
        cache.press(&state, .control("f"))
        shown = try #require(state.active as? HeadlineListView)
        #expect(shown.query == .feed(Self.first) && shown.filter == nil)
        #expect(screen(state).lines.filter { $0.contains("First item") }.count == 6)
        state.status.message = nil
        #expect(!screen(state).line(23).contains("filter"))
        #expect(cache.press(&state, .control("f")).isEmpty && state.status.message == "no filter: every item is shown")
        // F: one typed; a mistake says where, in newsboat's words, and leaves the list as it is.
        cache.press(&state, .character("F"))
        #expect(screen(state).line(22).hasPrefix(" Filter:"))
        type(&state, "title = glow")
        cache.press(&state, .enter)
        #expect(state.status.message == "filter not applied: Parse error at position 8: expected one of: quoted string, range, number in title = glow")
        #expect((state.active as? HeadlineListView)?.filter == nil)
        cache.press(&state, .character("F"))
        type(&state, "title =~ \"6\"")
        cache.press(&state, .enter)
        shown = try #require(state.active as? HeadlineListView)
        #expect(shown.filter?.text == "title =~ \"6\"" && shown.filter?.name == nil)
        #expect(screen(state).lines.filter { $0.contains("First item") }.count == 1)
        // A filter the cache refuses (an unknown attribute) gives the list back as it was.
        let refused = state.update(.key(.character("F")))
        #expect(refused.isEmpty)
        // The line starts with the filter in force: Ctrl-U empties it.
        #expect(screen(state).line(22).hasPrefix(" Filter: title =~ \"6\""))
        _ = state.update(.key(.control("u")))
        type(&state, "colour = \"red\"")
        let asked = state.update(.key(.enter))
        #expect(!windowRequests(asked).isEmpty)
        let back = state.replyToActive(key: ItemCommands.windowKey, label: ItemWindowRequest.source,
                                       Result<ItemWindow, LoadError>.failure(LoadError(source: ItemWindowRequest.source, "attribute 'colour' is not available")))
        cache.answer(&state, back)
        shown = try #require(state.active as? HeadlineListView)
        #expect(shown.filter?.text == "title =~ \"6\"")
        #expect(state.status.message == "filter not applied: attribute 'colour' is not available")
        // Without define-filter lines, f says how to make one.
        cache.press(&state, .character("q"))
    }

    /// Reading an item, `s` asks where to save it (its title as a file in the working folder
    /// first) and Ctrl-B hands it to `bookmark-cmd`: both as effects the host carries out.
    @Test func sSavesAndCtrlBBookmarksTheItemRead() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 2))], width: 80, height: 24)
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter, .enter)
        #expect(screen(state).line(2) == " Title: First item 1")
        cache.press(&state, .character("s"))
        #expect(screen(state).line(22).hasPrefix(" Save the item to: First_item_1.txt"))
        _ = state.update(.key(.control("u")))
        type(&state, "~/saved.txt")
        let saved = state.update(.key(.enter))
        guard case .saveArticle(let path, let text)? = outputs(saved).first else { Issue.record("not saved: \(saved)"); return }
        #expect(path == "~/saved.txt")
        #expect(text.hasPrefix("Feed: First\nTitle: First item 1\nDate: "))
        #expect(text.contains("\nLink: https://first.example/0\n\nText of First item 1, with a link"))
        #expect(text.hasSuffix("\nLinks:\n[1] https://a.example/0\n"))
        // A link's number typed after: the link prompt's, not a file name.
        cache.press(&state, .character("1"))
        #expect(state.update(.key(.enter)) == [.runProgram(.open(link: "https://a.example/0"))])
        let bookmarked = state.update(.key(.control("b")))
        guard case .bookmark(let item)? = outputs(bookmarked).first, bookmarked.count == 1 else { Issue.record("no bookmark: \(bookmarked)"); return }
        #expect(item.url == "https://first.example/0" && item.title == "First item 1" && item.feedTitle == "First")
        #expect(item.description.hasPrefix("Text of First item 1, with a link"))
        // Ctrl-B pages up no more here (PgUp and - do).
        #expect(state.status.message == "bookmarking 'First item 1'…")
    }

    @Test func notifyXtermPutsTheUnreadCountInTheTitle() throws {
        let result = try Self.feed("First", count: 3)
        for on in [false, true] {
            let list = FeedListView(feeds: [FollowedFeed(source: Self.first)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc,
                                    reading: ReadingSettings().with(notifyXterm: on))
            var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
            _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(result, source: Self.first, readItemIDs: [])), at: "1"))
            #expect(state.terminalTitle == (on ? "fremont: 3 unread items" : nil))
        }
        // A title is sent inside an escape sequence: nothing in it may end the sequence.
        #expect(TerminalTitle.safe("a\u{1B}]2;evil\u{07}b\nc\u{9B}d") == "a]2;evilbcd")
        #expect(TerminalTitle.sequence("x") == "\u{1B}]2;x\u{07}")
        #expect(TerminalTitle.safe(String(repeating: "é", count: 500)).count == TerminalTitle.maximumLength)
    }

    @Test func theFeedListFollowsFeedSortOrderAndOCyclesIt() throws {
        let one = try Self.feed("First", count: 1), three = try Self.feed("Second", count: 3)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first), FollowedFeed(source: Self.second)], now: { FeedsFixtures.now },
                                timeZone: FeedsFixtures.utc, reading: ReadingSettings(feedOrder: FeedOrder(.articlecount, descending: false)))
        var state = BrowserState(width: 120, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(one, source: Self.first, readItemIDs: [])), at: "1"))
        _ = state.update(.feedsLoaded(source: Self.second, .success(PreparedFeed(three, source: Self.second, readItemIDs: [])), at: "1"))
        var lines = screen(state).lines
        // articlecount-asc: most items first.
        #expect(lines[0].hasSuffix("2 feeds · by articlecount-asc"))
        #expect(lines[4].contains("Second") && lines[5].contains("First"))
        press(&state, .character("O"))
        lines = screen(state).lines
        #expect(lines[0].hasSuffix("by unreadarticlecount-desc"))
        #expect(lines[4].contains("First") && lines[5].contains("Second"))
        #expect(state.status.message == "feeds sorted by unreadarticlecount-desc")
    }

    @Test func oSortsTheListAndTheWindowAsksInThatOrder() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 3))], width: 120, height: 24)
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        let effects = state.update(.key(.character("O")))
        #expect(windowRequests(effects).contains { $0.order == ItemOrder(.date, ascending: false) })
        #expect(state.status.message == "sorted by date-desc (oldest first)")
        #expect(screen(state).line(0).contains("First · by date-desc"))
    }

    /// `highlight-article`: the rows the cache says match a rule are drawn in its colours, the
    /// first rule a row matches winning; the rules go with every window asked for.
    @Test func highlightedRowsTakeTheirRulesColours() throws {
        let highlights = [
            ArticleHighlight(text: "", expression: try FilterExpression(parsing: "title =~ \"item 2$\""), foreground: .named(1),
                             background: .default, attributes: [.bold, .blink]),
            ArticleHighlight(text: "", expression: try FilterExpression(parsing: "title =~ \"item [23]$\""), foreground: .indexed(208),
                             background: .named(4), attributes: [.standout]),
        ]
        let result = try Self.feed("First", count: 4)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.first)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc,
                                reading: ReadingSettings().with(notifyXterm: false, highlights: highlights))
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.first, .success(PreparedFeed(result, source: Self.first, readItemIDs: [])), at: "1"))
        var cache = WindowAnswerer([(key: Self.first, result: result)])
        cache.press(&state, .character("j"), .character("j"), .character("j"))
        let asked = state.update(.key(.enter))
        #expect(windowRequests(asked).contains { $0.highlights == highlights.map(\.expression) })
        cache.answer(&state, asked)
        let buffer = screen(state)
        #expect(buffer.line(2).hasSuffix("First item 2") && buffer.line(3).hasSuffix("First item 3"))
        #expect(buffer.style(of: "First item 2", row: 2) == Style(foreground: .ansi(1), attributes: [.bold]))
        #expect(buffer.style(of: "First item 3", row: 3) == Style(foreground: .indexed(208), background: .ansi(4), attributes: [.reverse]))
        // The date too: the whole row.
        #expect(buffer.styleRuns(3).contains { $0.style == Style(foreground: .indexed(208), background: .ansi(4), attributes: [.reverse]) && $0.columns.lowerBound <= 3 })
        #expect(buffer.style(of: "First item 4", row: 4) != buffer.style(of: "First item 3", row: 3))
    }

    @Test func aLongListHoldsAWindowNotEveryItem() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 5_000))], width: 80, height: 24)
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        var list = try #require(state.active as? HeadlineListView)
        #expect(list.total == 5_000 && list.window.rows.count <= 200)
        cache.press(&state, .character("G"))
        list = try #require(state.active as? HeadlineListView)
        #expect(list.selected == 4_999 && list.window.positions.contains(4_999) && list.window.rows.count < 200)
        #expect(screen(state).line(21).contains("First item 5000"))
        // A page up from the end continues from the rows held (keyset paging), and g goes home.
        cache.press(&state, .pageUp, .pageUp, .pageUp, .pageUp)
        #expect(screen(state).lines.contains { $0.contains("First item 4917") })
        cache.press(&state, .character("g"))
        #expect(screen(state).line(1).hasSuffix("First item 1"))
        #expect(cache.largestWindow <= ItemSeek.maxWindowRows)
    }

    /// A query feed's first screen comes before its count (which scans every item): the list
    /// shows it at once with "…" for the count, asks for the count apart, and takes it when it
    /// comes; `G` then goes to the real end.
    @Test func aFirstScreenComesBeforeItsCountWhichFollowsApart() throws {
        let cache = WindowAnswerer([(key: Self.first, result: try Self.feed("First", count: 600))])
        let query = ItemQuery.filter(try FilterExpression(parsing: "title =~ \"item\""), feeds: FilterFeedList())
        let rows = cache.matching(query)
        var list = HeadlineListView(query: query, title: "Matching", now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        guard case .run(let command) = list.firstLoad(), let first = command.subject as? ItemWindowRequest else {
            Issue.record("no first window asked")
            return
        }
        #expect(first.isFirstScreen)
        let area = Rect(x: 0, y: 1, width: 80, height: 22)
        // The first screen as the loader reads it without counting: its rows, the total provisional.
        let screen = first.firstScreen(total: nil, read: Array(rows.prefix(first.firstScreenLimit)))
        #expect(!screen.isCounted && screen.total == first.firstScreenLimit)
        let effects = list.receive(.windowRead(screen), in: area)
        #expect(list.isLoaded && list.headline(0)?.id == rows[0].id)
        #expect(list.sourceName.hasSuffix("… items"), "\(list.sourceName)")
        let counts = effects.compactMap { effect -> ItemWindowRequest? in
            guard case .run(let command) = effect, let request = command.subject as? ItemWindowRequest, request.isCountOnly else { return nil }
            return request
        }
        #expect(counts.count == 1 && counts.first?.query == query)
        // Marks landing meanwhile: the screen read again, uncounted; no second count runs beside the first,
        // and the first, counted before the marks, is asked again when it lands.
        let marked = Array(rows.dropFirst(100))
        let again = list.receive(.windowRead(first.firstScreen(total: nil, read: Array(marked.prefix(first.firstScreenLimit)))), in: area)
        #expect(!again.contains { if case .run(let command) = $0 { (command.subject as? ItemWindowRequest)?.isCountOnly == true } else { false } })
        let stale = list.receive(.windowRead(counts[0].window(total: rows.count, read: [])), in: area)
        #expect(!list.window.isCounted)
        #expect(stale.contains { if case .run(let command) = $0 { (command.subject as? ItemWindowRequest)?.isCountOnly == true } else { false } })
        // The count comes: the list has its real length.
        let counted = counts[0].window(total: marked.count, read: [])
        #expect(counted.isCountOnly)
        _ = list.receive(.windowRead(counted), in: area)
        #expect(list.total == 500 && list.window.isCounted && list.headline(0)?.id == marked[0].id)
        #expect(list.sourceName.hasSuffix("500 items"), "\(list.sourceName)")
    }

    /// A first screen shorter than the screen needs no count: its rows are all there is.
    @Test func aShortFirstScreenIsCountedByItsRows() throws {
        let cache = WindowAnswerer([(key: Self.first, result: try Self.feed("First", count: 30))])
        let query = ItemQuery.filter(try FilterExpression(parsing: "title =~ \"item 1\""), feeds: FilterFeedList())
        let request = ItemWindowRequest(query: query, wanted: 0..<200)
        let rows = cache.matching(query)
        let window = request.firstScreen(total: nil, read: rows)
        #expect(window.isCounted && window.total == rows.count && rows.count == 11)
    }

    @Test func nPagesOnThroughWindowsToAnUnreadItemFarDown() throws {
        var (state, cache) = browser([(Self.first, try Self.feed("First", count: 3_000))], width: 80, height: 24)
        // Every item read but the 2,900th.
        for index in cache.rows.indices where index != 2_899 { cache.rows[index].isRead = true }
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        cache.press(&state, .character("n"))
        let list = try #require(state.active as? HeadlineListView)
        #expect(list.selected == 2_899)
        #expect(screen(state).lines.contains { $0.hasPrefix("●") && $0.contains("First item 2900") })
    }
}
