import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The Feeds tab drawn: whole rows at 80×24, 120×40 and 40×12, the selected item's styles,
/// expanding in place, wide characters and hostile text.
@Suite(.needsSharedData) struct ItemListRenderingTests {
    @Test func at80x24() throws {
        let state = try FeedsFixtures.nasaBrowser()
        let buffer = screen(state)
        let lines = buffer.lines
        #expect(lines[0] == " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  nasa__breaking_new…")
        #expect(Array(lines[1...8]) == [
            "▸ NASA to Host Live Chat on Successful Mission to Asteroid Belt",
            "│ NASA Breaking News · yesterday",
            "│ NASA’s Jet Propulsion Laboratory (JPL) will host a live-streamed Science",
            "│ Chat at 2 p.m. EDT Friday, Sept. 7, during which experts will talk about",
            "│ the role of the agency’s Dawn spacecraft in studying the beginning of our",
            "│ solar system, and the approaching end of its 11-year mission.",
            "",
            "▸ NASA Television to Air Launch of Global Ice-Measuring Satellite",
        ])
        #expect(lines[16] == "  NASA Breaking News · 5 days ago")
        #expect(lines[21] == String(repeating: " ", count: 79) + "▼")
        #expect(lines[22] == " Enter expand  E/C all  o open  n/p item  / find  ? help  q quit")
        #expect(lines.count == 24)
    }

    @Test func at120x40ShowsMoreItemsOnLongerLines() throws {
        let buffer = screen(try FeedsFixtures.nasaBrowser(width: 120, height: 40))
        #expect(buffer.line(3) == "│ NASA’s Jet Propulsion Laboratory (JPL) will host a live-streamed Science Chat at 2 p.m. EDT Friday, Sept. 7, during")
        #expect(buffer.line(24) == "▸ NASA Awards Contract for Earth Science Mission Hosting Services")
        #expect(buffer.line(25) == "  NASA Breaking News · 6 days ago")
        #expect(buffer.line(35) == "▸ Media Invited to News Conference with NASA Astronaut Anne McClain and Space Station Crewmates")
        #expect(buffer.line(37).hasSuffix("▼"))
    }

    @Test func at40x12TitlesAreCutAndTextIsMarkedWhenItGoesOn() throws {
        let buffer = screen(try FeedsFixtures.nasaBrowser(width: 40, height: 12))
        #expect(Array(buffer.lines[1...9]) == [
            "▸ NASA to Host Live Chat on Successful…",
            "│ NASA Breaking News · yesterday",
            "│ NASA’s Jet Propulsion Laboratory",
            "│ (JPL) will host a live-streamed",
            "│ Science Chat at 2 p.m. EDT Friday,",
            "│ Sept. 7, during which experts will …",
            "",
            "▸ NASA Television to Air Launch of Glo…",
            "  NASA Breaking News · yesterday       ▼",
        ])
        #expect(buffer.line(10) == " Enter expand  E/C all  ? help  q quit")
    }

    @Test func theSelectedItemIsReverseWithABarDownItsText() throws {
        let state = try FeedsFixtures.nasaBrowser()
        let buffer = screen(state)
        let theme = state.theme
        // The whole title row but the arrows' column, the ▸ included.
        let runs = buffer.styleRuns(1)
        #expect(runs[0].columns == 0..<79)
        #expect(runs[0].style == theme.selected(theme.title))
        #expect(buffer.style(of: "│", row: 3) == theme.feedMarker)
        #expect(buffer.style(of: "NASA Breaking News", row: 2) == theme.feedName)
        #expect(buffer.style(of: "yesterday", row: 2) == theme.dim)
        #expect(buffer.style(of: "NASA’s Jet", row: 3) == .plain)
        // Another item: a dim arrow, a bold title, no bar.
        #expect(buffer.style(of: "▸", row: 8) == theme.dim)
        #expect(buffer.style(of: "NASA Television", row: 8) == theme.title)
        #expect(buffer.line(9).hasPrefix("  NASA"))
        // Without colour the selection is still reverse video.
        let plain = try FeedsFixtures.nasaBrowser(colors: .none)
        #expect(screen(plain).style(of: "NASA to Host", row: 1)?.attributes.contains(.reverse) == true)
    }

    @Test func enterExpandsInPlaceAndCollapsesAgain() throws {
        var state = FeedsFixtures.browser([("nightvale.xml", try FeedsFixtures.file("feed-rs__rss_2.0_nightvale.xml")),
                                                (FeedsFixtures.nasaPath, try FeedsFixtures.nasa())])
        let before = screen(state)
        #expect(before.line(1) == "▸ 221 - The Glow Cloud, Explained")
        // Four lines of text, the blank lines between paragraphs left out; `…` says there is more.
        #expect(Array(before.lines[3...6]) == [
            "│ The University of What It Is takes a special interest in a certain glowing",
            "│ cloud.",
            "│ Weather: “Blackeyeblue“ by Shotgun Marmalade [1]",
            "│ The voice of Dr. Janet Lubelle is Janet Varney. …",
        ])
        let next = try #require(before.row(containing: "NASA to Host Live Chat"))
        #expect(next == 8)

        press(&state, .enter)
        let open = screen(state)
        #expect(open.line(1) == "▾ 221 - The Glow Cloud, Explained")
        #expect(open.line(2) == "│ Welcome to Night Vale · 1 Feb 2023 · Night Vale Presents")
        #expect(Array(open.lines[3...5]) == [
            "│ The University of What It Is takes a special interest in a certain glowing",
            "│ cloud.",
            "│",
        ])
        // The next item is pushed off the screen by the whole text.
        #expect(open.row(containing: "NASA to Host Live Chat") == nil)
        #expect(open.line(21).hasPrefix("│ Music: Disparition [7]"))

        // The links are listed under the text, then the item's own link: page down to them.
        press(&state, .pageDown)
        let links = screen(state)
        let first = links.row(containing: "[1] https://shotgunmarmalade.bandcamp.com/") ?? -1
        #expect(first > 0)
        if first > 0 {
            #expect(links.line(first) == "│ [1] https://shotgunmarmalade.bandcamp.com/")
            #expect(links.style(of: "[1]", row: first) == state.theme.dim)
            #expect(links.style(of: "https://shotgun", row: first) == state.theme.link)
        }
        press(&state, .pageDown)
        #expect(screen(state).lines.contains("│ Link: https://beta.prx.org/stories/441886"))
        // Paging through the item kept it selected.
        #expect(state.feeds.selectedTitle == "221 - The Glow Cloud, Explained")

        press(&state, .character("g"), .enter)
        let same = screen(state) == before  // text and styles; kept out of #expect, whose dump of a buffer is huge
        #expect(same)
    }

    @Test func expandAllAndCollapseAll() throws {
        var state = try FeedsFixtures.nasaBrowser()
        let before = screen(state)
        let collapsedLines = state.feeds.lineCount
        press(&state, .character("E"))
        let all = screen(state)
        #expect(all.line(1).hasPrefix("▾ NASA to Host"))
        #expect(state.feeds.lineCount > collapsedLines)
        #expect(state.feeds.expanded.count == 10)
        #expect((1..<22).filter { all.line($0).hasPrefix("▸") }.isEmpty)
        press(&state, .character("C"))
        #expect(state.feeds.expanded.isEmpty)
        #expect(state.feeds.lineCount == collapsedLines)
        let same = screen(state) == before  // text and styles; kept out of #expect, whose dump of a buffer is huge
        #expect(same)
    }

    @Test func wideTitlesNeverShiftColumns() throws {
        let feed = try FeedsFixtures.parse(FeedsFixtures.rss("新闻 📰", [
            (title: "東京で桜が満開に 🌸 今年は例年より早く、多くの人が花見を楽しんだ", date: "Wed, 05 Sep 2018 11:00:00 GMT",
             text: "日本語の本文です。これは折り返しのテストのための長い文章で、幅の広い文字が二列を占めます。", link: "http://example.com/1"),
            (title: "Plain ASCII title", date: "Wed, 05 Sep 2018 10:00:00 GMT", text: "text", link: "http://example.com/2"),
        ]))
        for (width, height) in [(80, 24), (40, 12)] {
            var state = FeedsFixtures.browser([("wide.xml", feed)], width: width, height: height)
            for expanded in [false, true] {
                if expanded { press(&state, .enter) }
                let buffer = screen(state)
                for y in 1..<(height - 2) {
                    var columns = 0
                    for x in 0..<width { columns += buffer[x, y].isContinuation ? 0 : DisplayWidth.of(buffer[x, y].text.first ?? " ") }
                    #expect(columns == width, "row \(y) at \(width) columns: \(buffer.line(y))")
                }
                #expect(buffer.line(1).hasPrefix(expanded ? "▾ 東京で桜" : "▸ 東京で桜"))
                if !expanded { #expect(buffer.line(2) == "│ 新闻 📰 · 1 h ago") }
                #expect(buffer[width - 1, height - 3].text == " " || buffer[width - 1, height - 3].text == "▼")
            }
        }
        let narrow = screen(FeedsFixtures.browser([("wide.xml", feed)], width: 40, height: 12))
        #expect(narrow.line(1) == "▸ 東京で桜が満開に 🌸 今年は例年より早…")
        #expect(DisplayWidth.of(narrow.line(1)) <= 39)
    }

    @Test func longAddressesBreakAtTheEdgeNotAfterTheirNumber() {
        var feed = Feed(format: .rss2, title: "Links")
        feed.items = [FeedItem(id: "1", title: "Long", link: "https://example.com/a/very/long/path/that/goes/on",
                               summary: "<p>See <a href=\"https://example.com/another/very/long/path/indeed\">this</a>.</p>",
                               published: FeedsFixtures.now)]
        var state = FeedsFixtures.browser([("links.xml", FeedParseResult(feed: feed))], width: 40, height: 12)
        press(&state, .enter)
        #expect(Array(screen(state).lines[3...7]) == [
            "│ See this [1].",
            "│",
            "│ [1] https://example.com/another/ver",  // 35 columns, the text's width at 40
            "│ y/long/path/indeed",
            "│ Link: https://example.com/a/very/lo",
        ])
    }

    @Test func hostileTextNeverReachesACell() throws {
        let hostile = "\u{1B}]0;owned\u{07}Evil \u{1B}[2J\u{1B}[31mred\u{202E}desrever\u{9B}1m \u{200F}x\u{07}"
        let xml = FeedsFixtures.rss("Feed \u{1B}[5mblink", [
            (title: hostile, date: "Wed, 05 Sep 2018 11:00:00 GMT",
             text: "&lt;p&gt;Para \u{1B}[1mbold\u{1B}[0m &lt;a href=\"http://x.test/\u{1B}[2J\"&gt;link&lt;/a&gt;&lt;/p&gt;", link: "http://x.test/\u{1B}]8;;evil"),
        ])
        // XML 1.0 forbids most controls; the parser's repair drops or keeps what it can. Either
        // way, what reaches the tab must be harmless.
        let feed = try FeedsFixtures.parse(xml)
        var direct = Feed(format: .rss2, title: "Feed \u{1B}[5mblink")
        direct.items = [FeedItem(id: "1", title: hostile, link: "http://x.test/\u{1B}]8;;evil",
                                 summary: "<p>Para \u{1B}[1mbold\u{1B}[0m <a href=\"http://x.test/\u{1B}[2J\">link</a></p>",
                                 published: FeedsFixtures.now.addingTimeInterval(-60), author: "\u{1B}[8mhidden")]
        for result in [feed, FeedParseResult(feed: direct)] {
            var state = FeedsFixtures.browser([("evil.xml", result)])
            press(&state, .enter)
            let buffer = screen(state)
            for cell in buffer.cells {
                #expect(!cell.text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) }, "\(cell.text.unicodeScalars.map(\.value))")
            }
            #expect(buffer.text.contains("Evil [2J[31mred"))
        }
        // Directly: the link keeps its escape out of the screen and `o` refuses it.
        var state = FeedsFixtures.browser([("evil.xml", FeedParseResult(feed: direct))])
        #expect(press(&state, .character("o")).isEmpty)
        #expect(state.status.message == "not opened: the link has control characters in it")
    }
}

