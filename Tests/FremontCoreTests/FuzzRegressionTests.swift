import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

/// Inputs the fuzzers (Tests/Fuzz) found that crashed the program, each kept so it never returns.
/// A crash here takes the whole test run down, which is the point.
@Suite struct FuzzRegressionTests {
    private func bikes(_ bytes: [UInt8]) throws(LoadError) -> SeriesTable {
        try SeriesLoader.load(.bytes(Data(bytes), name: "fuzz.xml"))
    }

    private func bikeError(_ bytes: [UInt8]) -> LoadError? {
        do {
            _ = try bikes(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Found by the bike-xml and feed targets: libxml2's recovery handed Foundation an element
    /// name with a byte that is not UTF-8, and Foundation force-unwrapped its decoding (SIGILL).
    /// Attribute names, namespace prefixes, comments and processing instructions went the same
    /// way. Such bytes reach libxml2 as U+FFFD now; a feed's repair reads them as windows-1252.
    @Test(arguments: [
        ("<\u{FF}grg", "not a Socrata table: the root element is <\u{FFFD}grg>, expected <response>"),
        ("<response><row \u{FF}=\"1\"/></response>", "the one row could not be read: empty row (no date, no values); row skipped"),
        ("<response xmlns:\u{FF}=\"urn:x\"></response>", nil),
        ("<response><!--\u{FF}--></response>", nil),
        ("<response><?\u{FF} x?></response>", nil),
    ])
    func invalidUTF8InMarkupIsReadOrRefusedNeverFatal(_ template: String, bikeMessage: String?) throws {
        // The templates' U+00FF stands for the single byte 0xFF.
        let bytes = template.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        #expect(bikeError(bytes)?.message == bikeMessage)
        let feed = template.replacingOccurrences(of: "response", with: "rss").unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        _ = try? FeedParser.parse(.bytes(Data(feed), name: "fuzz.xml"))
        // The feed target's input: a malformed declaration naming an unknown encoding, then 0xFF
        // in a name, read leniently after the strict pass failed.
        let minimized: [UInt8] = Array("<?xmlencoding\"d\"><".utf8) + [0xFF] + Array("e>\n".utf8)
        #expect(throws: LoadError.self) { try FeedParser.parse(.bytes(Data(minimized), name: "fuzz.xml")) }
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

    @Test func theLabelGoesWithoutMovingAColumn() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-32\"?><a/>".utf8)
        let rewritten = try #require(XMLDeclaration.withoutEncodingLabel(head))
        #expect(String(decoding: rewritten, as: UTF8.self) == "<?xml version=\"1.0\" " + String(repeating: " ", count: 17) + "?><a/>")
        // An unclosed declaration's label counts: libxml2 acts on it all the same.
        #expect(XMLDeclaration.encodingLabel(Array("<?xml version=\"1.0\" encoding=\"utf08\"".utf8)) == "utf08")
        #expect(XMLDeclaration.withoutEncodingLabel(Array("<?xml version=\"1.0\"?>".utf8)) == nil)
    }

    /// Found by the bike-xml target (`encoding="utf08"` then 0xFF), then by trying labels: libxml2
    /// crashed converting through iconv on the first byte a charset does not define, for every
    /// charset it does not handle itself (windows-125x, Shift_JIS, EUC-*, GB*, Big5, KOI8, …).
    /// Charsets are converted before libxml2 now; undefined bytes read as U+FFFD.
    @Test(arguments: ["windows-1252", "windows-1253", "shift_jis", "euc-kr", "gb18030", "big5", "iso-2022-jp", "utf-7", "utf08", "koi8-r", "iso-8859-7"])
    func bytesACharsetDoesNotDefineAreReplacedNotFatal(label: String) throws {
        for junk: [UInt8] in [[0xFF], [0x80, 0x81, 0x82], [0xC3, 0x28], [0x1B, 0x24, 0x42], [0x8E, 0xFF], [0xFE, 0xFE, 0xFE, 0xFE], [0xA1]] {
            let bytes = Array("<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><item><title>a".utf8) + junk
                + Array("</title></item></channel></rss>".utf8)
            _ = try? FeedParser.parse(.bytes(Data(bytes), name: "charset.xml"))
            _ = bikeError(bytes)
        }
        // And text in a charset still reads right.
        let text = "<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><item><title>été €5</title></item></channel></rss>"
        let encoded = try #require(text.data(using: .windowsCP1252))
        #expect(try FeedParser.parse(.bytes(encoded, name: "cp1252.xml")).feed.items.map(\.title) == ["été €5"])
    }

    private static let oneRow = "<response><row><date>2016-04-01T00:00:00</date><fremont_bridge_nb>3</fremont_bridge_nb>"
        + "<fremont_bridge_sb>4</fremont_bridge_sb></row></response>"

    /// UTF-32 documents (and UTF-16 ones declared UTF-32) crashed libxml2 too: they are turned
    /// into UTF-8 on the way in and read, feeds and bike data alike, whatever the chunk size.
    @Test(arguments: [String.Encoding.utf32LittleEndian, .utf32BigEndian, .utf32, .utf16BigEndian, .utf16LittleEndian, .utf16])
    func wideDocumentsAreReadAsUTF8(_ encoding: String.Encoding) throws {
        for label in ["UTF-32", "UTF-16"] {
            let feedText = "<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><item><title>a é 🚲</title></item></channel></rss>"
            let feedBytes = try #require(feedText.data(using: encoding))
            let feed = try readFeed(bytes: [UInt8](feedBytes))
            #expect(feed.feed.items.map(\.title) == ["a é 🚲"])

            let bikeBytes = try #require("<?xml version=\"1.0\" encoding=\"\(label)\"?>\(Self.oneRow)".data(using: encoding))
            for chunkSize in [1, 3, 4096] {
                let counts = try SeriesLoader.load(.bytes(bikeBytes, name: "wide.xml"), chunkSize: chunkSize)
                #expect(counts.rows.map(\.southbound) == [4])
            }
        }
    }

    /// Found by the bike-xml target: an unpaired surrogate in UTF-16 (`FE FF DA AE AE AE`) made
    /// libxml2 dereference a null pointer. It reads as U+FFFD now.
    @Test func anUnpairedSurrogateIsReplacedNotFatal() throws {
        #expect(bikeError([0xFE, 0xFF, 0xDA, 0xAE, 0xAE, 0xAE]) != nil)
        var text: [UInt8] = [0xFE, 0xFF]
        for unit in Array("<rss><channel><item><title>a".utf16) + [0xDAAE, 0x0062] + Array("</title></item></channel></rss>".utf16) {
            text += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let feed = try readFeed(bytes: text)
        #expect(feed.feed.items.map(\.title) == ["a\u{FFFD}b"])
        var decoder = WideTextDecoder(.utf16(bigEndian: true))
        var output: [UInt8] = []
        // A surrogate pair split between two chunks is still one character.
        ([0xD8, 0x3D, 0xDE] as [UInt8]).withUnsafeBytes { decoder.decode($0, into: &output, final: false) }
        ([0xB2] as [UInt8]).withUnsafeBytes { decoder.decode($0, into: &output, final: true) }
        #expect(String(decoding: output, as: UTF8.self) == "🚲")
    }

    /// Found by the feed target: a processing instruction without data (`<?c?>`) reached
    /// Foundation as a null pointer it read as a string (SIGSEGV). Any position, any chunking.
    @Test(arguments: [1, 2, 7, 4096])
    func processingInstructionsWithoutDataAreHarmless(chunkSize: Int) throws {
        let feed = "<?xml version=\"1.0\"?><?xml-stylesheet?><rss><?c?><channel><item><title>t<?x?>u</title></item></channel></rss>"
        let result = try FeedParser.parse(.bytes(Data(feed.utf8), name: "pi.xml"))
        #expect(result.feed.items.map(\.title) == ["tu"])
        let bikes = try SeriesLoader.load(.bytes(Data(("<?go?>" + Self.oneRow).utf8), name: "pi.xml"), chunkSize: chunkSize)
        #expect(bikes.rows.count == 1)
        var patch = ProcessingInstructionPatch()
        var patched = Array("<?a?>x?> <?b c?><?d-1?>".utf8)
        patch.patch(&patched, final: true)
        #expect(String(decoding: patched, as: UTF8.self) == "<?a ?>x?> <?b c?><?d-1 ?>")
    }

    /// Found by reading Foundation after the above: attribute-list, notation, element and
    /// unparsed-entity declarations with optional parts left out crash it the same way. They
    /// are blanked (positions kept); nothing reads them.
    @Test func dtdDeclarationsFoundationMisreadsAreBlanked() throws {
        let doctype = "<!DOCTYPE response [\n<!ATTLIST row id CDATA #IMPLIED>\n<!NOTATION n SYSTEM \"x\">\n<!ELEMENT row ANY>\n"
            + "<!ENTITY u SYSTEM \"x\" NDATA n>\n<!ENTITY nbsp \"&#160;\">]>"
        let counts = try bikes(Array("<?xml version=\"1.0\"?>\(doctype)\(Self.oneRow)".utf8))
        #expect(counts.rows.count == 1)
        let feed = try readFeed("<?xml version=\"1.0\"?>" + doctype.replacingOccurrences(of: "response", with: "rss")
                                + "<rss><channel><item><title>x</title></item></channel></rss>")
        #expect(feed.feed.items.count == 1)
        let blanked = try #require(DoctypeGuard.blankingUnsafeDeclarations(Array(doctype.utf8)))
        #expect(blanked.count == doctype.utf8.count)
        #expect(String(decoding: blanked, as: UTF8.self).contains("<!ENTITY nbsp \"&#160;\">"))
        #expect(!String(decoding: blanked, as: UTF8.self).contains("ATTLIST"))
    }

    /// Found by the bike-xml target: a UTF-32 document whose text begins with NULs decoded to
    /// UTF-8 that starts `00 00 00 3C`, which libxml2 took for UCS-4 and crashed converting
    /// (SIGSEGV); its other guesses (UCS-4 in odd byte orders, EBCDIC) go through the same
    /// converter. A UTF-8 byte order mark goes first now.
    @Test(arguments: [
        [0x00, 0x00, 0xFE, 0xFF] + [UInt8](repeating: 0, count: 12) + [0x00, 0x00, 0x00, 0x3C] + Array("!DOCTYPE".utf8) + [0],
        [0x00, 0x00, 0x3C, 0x00] + Array("<r/>".utf8),
        [0x00, 0x3C, 0x00, 0x00] + Array("<r/>".utf8),
        [0x4C, 0x6F, 0xA7, 0x94, 0xFF, 0xFE, 0x81] + Array("<r/>".utf8),
    ] as [[UInt8]])
    func libxml2NeverGuessesAnEncoding(_ bytes: [UInt8]) {
        #expect(throws: LoadError.self) { try SeriesLoader.load(.bytes(Data(bytes), name: "guess.xml"), format: .xml) }
        _ = try? FeedParser.parse(.bytes(Data(bytes), name: "guess.xml"))
    }

    /// Found by the bike-json target: `"\ud825\ud84a"`, a high surrogate followed by another,
    /// overflowed the arithmetic that joins a pair (a trap). Halves without partners are U+FFFD;
    /// pairs still join, across chunk boundaries too.
    @Test func unpairedSurrogateEscapesInJSON() throws {
        let crash = Data("[\n {\n   \"da1\\ud825\\ud84atetimn".utf8)
        #expect(throws: LoadError.self) { try SeriesLoader.load(.bytes(crash, name: "crash.json")) }
        // The forecast target reached the same code through the check for deep nesting.
        #expect(throws: LoadError.self) { try ForecastReader.parse(Array(#"{"\ud800\ud80d":5}"#.utf8), name: "crash.json") }
        let text = #"[{"date":"2016-04-01T00:00:00","fremont_bridge_nb":"\ud83d\udeb2 \ud800x \udc00 \ud800\ud83d\udeb2 \u00e9"}]"#
        for chunkSize in [1, 5, 4096] {
            let counts = try SeriesLoader.load(.bytes(Data(text.utf8), name: "pairs.json"), chunkSize: chunkSize)
            #expect(counts.warnings.first?.message.contains("'🚲 \u{FFFD}x \u{FFFD} \u{FFFD}🚲 é'") == true, "\(counts.warnings)")
        }
    }

    /// Found by a longer bike-xml run: a declaration with two labels
    /// (`encoding="UTF-16.0" encoding="UTF-32"`); only the first was removed, and libxml2 acted on
    /// the second (a null dereference converting to UTF-32). Every label goes now.
    @Test func everyEncodingLabelInTheDeclarationGoes() throws {
        let crash = Array("<?xml version=\"1.0\" encoding=\"UTF-16.0\" encoding=\"UTF-32\"?>".utf8) + [0xE0, 0xE0, 0xE0, 0x3E]
        #expect(throws: LoadError.self) { try SeriesLoader.load(.bytes(Data(crash), name: "two.xml"), format: .xml) }
        _ = try? FeedParser.parse(.bytes(Data(crash), name: "two.xml"))
        let cleared = try #require(XMLDeclaration.withoutEncodingLabel(Array(crash.prefix(61))))
        #expect(!String(decoding: cleared, as: UTF8.self).contains("encoding"))
    }
}
