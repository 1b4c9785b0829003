import Foundation
import Testing
@testable import FremontCore

/// The traps of `XMLParser` on Linux and the faults of real feeds: each is read, and each repair
/// is reported as a warning with its place.
@Suite struct FeedRecoveryTests {
    @Test func cdataArrivesThroughItsOwnCallback() throws {
        let result = try readFeed(rss("<item><description><![CDATA[<p>Hello & <b>bye</b></p>]]></description></item>"))
        #expect(result.feed.items.first?.summary == "<p>Hello & <b>bye</b></p>")
        #expect(result.warnings.isEmpty)
        // CDATA mixed with text, with whitespace around it, and in several blocks keeps its order.
        let mixed = try readFeed(rss("""
            <item><description>
              <![CDATA[<p>one</p>]]>
            </description><title>before <![CDATA[middle]]> after</title>
            <content:encoded><![CDATA[x]]><![CDATA[y]]> z</content:encoded></item>
            """, namespaces: #"xmlns:content="http://purl.org/rss/1.0/modules/content/""#))
        let item = try #require(mixed.feed.items.first)
        #expect(item.summary == "<p>one</p>")
        #expect(item.title == "before middle after")
        #expect(item.content == "xy z")
    }

    @Test func newlineBeforeTheDeclarationIsMovedAfterIt() throws {
        let result = try readFeed("\n\n" + rss("<item><title>One</title>\n<pubDate>nope</pubDate></item>"))
        #expect(result.feed.items.map(\.title) == ["One"])
        #expect(result.warnings.first?.message == "whitespace before the XML declaration (not allowed): moved after it")
        // Lines keep their numbers: the date's warning points at its real line (10 = 2 + 8).
        #expect(result.warnings.last?.location?.line == 10)
    }

    @Test func byteOrderMarkThenWhitespaceBeforeTheDeclaration() throws {
        let result = try readFeed(bytes: [0xEF, 0xBB, 0xBF, 0x20, 0x0A] + Array(rss("<item><title>One</title></item>").utf8))
        #expect(result.feed.items.map(\.title) == ["One"])
        #expect(result.warnings.count == 1)
        let plainBOM = try readFeed(bytes: [0xEF, 0xBB, 0xBF] + Array(rss("<item><title>One</title></item>").utf8))
        #expect(plainBOM.warnings.isEmpty)
    }

    @Test func htmlEntitiesBecomeCharacters() throws {
        let result = try readFeed(rss("<item><title>Caf&eacute;&nbsp;&mdash; &hellip;</title><description>a&nbsp;b</description></item>"))
        #expect(result.feed.items.first?.title == "Café\u{A0}— …")
        #expect(result.feed.items.first?.summary == "a\u{A0}b")
        let warning = try #require(result.warnings.first)
        #expect(warning.message == "HTML entity &eacute; (not declared in XML): replaced by its character (5 in all)")
        #expect(warning.location == SourceLocation(line: 7, column: 17))
    }

    @Test func bareAmpersandsAreEscaped() throws {
        let result = try readFeed(rss("<item><title>AT&T & Co</title><link>http://e/?a=1&b=2&amp;c=3</link></item>"))
        #expect(result.feed.items.first?.title == "AT&T & Co")
        #expect(result.feed.items.first?.link == "http://e/?a=1&b=2&c=3")
        #expect(result.warnings.map(\.message) == ["a bare '&' (not allowed in XML): read as '&amp;' (3 in all)"])
    }

    @Test func unknownEntitiesStayAsText() throws {
        let result = try readFeed(rss("<item><title>x &bogus; y</title></item>"))
        #expect(result.feed.items.first?.title == "x &bogus; y")
        #expect(result.warnings.map(\.message) == ["unknown entity &bogus;: kept as text"])
    }

    @Test func ampersandsInsideCDATAAndCommentsAreLeftAlone() throws {
        // A repair elsewhere must not touch CDATA: "&nbsp;" there is literal text.
        let result = try readFeed(rss("<!-- a & b --><item><title>a & b</title><description><![CDATA[&nbsp;&]]></description></item>"))
        #expect(result.feed.items.first?.summary == "&nbsp;&")
        #expect(result.feed.items.first?.title == "a & b")
    }

    @Test(arguments: [
        ("ISO-8859-1", [0xE9, 0xF8] as [UInt8], "éø"),
        ("windows-1252", [0x93, 0xE9, 0x80, 0x94], "“é€”"),
        ("windows-1251", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "Привет"),
    ])
    func declaredSingleByteEncodingsAreReadNatively(encoding: String, bytes: [UInt8], expected: String) throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><rss><channel><item><title>".utf8)
        let result = try readFeed(bytes: head + bytes + Array("</title></item></channel></rss>".utf8))
        #expect(result.feed.items.first?.title == expected)
        #expect(result.warnings.isEmpty)
    }

    @Test func invalidUTF8IsReadAsWindows1252() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss><channel><item><title>".utf8)
        let result = try readFeed(bytes: head + [0x93] + Array("caf".utf8) + [0xE9, 0x94] + Array(" ok – fine</title></item></channel></rss>".utf8))
        #expect(result.feed.items.first?.title == "“café” ok – fine")
        #expect(result.warnings.map(\.message) == ["the document says it is UTF-8 but is not: 3 bytes read as windows-1252"])
    }