/// The collapsed lines come from wrapping only the start of the text; they must be exactly the
/// first lines of the whole text wrapped.
@Suite(.needsSharedData) struct FeedPreviewTests {
    static let texts: [String] = [
        "",
        "short",
        String(repeating: "word ", count: 2_000),
        String(repeating: "antidisestablishmentarianism ", count: 50),
        String(repeating: "x", count: 500) + " tail",
        String(repeating: "東京で桜が満開に🌸", count: 40),
        String(repeating: "a\u{200B}", count: 400),
        "one\n\ntwo\n\nthree\n\nfour",
        "one\n\ntwo\n\nthree\n\nfour\n\nfive",
        "p1 " + String(repeating: "lorem ipsum ", count: 9) + "\n\np2 end",
        String(repeating: "averyveryverylongwordthatislongerthanthewholelineitself ", count: 12),
    ]

    @Test(arguments: [1, 7, 20, 35, 75, 195])
    func previewIsTheStartOfTheWholeWrap(width: Int) {
        for text in Self.texts {
            let whole = TextLayout.wrap(text, width: width).filter { !$0.isEmpty }
            let (preview, cut) = FeedEntryLines.preview(text, width: width)
            #expect(preview == Array(whole.prefix(FeedEntryLines.previewCount)), "\(text.prefix(30)) at \(width)")
            #expect(cut == (whole.count > FeedEntryLines.previewCount), "\(text.prefix(30)) at \(width)")
        }
    }
}

