import Foundation
import FremontCore
@testable import FremontUI

/// Feeds for the Feeds tab tests: real ones from `../shared/data/feeds/real` beside the
/// checkout, small ones written in the test, and a fixed "now" in UTC so relative dates hold.
enum FeedsFixtures {
    static let real = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/feeds/real").path
    static let nasaPath = real + "/nasa__breaking_news_2018-09-05.rss"

    /// Noon UTC the day after NASA's newest item (22:48 on 4 September 2018).
    static let now = InternetDate.parse("2018-09-05T12:00:00Z")!
    static let utc = TimeZone(identifier: "UTC")!

    static func nasa() throws -> FeedParseResult { try FeedParser.parse(.file(nasaPath)) }

    static func file(_ name: String) throws -> FeedParseResult { try FeedParser.parse(.file(real + "/" + name)) }

    static func parse(_ xml: String, name: String = "test.xml") throws -> FeedParseResult {
        try FeedParser.parse(.string(xml, name: name))
    }

    /// An RSS 2.0 feed of `items` (title, pubDate or nil, description, link).
    static func rss(_ title: String, _ items: [(title: String, date: String?, text: String, link: String)]) -> String {
        var xml = "<rss version=\"2.0\"><channel><title>\(title)</title><link>http://example.com/</link>"
        for (index, item) in items.enumerated() {
            xml += "<item><guid isPermaLink=\"false\">\(title)-\(index)</guid><title>\(item.title)</title>"
            if let date = item.date { xml += "<pubDate>\(date)</pubDate>" }
            xml += "<description>\(item.text)</description><link>\(item.link)</link></item>"
        }
        return xml + "</channel></rss>"
    }

    /// A browser on the Feeds tab with `feeds` loaded (source name, parse result), in order.
    static func browser(_ feeds: [(String, FeedParseResult)], width: Int = 80, height: Int = 24,
                        colors: ColorSupport = .indexed256) -> BrowserState {
        var state = BrowserState(width: width, height: height, theme: Theme(colors: colors), current: .feeds,
                                 feeds: ItemListView(now: { now }, timeZone: utc))
        for (source, result) in feeds { _ = state.update(loaded(source, result)) }
        return state
    }

    /// The event a finished load sends: the feed prepared for `source`, as the loader does it.
    static func loaded(_ source: String, _ result: FeedParseResult, at time: String = "12:00:00") -> BrowserEvent {
        .feedsLoaded(source: source, .success(PreparedFeed(result, source: source)), at: time)
    }

    static func nasaBrowser(width: Int = 80, height: Int = 24, colors: ColorSupport = .indexed256) throws -> BrowserState {
        browser([(nasaPath, try nasa())], width: width, height: height, colors: colors)
    }
}

extension ScreenBuffer {
    /// Every row's text, as an array.
    var lines: [String] { (0..<height).map(line) }
}
