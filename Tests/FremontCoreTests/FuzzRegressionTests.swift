import Foundation
import Testing
@testable import FremontCore

/// Inputs the fuzzers (Tests/Fuzz) found that crashed the program, each kept so it never returns.
/// A crash here takes the whole test run down, which is the point.
@Suite struct FuzzRegressionTests {
    private func bikes(_ bytes: [UInt8]) throws(ParseError) -> BikeCounts {
        try BikeDataLoader.load(.bytes(Data(bytes), name: "fuzz.xml"))
    }

    private func bikeError(_ bytes: [UInt8]) -> ParseError? {
        do {
            _ = try bikes(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Found by the bike-xml target: libxml2's recovery handed Foundation an element name with a
    /// byte that is not UTF-8, and Foundation force-unwrapped its decoding (SIGILL). Attribute
    /// names, namespace prefixes, comments and processing instructions went the same way.
    @Test(arguments: [
        "<\u{FF}grg",
        "<response><row \u{FF}=\"1\"/></response>",
        "<response xmlns:\u{FF}=\"urn:x\"></response>",
        "<response><!--\u{FF}--></response>",
        "<response><?\u{FF} x?></response>",
    ])
    func invalidUTF8InMarkupIsAnErrorNotACrash(_ template: String) throws {
        // The templates' U+00FF stands for the single byte 0xFF.
        let bytes = template.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let error = try #require(bikeError(bytes))
        #expect(error.message == "a character that XML does not allow")
        #expect(error.location?.line == 1)
        // Feeds repair such bytes as windows-1252 and read on.
        _ = try? FeedParser.parse(.bytes(Data(bytes), name: "fuzz.xml"))
    }

    /// Found by hand while fixing the above: libxml2 2.9 dereferences a null pointer when a
    /// declaration names UTF-32 (SIGSEGV), whether the document is in single bytes or UTF-16.
    @Test(arguments: ["UTF-32", "utf-32le", "UCS-4", "UTF-16"])
    func aWideLabelOnASingleByteDocumentIsReadAsUTF8(_ label: String) throws {
        let rows = "<response><row><date>2016-04-01T00:00:00</date><fremont_bridge_nb>3</fremont_bridge_nb>"
            + "<fremont_bridge_sb>4</fremont_bridge_sb></row></response>"
        let counts = try bikes(Array("<?xml version=\"1.0\" encoding=\"\(label)\"?>\(rows)".utf8))
        #expect(counts.rows.map(\.northbound) == [3])

        let feed = try readFeed("<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><item><title>caf\u{E9}</title></item></channel></rss>")
        #expect(feed.feed.items.map(\.title) == ["café"])
        #expect(feed.warnings.contains { $0.message.contains(label.lowercased()) })
    }

    @Test func theLabelIsReplacedWithoutMovingAColumn() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-32\"?><a/>".utf8)
        let rewritten = try #require(XMLDeclaration.withoutImpossibleEncoding(head))
        #expect(String(decoding: rewritten, as: UTF8.self) == "<?xml version=\"1.0\" encoding=\"UTF-8\" ?><a/>")
        #expect(XMLDeclaration.withoutImpossibleEncoding(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>".utf8)) == nil)
    }

    /// UTF-32 documents (and UTF-16 ones declared UTF-32) crashed libxml2 too: feeds are turned
    /// into UTF-8 and read; bike data says what to do.
    @Test(arguments: [String.Encoding.utf32LittleEndian, .utf32BigEndian, .utf32, .utf16BigEndian, .utf16])
    func wideDocumentsNeverReachLibxml2Unsafely(_ encoding: String.Encoding) throws {
        let label = "UTF-32"
        let feedText = "<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><item><title>a é</title></item></channel></rss>"
        let feedBytes = try #require(feedText.data(using: encoding))
        let feed = try readFeed(bytes: [UInt8](feedBytes))
        #expect(feed.feed.items.map(\.title) == ["a é"])

        let bikeText = "<?xml version=\"1.0\" encoding=\"\(label)\"?><response></response>"
        let bikeBytes = try #require(bikeText.data(using: encoding))
        let error = try #require(bikeError([UInt8](bikeBytes)))
        #expect(error.message.hasSuffix("save it as UTF-8"))
        #expect(error.location == SourceLocation(line: 1, column: 1))
    }

    /// A UTF-16 document that says UTF-16 is read, as libxml2 does it safely.
    @Test func utf16BikeDataIsRead() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><response><row><date>2016-04-01T00:00:00</date>"
            + "<fremont_bridge_nb>3</fremont_bridge_nb><fremont_bridge_sb>4</fremont_bridge_sb></row></response>"
        for encoding in [String.Encoding.utf16, .utf16BigEndian, .utf16LittleEndian] {
            let bytes = try #require(text.data(using: encoding))
            let counts = try bikes([UInt8](bytes))
            #expect(counts.rows.map(\.southbound) == [4])
        }
    }
}