/// A feed wrapped on the loading thread (for the tab's area when the load started) shows just
/// as one wrapped on the UI thread; wrapped for another width, it is wrapped again.
@Suite(.needsSharedData) struct FeedsWrappedOffTheUIThreadTests {
    private func arrived(wrappedFor area: Rect?, width: Int = 80, height: Int = 24) throws -> [String] {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: .indexed256), current: .feeds,
                                 feeds: ItemListView(now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        var payload = LoadPayload.feed(PreparedFeed(try FeedsFixtures.nasa(), source: FeedsFixtures.nasaPath))
        if let area { payload = payload.laidOut(for: area) }
        _ = state.update(.loaded(.feeds, source: FeedsFixtures.nasaPath, .success(payload), at: "12:00:00"))
        _ = state.update(.key(.enter))
        _ = state.update(.key(.character("j")))
        return screen(state).lines
    }

    @Test func showsAsIfWrappedOnTheUIThread() throws {
        let onTheUIThread = try arrived(wrappedFor: nil)
        let state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256))
        #expect(try arrived(wrappedFor: state.contentArea) == onTheUIThread)
        // The window changed while the feed loaded: the lines made for 120 columns are not used.
        #expect(try arrived(wrappedFor: Rect(x: 0, y: 1, width: 120, height: 37)) == onTheUIThread)
    }

    @Test func wrappedForTheTabsTextWidth() throws {
        let area = Rect(x: 0, y: 1, width: 80, height: 21)
        guard case .feed(let feed) = LoadPayload.feed(PreparedFeed(try FeedsFixtures.nasa(), source: "nasa")).laidOut(for: area) else {
            Issue.record("not a feed")
            return
        }
        #expect(feed.wrapWidth == ItemListView.textWidth(for: area))
        #expect(feed.lines.count == feed.entries.count)
        #expect(feed.lines.allSatisfy { $0.title.allSatisfy { DisplayWidth.of($0) <= ItemListView.textWidth(for: area) } })
    }
}
