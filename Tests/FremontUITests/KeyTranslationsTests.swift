import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// The config's `bind-key` lines: a key moved onto one of newsboat's operations does it on the
/// screens of its context, and nowhere else; the help lists the bindings in force.
@Suite(.needsSharedData) struct KeyTranslationsTests {
    @Test func aKeyTakesAnOperationInItsContext() {
        var translations = KeyTranslations()
        let bound = [
            translations.bind(.character("x"), to: "toggle-article-read", in: "articlelist"),
            translations.bind(.control("d"), to: "PageDown", in: "all"),
            translations.bind(.character("z"), to: "macro-prefix", in: "all"),
            translations.bind(.character("z"), to: "toggle-article-read", in: "feedlist"),
        ]
        #expect(bound == [true, true, false, false])
        #expect(translations.translate(.character("x"), in: "articlelist") == .character("N"))
        #expect(translations.translate(.character("x"), in: "article") == .character("x"))
        #expect(translations.translate(.control("d"), in: "feedlist") == .pageDown)
        #expect(translations.translate(.control("d"), in: "article") == .pageDown)
        #expect(translations.translate(.control("d"), in: "") == .control("d"))
        #expect(translations.bindings.map(\.operation) == ["toggle-article-read", "pagedown"])
    }

    @Test func theBrowserTranslatesBeforeTheScreenAndTheHelpSaysSo() throws {
        let source = "https://first.example/feed.xml"
        let result = try HeadlineListViewTests.feed("First", count: 3)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds,
                                 feeds: FeedListView(feeds: [FollowedFeed(source: source)], now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc))
        _ = state.update(.feedsLoaded(source: source, .success(PreparedFeed(result, source: source, readItemIDs: [])), at: "1"))
        var cache = HeadlineListViewTests.WindowAnswerer([(key: source, result: result)])
        var translations = KeyTranslations()
        _ = translations.bind(.character("x"), to: "toggle-article-read", in: "articlelist")
        state.keyTranslations = translations
        cache.press(&state, .character("j"), .character("j"), .character("j"), .enter)
        #expect(state.active.bindingContext == "articlelist")
        let effects = cache.press(&state, .character("x"))
        let id = result.feed.items[0].id
        #expect(marks(effects).contains(.read(source: source, ids: [id], read: true)))
        press(&state, .character("?"))
        let help = screen(state).text
        press(&state, .end)
        #expect((help + screen(state).text).contains("Your bindings (bind-key in the config)"))
        #expect(screen(state).text.contains("toggle-article-read (articlelist)"))
    }
}
