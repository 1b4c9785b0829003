import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// The config's newsboat settings for filters, bookmarks and the title, as newsboat writes them.
@Suite struct PowerReaderConfigTests {
    @Test func defineFilterBookmarkCmdAndNotifyXterm() throws {
        let config = try FremontConfig.parse("""
        define-filter "Unread" "unread = \\"yes\\""
        define-filter "Old" "age > 30"
        define-filter "Unread" "unread = \\"no\\""
        define-filter "Broken" "title = glow"
        define-filter "Unknown" "colour = \\"red\\""
        define-filter "Lonely"
        bookmark-cmd "~/bin/bookmark --tag news"
        notify-xterm yes
        notify-xterm maybe
        """, name: "config")
        // Defined again: the later replaces the earlier, in its place at the end.
        #expect(config.filters.map(\.name) == ["Old", "Unread"])
        #expect(config.filters.last?.expression == .comparison(FilterComparison("unread", .equals, "no")))
        #expect(config.filters.first?.text == "age > 30")
        #expect(config.bookmarkCommand == "~/bin/bookmark --tag news")
        #expect(config.notifyXterm == true)
        #expect(config.warnings.map(\.description) == [
            "line 4: define-filter 'Broken': Parse error at position 8: expected one of: quoted string, range, number in title = glow; ignored",
            "line 5: define-filter 'Unknown': attribute 'colour' is not available; ignored",
            "line 6: define-filter takes a name and a quoted expression (define-filter \"unread\" \"unread = \\\"yes\\\"\"), not 'Lonely'; ignored",
            "line 9: notify-xterm must be yes or no, not 'maybe'; ignored",
        ])
    }

    @Test func notifyFormatAndNotifyAlways() throws {
        let config = try FremontConfig.parse("""
        notify-format "%d new articles (%n unread articles, %f unread feeds)"
        notify-always yes
        notify-format two words
        notify-always sometimes
        """, name: "config")
        #expect(config.notifyFormat == NotifyFormat("%d new articles (%n unread articles, %f unread feeds)"))
        #expect(config.notifyAlways == true)
        #expect(config.warnings.map(\.description) == [
            "line 3: notify-format takes one value, not 2 (quote it: notify-format \"two words\"); ignored",
            "line 4: notify-always must be yes or no, not 'sometimes'; ignored",
        ])
        // Not given: newsboat's default, and only reloads that brought something.
        let plain = try FremontConfig.parse("", name: "config")
        #expect(plain.notifyFormat == nil && plain.notifyAlways == nil)
    }
}
