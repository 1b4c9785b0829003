import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// `x`: an item's full article in place of the feed's text. Its blocks laid out in the pager
/// (headings, paragraphs, nested list items, block quotes, preformatted lines, the numbered
/// links), the byline, site and date where the page states them; the key asking for it, the
/// article shown when it comes, `x` again back to the feed's text, a page with no article said.
@Suite(.needsSharedData) struct FullArticlePagerTests {
    static let feedURL = HeadlineListViewTests.first
    static let theme = Theme(colors: .indexed256)

    static func article(notArticle: String? = nil) -> FullArticle {
        FullArticle(url: "https://first.example/0", title: "First item 1", byline: "Ada Lovelace", siteName: "The Example",
                    published: "2018-09-04", blocks: [
                        ArticleBlock(.heading, "What happened", level: 2),
                        ArticleBlock(.paragraph, "The engine ran all night, and by morning the tables[1] were done."),
                        ArticleBlock(.item, "Bernoulli numbers", level: 1, marker: "• "),
                        ArticleBlock(.item, "computed one after another without a single mistake", level: 2, marker: "1. "),
                        ArticleBlock(.paragraph, "It weaves algebraic patterns.", quoteDepth: 1),
                        ArticleBlock(.preformatted, "func next() {\n    return n + 1\n}"),
                    ], links: ["https://tables.example/notes"], notArticle: notArticle, fetchedAt: FeedsFixtures.now)
    }

    private func entry() throws -> FeedEntry {
        let item = try HeadlineListViewTests.feed("First", count: 1).feed.items[0]
        return FeedEntry.opened(item, source: Self.feedURL, feedName: "First", isUnread: false, isStarred: false)
    }

    private func render(_ pager: ArticlePager, width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        pager.render(into: &buffer, area: Rect(x: 0, y: 0, width: width, height: height), theme: Self.theme)
        return buffer
    }