    @Test func aLyingLatin1DeclarationOverUTF8IsReadAsUTF8() throws {
        // bold.dk's feed: declared ISO-8859-1, written in UTF-8. libxml2 reads it without error, as mojibake.
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><item><title>Brøndby – søndag</title></item></channel></rss>"
        let result = try readFeed(xml)
        #expect(result.feed.items.first?.title == "Brøndby – søndag")
        #expect(result.warnings.map(\.message) == ["the document says it is iso-8859-1 but is UTF-8: read as UTF-8"])
    }

    @Test func utf16IsReadNatively() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><item><title>Größe</title></item></channel></rss>"
        let result = try readFeed(bytes: Array(xml.data(using: .utf16)!))
        #expect(result.feed.items.first?.title == "Größe")
    }

    @Test func controlCharactersAreRemoved() throws {
        let result = try readFeed(rss("<item><title>bell\u{07}and\u{1B}escape</title></item>"))
        #expect(result.feed.items.first?.title == "bellandescape")
        #expect(result.warnings.map(\.message) == ["control character (not allowed in XML): removed (2 in all)"])
    }

    @Test func anItemNestedInAnItemIsReadAsTwo() throws {
        let result = try readFeed(rss("<item><title>Outer</title><item><title>Inner</title></item><link>http://e/outer</link></item>"))
        #expect(result.feed.items.map(\.title) == ["Outer", "Inner"])
        #expect(result.feed.items.first?.link == "http://e/outer")
        #expect(result.warnings.map(\.message) == ["an item inside another item: read as two items"])
    }

    @Test func anItemNeverClosedIsRecovered() throws {
        let result = try readFeed(rss("<item><title>First</title>\n<item><title>Second</title></item><item><title>Third</title></item>"))
        #expect(result.feed.items.map(\.title) == ["First", "Second", "Third"])
        #expect(result.warnings.last?.message.hasPrefix("not well-formed: ") == true)
        #expect(!result.warnings.contains { $0.message.contains("cut off") })
    }

    @Test func aDocumentCutOffKeepsTheItemsBeforeTheCut() throws {
        let whole = rss((1...5).map { "<item><title>Item \($0)</title><link>http://e/\($0)</link></item>\n" }.joined())
        let cut = String(whole[..<whole.range(of: "<title>Item 4")!.upperBound])
        let result = try readFeed(cut)
        #expect(result.feed.items.map(\.title) == ["Item 1", "Item 2", "Item 3"])
        #expect(result.feed.title == "Test feed")
        let warning = try #require(result.warnings.last)
        #expect(warning.message == "the document is cut off here: showing the 3 items complete before the cut")
        #expect(warning.location?.line == 10)
    }

    @Test func aCutInsideAnHTMLEntityStillKeepsTheItems() throws {
        let result = try readFeed(rss("<item><title>One&nbsp;two</title></item><item><title>Two</title><description>x &nb").replacingOccurrences(of: "</channel>\n</rss>", with: ""))
        #expect(result.feed.items.map(\.title) == ["One\u{A0}two"])
        #expect(result.warnings.count == 3)
    }

    @Test func documentsPastTenMegabytesStream() throws {
        // XMLParser(data:) fails on Linux past ~10 MB; the stream path does not.
        let body = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 40)
        let items = (0..<6000).map { "<item><title>Item \($0)</title><description>\(body)</description></item>\n" }.joined()
        let xml = rss(items)
        #expect(xml.utf8.count > 12_000_000)
        let result = try readFeed(xml)
        #expect(result.feed.items.count == 6000)
        #expect(result.feed.items.last?.title == "Item 5999")
    }
}
