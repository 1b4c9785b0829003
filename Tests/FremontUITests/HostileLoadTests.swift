import Foundation
import Testing
import FremontCore
import FremontTestSupport
@testable import FremontUI

/// Each hostile input, loaded by the real parsers into a browser already showing good data:
/// the good data stays on screen and the status line says what went wrong, where.
@Suite(.needsSharedData) struct HostileLoadTests {
    static let doctypeBomb: String = {
        var doctype = "<!DOCTYPE root ["
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "&lol\(level - 1);"
            doctype += "<!ENTITY lol\(level) \"" + String(repeating: previous, count: 10) + "\">"
        }
        return doctype + "]>"
    }()

    static let nested = Array((String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)).utf8)
    static let bigText = [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20)

    /// Bike data that cannot be read, and the message the status line must show. (Arguments are
    /// names: the test library describes every argument, and 50 MB take minutes to describe.)
    static func bikeCase(_ name: String) -> (bytes: [UInt8], message: String) {
        switch name {
        case "exponential entities":
            (Array((doctypeBomb.replacingOccurrences(of: "root", with: "response") + "<response>&lol9;</response>").utf8),
             "refused: entity 'lol2' expands other entities")
        case "quadratic entities":
            (Array(("<!DOCTYPE response [<!ENTITY a \"" + String(repeating: "x", count: 50_000) + "\">]><response>"
                    + String(repeating: "&a;", count: 50_000) + "</response>").utf8),
             "refused: entity 'a' is 50000 bytes long")
        case "50 MB text node":
            (Array("<response><row><date>".utf8) + bigText + Array("</date></row></response>".utf8),
             "the one row could not be read: unreadable date 'xxx")
        case "100,000 nested elements":
            (Array("<response>".utf8) + nested + Array("</response>".utf8), "elements nest deeper than 64 levels")
        case "invalid UTF-8":
            (Array("<response><row><date>".utf8) + [0xFF] + Array("</date></row></response>".utf8), "the one row could not be read: unreadable date '\u{FFFD}'")
        case "NUL byte":
            (Array("<response><row>".utf8) + [0] + Array("</row></response>".utf8), "a character that XML does not allow")
        default:
            (Array("date,fremont_bridge_nb,fremont_bridge_sb\n\"".utf8) + bigText, "a record longer than 1 MB")
        }
    }

    @Test(arguments: ["exponential entities", "quadratic entities", "50 MB text node", "100,000 nested elements",
                      "invalid UTF-8", "NUL byte", "unclosed CSV quote"])
    func hostileBikeDataLeavesTheGoodTableOnScreen(name: String) throws {
        let (bytes, message) = Self.bikeCase(name)
        var state = April.browser(width: 100, height: 24)
        let result = Result { () throws(LoadError) -> SeriesTable in try SeriesLoader.load(.bytes(Data(bytes), name: "hostile")) }
        guard case .failure(let error) = result else {
            Issue.record("\(name): read without an error")
            return
        }
        _ = state.tableLoaded(source: "hostile", result, at: "12:34:56")
        let buffer = screen(state)
        #expect(state.table.times.count == 720, "\(name)")
        #expect(buffer.lines.contains { $0.hasPrefix("▼ Friday, April 1, 2016 12:00 AM") }, "\(name)")
        #expect(error.message.hasPrefix(message), "\(name): \(error.message)")
        #expect(buffer.line(23).hasSuffix(" · 12:34:56") || buffer.line(23).contains("hostile"), "\(name): \(buffer.line(23))")
        #expect(buffer.line(23).contains(String(message.prefix(40))), "\(name): \(buffer.line(23))")
    }

    static func feedCase(_ name: String) -> (bytes: [UInt8], message: String) {
        switch name {
        case "exponential entities":
            (Array((doctypeBomb.replacingOccurrences(of: "root", with: "rss") + "<rss><channel><item><title>&lol9;</title></item></channel></rss>").utf8),
             "refused: entity 'lol2' expands other entities")
        case "50 MB text node":
            (Array("<rss><channel><item><title>".utf8) + bigText + Array("</title></item></channel></rss>".utf8),
             "the document is larger than 32 MB")
        case "100,000 nested elements":
            (Array("<rss><channel>".utf8) + nested + Array("</channel></rss>".utf8), "elements nest deeper than 128 levels")
        default:
            (Array("<html><body>hello</body></html>".utf8), "not a feed")
        }
    }

    @Test(arguments: ["exponential entities", "50 MB text node", "100,000 nested elements", "not a feed at all"])
    func aHostileFeedLeavesItsLastGoodItemsOnScreen(name: String) throws {
        let (bytes, message) = Self.feedCase(name)
        var state = try FeedsFixtures.nasaBrowser(width: 100, height: 24)
        let before = screen(state).lines.filter { $0.contains("NASA") }
        #expect(!before.isEmpty)
        let result = Result { () throws(LoadError) -> FeedParseResult in try FeedParser.parse(.bytes(Data(bytes), name: FeedsFixtures.nasaPath)) }
        guard case .failure(let error) = result else {
            Issue.record("\(name): read without an error")
            return
        }
        _ = state.update(.feedsLoaded(source: FeedsFixtures.nasaPath, .failure(error), at: "12:34:56"))
        let after = screen(state)
        #expect(after.lines.filter { $0.contains("NASA") }.prefix(3) == before.prefix(3), "\(name)")
        #expect(error.message.hasPrefix(message), "\(name): \(error.message)")
        #expect(after.line(23).contains(String(message.prefix(30))), "\(name): \(after.line(23))")
    }

    @Test func aHostileForecastLeavesTheLastGoodForecastOnScreen() throws {
        var state = WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 100, height: 30)
        let before = WeatherFixtures.screen(state).lines
        let nested = "{\"currently\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        for bytes in [Array(nested.utf8), Array("{\"currently\":{\"summary\":\"a".utf8) + [0] + Array("\"}}".utf8)] {
            let result = Result { () throws(LoadError) -> Forecast in try ForecastReader.parse(bytes, name: "hostile.json") }
            guard case .failure = result else {
                Issue.record("read without an error")
                continue
            }
            _ = state.weatherLoaded(source: "hostile.json", result, at: "12:34:56")
            let after = WeatherFixtures.screen(state).lines
            #expect(Array(after.dropLast()) == Array(before.dropLast()))
            #expect(after.last?.contains(" · hostile.json") == true && after.last?.hasSuffix(" · 12:34:56") == true, "\(after.last ?? "")")
        }
    }
}

/// An item whose text runs to a megabyte expands at once: only its first 64 K characters are
/// wrapped, and a last line says how much more there is.
@Suite(.needsSharedData) struct HugeItemTests {
    @Test func aMegabyteOfTextExpandsAtOnceAndSaysWhatIsLeftOut() throws {
        let paragraphs = String(repeating: "<p>word</p>", count: 100_000)
        let result = try FeedsFixtures.parse("<rss><channel><item><title>t</title><description><![CDATA[\(paragraphs)]]></description></item></channel></rss>")
        let item = try #require(result.feed.items.first)
        let entry = FeedEntry(item: item, source: "huge.xml", feedName: "huge", occurrence: 0)
        var lines = FeedEntryLines(entry, width: 80)
        let start = DispatchTime.now()
        lines.complete(entry)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(seconds < 2, "took \(seconds) s")
        #expect(lines.text.count < 30_000)
        #expect(lines.text.last?.hasPrefix("… ") == true && lines.text.last?.hasSuffix("more not shown here (o opens the item's link)") == true,
                "\(lines.text.last ?? "")")
    }
}