    @Test func theArticlesBlocksAreLaidOutInThePager() throws {
        var pager = ArticlePager(try entry(), feedName: "First")
        pager.layout(width: 36, height: 40, timeZone: FeedsFixtures.utc)
        pager.showFullArticle(Self.article())
        let buffer = render(pager, width: 39, height: 40)
        let lines = buffer.lines
        #expect(Array(lines[0..<8]) == [
            " Feed: First",
            " Title: First item 1",
            " Date: Tue 4 Sep 2018 12:00 +0000",
            " Link: https://first.example/0",
            " Byline: Ada Lovelace",
            " Site: The Example",
            " Published: 2018-09-04",
            " Full article: 36 words, read Wed 5",
        ], "\(lines)")
        #expect(lines[8] == " Sep 2018 12:00 +0000 (x: the feed's" && lines[9] == " text)" && lines[10] == "")
        let body = Array(lines[11...].prefix(while: { $0 != " Links:" }))
        #expect(body == [
            " What happened",
            "",
            " The engine ran all night, and by",
            " morning the tables[1] were done.",
            "",
            " • Bernoulli numbers",
            "",
            "   1. computed one after another",
            "      without a single mistake",
            "",
            " │ It weaves algebraic patterns.",
            "",
            " func next() {",
            "     return n + 1",
            " }",
            "",
        ], "\(lines)")
        // The heading is styled as a title; the quote's bar is dim, its words plain.
        let heading = try #require(buffer.row(containing: "What happened"))
        #expect(buffer.style(of: "What", row: heading) == Self.theme.title)
        let quote = try #require(buffer.row(containing: "It weaves"))
        #expect(buffer.style(of: "│", row: quote) == Self.theme.dim)
        // The numbered links are the article's, not the feed's.
        #expect(lines.contains(" [1] https://tables.example/notes"))
        #expect(!lines.contains { $0.contains("https://a.example/0") })
        guard case .host(.runProgram(.open(link: let opened))) = pager.answer("1", unread: false).first else {
            Issue.record("link 1 not opened")
            return
        }
        #expect(opened == "https://tables.example/notes")
        // The feed's text again: its own links.
        pager.showFullArticle(nil)
        let summary = render(pager, width: 39, height: 40).lines
        #expect(summary.contains { $0.hasPrefix(" Text of First item 1") })
        #expect(summary.contains(" [1] https://a.example/0"))
        #expect(!summary.contains { $0.contains("Byline") })
    }

    /// A preformatted line wider than the text is broken, not cut: nothing of it is lost.
    @Test func aWidePreformattedLineIsBrokenNotCut() throws {
        let wide = String(repeating: "x", count: 50)
        let lines = ArticlePager.blockLines([ArticleBlock(.preformatted, "  " + wide)], width: 20)
        #expect(lines.map(\.text).joined() == "  " + wide)
        #expect(lines.allSatisfy { $0.text.count <= 20 })
    }

    /// The headline list's feed, opened, with its first item read.
    private func reading() throws -> (BrowserState, HeadlineListViewTests.WindowAnswerer) {
        let result = try HeadlineListViewTests.feed("First", count: 3)
        let list = FeedListView(feeds: [FollowedFeed(source: Self.feedURL)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 80, height: 40, theme: Self.theme, current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: Self.feedURL, .success(PreparedFeed(result, source: Self.feedURL, readItemIDs: [])), at: "1"))
        var cache = HeadlineListViewTests.WindowAnswerer([(key: Self.feedURL, result: result)])
        cache.press(&state, .enter)
        return (state, cache)
    }

    @Test func xFetchesTheArticleShowsItAndTogglesBack() throws {
        var (state, cache) = try reading()
        cache.press(&state, .enter)
        let id = try #require(state.stores.feeds.feed(source: Self.feedURL)?.entries.first?.key.id)
        let request = FullArticleRequest(feed: Self.feedURL, id: id, link: "https://first.example/0")
        #expect(commands(cache.press(&state, .character("x"))) == [ItemCommands.fullArticle(request)])
        #expect(screen(state).lines.contains { $0.contains("reading the full article…") })
        // A second x while it comes asks for nothing more.
        #expect(cache.press(&state, .character("x")) == [])
        state.replyToActive(key: ItemCommands.articleKey, label: request.source, .success(FetchedArticle(request: request, article: Self.article())))
        var lines = screen(state).lines
        #expect(lines.contains(" What happened"))
        #expect(lines.contains(" Byline: Ada Lovelace"))
        #expect(lines.contains { $0.contains("full article: 36 words") })
        // Digits open the article's links.
        cache.press(&state, .character("1"))
        #expect(cache.press(&state, .enter).contains(.runProgram(.open(link: "https://tables.example/notes"))))
        // x: the feed's text again; x: the article again, with no fetch.
        #expect(cache.press(&state, .character("x")) == [])
        lines = screen(state).lines
        #expect(!lines.contains(" What happened") && lines.contains { $0.hasPrefix(" Text of First item 1") })
        #expect(cache.press(&state, .character("x")) == [])
        #expect(screen(state).lines.contains(" What happened"))
        // X fetches it anew.
        var again = request
        again.again = true
        #expect(commands(cache.press(&state, .character("X"))) == [ItemCommands.fullArticle(again)])
    }

    @Test func aPageWithNoArticleOrAFailedFetchLeavesTheFeedsTextAndSaysWhy() throws {
        var (state, cache) = try reading()
        cache.press(&state, .enter)
        let id = try #require(state.stores.feeds.feed(source: Self.feedURL)?.entries.first?.key.id)
        let request = FullArticleRequest(feed: Self.feedURL, id: id, link: "https://first.example/0")
        cache.press(&state, .character("x"))
        state.replyToActive(key: ItemCommands.articleKey, label: request.source,
                            .success(FetchedArticle(request: request, article: Self.article(notArticle: "it is a video, not a web page"))))
        var lines = screen(state).lines
        #expect(lines.contains { $0.hasPrefix(" Text of First item 1") } && !lines.contains(" What happened"))
        #expect(lines.contains { $0.contains("no full article: it is a video, not a web page; the feed's text stays") }, "\(lines)")
        // Asked again, it is fetched again; a failure is said, and the status line keeps it.
        #expect(commands(cache.press(&state, .character("x"))) == [ItemCommands.fullArticle(request)])
        state.replyToActive(key: ItemCommands.articleKey, label: request.source,
                            Result<FetchedArticle, LoadError>.failure(LoadError(source: request.source, "HTTP 404 Not Found")))
        lines = screen(state).lines
        #expect(lines.contains { $0.contains("no full article: HTTP 404 Not Found") }, "\(lines)")
        #expect(commands(cache.press(&state, .character("x"))) == [ItemCommands.fullArticle(request)])
    }

    /// A Search result read whole: x there too, the article asked of the Search tab's loader.
    @Test func xOnASearchResultReadShowsItsArticle() throws {
        let area = Rect(x: 0, y: 1, width: 80, height: 30)
        let entry = try entry()
        var view = ArticleView(feed: Self.feedURL, id: entry.key.id, title: entry.title, timeZone: FeedsFixtures.utc)
        #expect(view.appear().compactMap { if case .run(let command) = $0 { command } else { nil } }
            == [ItemCommands.item(feed: Self.feedURL, id: entry.key.id, source: Self.feedURL)])
        _ = view.receive(.reply(CommandReply(key: ItemCommands.itemKey, result: .success(entry))), in: area)
        let effects = view.handle(.character("x"), in: area) ?? []
        let request = FullArticleRequest(feed: Self.feedURL, id: entry.key.id, link: "https://first.example/0")
        guard case .run(let asked) = effects.first else {
            Issue.record("no command asked: \(effects)")
            return
        }
        #expect(asked == ItemCommands.fullArticle(request))
        _ = view.receive(.reply(CommandReply(key: ItemCommands.articleKey, result: .success(FetchedArticle(request: request, article: Self.article())))), in: area)
        var buffer = ScreenBuffer(width: 80, height: 32)
        view.render(into: &buffer, area: area, theme: Self.theme)
        #expect(buffer.row(containing: "What happened") != nil && buffer.row(containing: "Byline: Ada Lovelace") != nil)
        _ = view.handle(.character("x"), in: area)
        buffer = ScreenBuffer(width: 80, height: 32)
        view.render(into: &buffer, area: area, theme: Self.theme)
        #expect(buffer.row(containing: "What happened") == nil && buffer.row(containing: "Text of First item 1") != nil)
    }

    /// In the list, x reads the selected item with its full article.
    @Test func xInTheListOpensTheItemAndAsksForItsArticle() throws {
        var (state, cache) = try reading()
        cache.press(&state, .character("j"))
        let effects = cache.press(&state, .character("x"))
        let id = try #require(state.stores.feeds.feed(source: Self.feedURL)?.entries[1].key.id)
        #expect(commands(effects).contains(ItemCommands.fullArticle(FullArticleRequest(feed: Self.feedURL, id: id, link: "https://first.example/1"))))
        #expect((state.active as? HeadlineListView)?.isReading == true)
    }
}
