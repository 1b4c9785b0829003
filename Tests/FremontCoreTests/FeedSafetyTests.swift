import Foundation
import FremontTestSupport
import Testing
@testable import FremontCore

/// Hostile documents end in a clear error, fast, and never reach outside the document.
@Suite struct FeedSafetyTests {
    /// Nine levels of entities, each ten of the one below (10⁹ "lol"s), and a feed that uses them.
    static let laughingEntities: String = {
        var xml = ""
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            xml += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        return xml + "]><rss><channel><item><title>&lol9;</title></item></channel></rss>"
    }()

    @Test func externalEntitiesAreNeverFetched() throws {
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
        let marker = try #require(passwd.split(separator: "\n").first.map(String.init))
        let documents = [
            """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <rss><channel><title>&xxe;</title><item><title>a&xxe;b</title><description>&xxe;</description></item></channel></rss>
            """,
            """
            <?xml version="1.0"?>
            <!DOCTYPE rss SYSTEM "file:///etc/passwd">
            <rss><channel><item><title>t</title></item></channel></rss>
            """,
        ]
        for xml in documents {
            let result = try readFeed(xml)
            let everything = [result.feed.title] + result.feed.items.flatMap { [$0.title, $0.summary, $0.content] }
                + result.warnings.map(\.message)
            #expect(!everything.contains { $0.contains(marker) || $0.contains("root:") })
        }
        // A parameter entity (the out-of-band XXE route) is refused outright.
        let error = feedError("""
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY % remote SYSTEM "file:///etc/passwd"> %remote;]>
            <rss/>
            """)
        #expect(error?.message.hasPrefix("refused: the DOCTYPE declares a parameter entity") == true)
        #expect(error?.location == SourceLocation(line: 2, column: 16))
    }

    @Test func billionLaughsIsRefusedFast() throws {
        var xml = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
        xml += Self.laughingEntities
        // What the parse costs this thread: the wall clock also counts the tests running beside it.
        let (error, elapsed) = ThreadCPUTime.measure { feedError(xml) }
        #expect(error?.message == "refused: entity 'lol1' expands other entities (an entity-expansion bomb)")
        #expect(error?.source == "test.xml")
        #expect(error?.location?.line == 1)
        #expect(elapsed < .seconds(1))
    }

    @Test func aBombBeyondTheCheckedHeadIsStoppedByLibxml2() throws {
        // 70 KB of comment pushes the DOCTYPE past the head read ahead; libxml2's own guard trips.
        var xml = "<?xml version=\"1.0\"?><!--" + String(repeating: "x", count: 70_000) + "--><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        xml += Self.laughingEntities
        // What the parse costs this thread: the wall clock also counts the tests running beside it.
        let (error, elapsed) = ThreadCPUTime.measure { feedError(xml) }
        #expect(error?.message == "refused: an entity that expands without end (an entity-expansion bomb)")
        #expect(elapsed < .seconds(1))
    }

    @Test func quadraticBlowupIsRefusedFast() throws {
        let big = String(repeating: "a", count: 50_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"\(big)\">]><rss><channel><item><title>"
            + String(repeating: "&a;", count: 50_000) + "</title></item></channel></rss>"
        // What the parse costs this thread: the wall clock also counts the tests running beside it.
        let (error, elapsed) = ThreadCPUTime.measure { feedError(xml) }
        #expect(error?.message == "refused: entity 'a' is 50000 bytes long (more than 64: an entity-expansion bomb)")
        #expect(elapsed < .seconds(1))
    }

    @Test func aShortDeclaredEntityIsAllowed() throws {
        let result = try readFeed("""
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY nbsp "&#160;">]>
            <rss><channel><item><title>One</title></item></channel></rss>
            """)
        #expect(result.feed.items.map(\.title) == ["One"])
    }

    @Test func documentsPastTheSizeLimitAreRefused() throws {
        let xml = rss(String(repeating: "<item><title>x</title></item>\n", count: 1000))
        let error = feedError(xml, limits: FeedLimits(maximumBytes: 4096))
        #expect(error?.description == "test.xml: the document is larger than 4 KB, the limit for feeds")
        // The same document under the limit reads.
        #expect(try readFeed(xml).feed.items.count == 1000)
    }

    @Test func nestingPastTheDepthLimitIsRefused() throws {
        let deep = String(repeating: "<x>", count: 200) + String(repeating: "</x>", count: 200)
        let error = feedError(rss("<item>\(deep)</item>"))
        #expect(error?.message == "elements nest deeper than 128 levels, the limit for feeds")
        #expect(error?.location?.line == 7)
    }

    @Test func itemsPastTheLimitAreNotRead() throws {
        let xml = rss((1...10).map { "<item><title>\($0)</title></item>\n" }.joined())
        let result = try readFeed(xml, limits: FeedLimits(maximumItems: 4))
        #expect(result.feed.items.map(\.title) == ["1", "2", "3", "4"])
        #expect(result.warnings.map(\.message) == ["more than 4 items, the limit for a feed: the rest is not read"])
        #expect(result.warnings.first?.location?.line == 11)
    }

    @Test func whatIsNotAFeedIsNamed() throws {
        let html = feedError("<!DOCTYPE html>\n<html><head><title>Oops</title></head><body><p>Moved</body></html>")
        #expect(html?.description == "test.xml:2:6: not a feed: the root element is <html>")
        let svg = feedError("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(svg?.message == "not a feed: the root element is <svg>")
        #expect(feedError("")?.message == "not a feed: the document is empty")
        #expect(feedError("  \n ")?.message == "not a feed: the document is empty")
        #expect(feedError("{\"rows\": []}")?.message.hasPrefix("not a feed: the document is JSON, but not a JSON Feed") == true)
        let text = feedError("date,count\n2016-04-01,3\n")
        #expect(text?.message.hasPrefix("not a feed: no XML element found") == true)
        #expect(text?.location?.line == 1)
    }
}
