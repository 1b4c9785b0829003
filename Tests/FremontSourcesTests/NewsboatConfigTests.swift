import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// A config written for newsboat reads as it is: `key value` lines with quoted values beside
/// fremont's `key = value`, every shared key with newsboat's meaning, `bind-key` lines carried
/// for the browser, and each setting fremont does not have a warning that names it.
@Suite struct NewsboatConfigTests {
    @Test func newsboatsLinesAndFremontsReadAlike() throws {
        let config = try FremontConfig.parse(#"""
            # newsboat's own
            browser "w3m %u"
            player "mpv --no-video"   # podcasts
            reload-time 30
            auto-reload yes
            max-items 100
            show-read-feeds no
            show-read-articles no
            confirm-mark-all-feeds-read no
            notify-program "notify-send -a fremont"
            text-width 72
            datetime-format "%D, %R"
            keep-articles-days 30
            goto-next-feed no
            confirm-exit yes
            mouse=no
            location = 47.65, -122.35
            """#, name: "config")
        #expect(config.warnings == [])
        #expect(config.browser == "w3m %u")
        #expect(config.player == "mpv --no-video")
        #expect(config.reloadMinutes == 30 && config.autoReload == true && config.effectiveReloadMinutes == 30)
        #expect(config.maxItems == 100 && config.keepArticlesDays == 30)
        #expect(config.showReadFeeds == false && config.showReadArticles == false && config.confirmMarkAllFeedsRead == false)
        #expect(config.notifyProgram == "notify-send -a fremont")
        #expect(config.textWidth == 72 && config.datetimeFormat == "%D, %R")
        #expect(config.gotoNextFeed == false && config.confirmExit == true && config.mouse == false)
        #expect(config.location != nil)
    }

    /// Inside quotes `\"` is a quote and `\\` a backslash; a `#` inside quotes is text; the
    /// value is then split into a program's words by `ProgramCommand`.
    @Test func quotedValuesKeepTheirQuotesAndHashes() throws {
        let config = try FremontConfig.parse(#"""
            browser "lynx -cfg=\"/my cfg#1\" %u"  # a comment
            player = mpv --title="#1" --fs
            datetime-format "%a \\ %d"
            """#, name: "config")
        #expect(config.warnings == [])
        #expect(config.browser == #"lynx -cfg="/my cfg#1" %u"#)
        #expect(try ProgramCommand(parsing: config.browser!).arguments(for: "https://e.org/") == ["-cfg=/my cfg#1", "https://e.org/"])
        #expect(config.player == ##"mpv --title="#1" --fs"##)
        #expect(config.datetimeFormat == #"%a \ %d"#)
    }

    /// newsboat's `auto-reload` decides whether `reload-time` reloads at all.
    @Test(arguments: [
        ("reload-time 30", 30), ("auto-reload yes", 60), ("auto-reload no\nreload-time 30", nil),
        ("auto-reload yes\nreload-time 15", 15), ("reload-time 0", nil), ("", nil),
    ] as [(String, Int?)])
    func autoReload(_ text: String, _ minutes: Int?) throws {
        #expect(try FremontConfig.parse(text, name: "config").effectiveReloadMinutes == minutes)
    }

    @Test func bindKeyLinesAreCarriedWithTheirKeyOperationAndContext() throws {
        let config = try FremontConfig.parse("""
            bind-key j down
            bind-key ^D pagedown article
            bind-key ENTER open feedlist
            bind-key SPACE next-unread
            bind-key PAGEDOWN pagedown
            bind-key NPAGE pagedown
            bind-key F5 reload-all
            bind-key = toggle-article-read
            """, name: "config")
        #expect(config.warnings == [])
        #expect(config.keyBindings.map(\.key) == [
            .character("j"), .control("d"), .enter, .character(" "), .pageDown, .pageDown, .function(5), .character("="),
        ])
        #expect(config.keyBindings.map(\.operation) == [
            "down", "pagedown", "open", "next-unread", "pagedown", "pagedown", "reload-all", "toggle-article-read",
        ])
        #expect(config.keyBindings.map(\.context) == ["all", "article", "feedlist", "all", "all", "all", "all", "all"])
        #expect(config.keyBindings[1].location == SourceLocation(line: 2))
    }

    @Test func badBindingsAreWarningsNamingWhatIsWrong() throws {
        let config = try FremontConfig.parse("""
            bind-key NOPE quit
            bind-key j
            bind-key j down nowhere
            bind-key j "do it"
            """, name: "config")
        #expect(config.keyBindings.isEmpty)
        #expect(config.warnings.map(\.description) == [
            "line 1: bind-key: no key is named 'NOPE' (one character, ^ and a letter, ENTER, SPACE, TAB, ESC, UP, PAGEDOWN, F1 …); ignored",
            "line 2: bind-key takes a key, an operation and maybe a context (bind-key ^D pagedown article), not 'j'; ignored",
            "line 3: bind-key: no context is named 'nowhere' (all, feedlist, articlelist, article, …); ignored",
            "line 4: bind-key: 'do it' is not an operation's name; ignored",
        ])
    }

    /// What fremont does not have is named: newsboat's settings as newsboat's, anything else as
    /// unknown; bad values and lines say their line (and column, for a quote never closed).
    @Test func unsupportedSettingsAndBadLinesAreNamed() throws {
        let config = try FremontConfig.parse("""
            color background white black
            articlelist-format "%4i %f %D %?T?;%-17T;  ?%t"
            frobnicate 3
            browser w3m %u
            show-read-feeds maybe
            text-width wide
            browser "w3m %u
            """, name: "config")
        #expect(config.browser == nil && config.showReadFeeds == nil && config.textWidth == nil)
        #expect(config.warnings.map(\.description) == [
            "line 1: newsboat's 'color' is not supported; ignored",
            "line 2: newsboat's 'articlelist-format' is not supported; ignored",
            "line 3: unknown setting 'frobnicate'; ignored",
            "line 4: browser takes one value, not 2 (quote it: browser \"w3m %u\"); ignored",
            "line 5: show-read-feeds must be yes or no, not 'maybe'; ignored",
            "line 6: text-width must be a whole number of columns from 0 to 10000, not 'wide'; ignored",
            "line 7:9: a quote opened here is never closed; line ignored",
        ])
    }

    @Test(arguments: [
        ("q", KeyRebinding.Key.character("q")), ("^R", .control("r")), ("^d", .control("d")), ("ENTER", .enter),
        ("enter", .enter), ("SPACE", .character(" ")), ("TAB", .tab), ("ESC", .escape), ("BACKSPACE", .backspace),
        ("UP", .up), ("DOWN", .down), ("LEFT", .left), ("RIGHT", .right), ("PPAGE", .pageUp), ("PAGEUP", .pageUp),
        ("NPAGE", .pageDown), ("HOME", .home), ("END", .end), ("F12", .function(12)), ("^", .character("^")),
    ])
    func newsboatsKeyNames(_ name: String, _ key: KeyRebinding.Key) {
        #expect(KeyRebinding.key(named: name) == key)
    }

    @Test func namesThatAreNoKey() {
        for name in ["", " ", "^1", "F0", "F99", "CTRL-X", "\u{1B}", "jj"] { #expect(KeyRebinding.key(named: name) == nil, "\(name)") }
    }
}
