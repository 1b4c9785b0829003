import Foundation
import Synchronization
import Testing
@testable import FremontCore
import FremontTestSupport

/// Every hostile input the hardening issue names, through every parser it can reach: each ends
/// in the right message (or a harmless result) within three seconds, with the peak memory bounded,
/// read from a file or a stream as the program reads it. (The terminal side is in
/// FremontCLITests/TerminalSafetyTests; the last good data staying on screen in FremontUITests.)
@Suite(.serialized) final class HostileInputTests {
    /// What a case may cost at most, in a debug build: a bound against reading without end (a
    /// bomb takes minutes), not a speed test — release speed is fremont-bench's. The table reader
    /// now reads every date form and finds the step, and its 8 MB of rows take 2.0–2.2 s of a
    /// debug build's processor time (release: unchanged, 0.022 s for the whole history's CSV).
    static let secondsAllowed = 3.0
    static let megabytesAllowed = 120.0

    // MARK: - Entity bombs and external entities

    static let exponentialBomb: String = {
        var doctype = "<!DOCTYPE root ["
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "&lol\(level - 1);"
            doctype += "<!ENTITY lol\(level) \"" + String(repeating: previous, count: 10) + "\">"
        }
        return "<?xml version=\"1.0\"?>" + doctype + "]>"
    }()

    static let quadraticBomb = "<?xml version=\"1.0\"?><!DOCTYPE root [<!ENTITY a \"" + String(repeating: "x", count: 50_000) + "\">]>"

    @Test(arguments: [("exponential", exponentialBomb, "&lol9;"), ("quadratic", quadraticBomb, String(repeating: "&a;", count: 50_000))])
    func entityBombsAreRefusedAtOnce(kind: String, doctype: String, body: String) throws {
        let feed = try file(doctype.replacingOccurrences(of: "root", with: "rss") + "<rss><channel><item><title>\(body)</title></item></channel></rss>")
        let feedError = try #require(expectBounded { parseError { try FeedParser.parse(.file(feed.path)) } })
        #expect(feedError.message.hasPrefix("refused: entity"), "\(kind): \(feedError)")

        let bikes = try file(doctype.replacingOccurrences(of: "root", with: "response") + row(date: body))
        let bikeError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(bikes.path)) } })
        #expect(bikeError.message.hasPrefix("refused: entity"), "\(kind): \(bikeError)")
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
        let marker = try #require(passwd.split(separator: "\n").first.map(String.init))
        let doctype = "<?xml version=\"1.0\"?><!DOCTYPE root [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
        let bikes = try file(doctype.replacingOccurrences(of: "root", with: "response") + row(date: "&xxe;2016-04-01T00:00:00"))
        let outcome = expectBounded { Result { () throws(LoadError) -> SeriesTable in try SeriesLoader.load(.file(bikes.path)) } }
        #expect(!String(describing: outcome).contains(marker))

        let feed = try file(doctype.replacingOccurrences(of: "root", with: "rss") + "<rss><channel><item><title>a&xxe;b</title></item></channel></rss>")
        let parsed = expectBounded { Result { () throws(LoadError) -> FeedParseResult in try FeedParser.parse(.file(feed.path)) } }
        #expect(!String(describing: parsed).contains(marker))
        // (Foundation on Linux also drops the text after the reference: "b" is lost.)
        #expect(try parsed.get().feed.items.map(\.title) == ["a"])
    }

    // MARK: - Size

    static let fiftyMegabytes = 50 << 20

    @Test func aFiftyMegabyteTextNode() throws {
        let text = String(repeating: "x", count: Self.fiftyMegabytes)
        let feed = try file("<rss><channel><item><title>" + text + "</title></item></channel></rss>")
        let feedError = try #require(expectBounded { parseError { try FeedParser.parse(.file(feed.path)) } })
        #expect(feedError.message == "the document is larger than 32 MB, the limit for feeds")

        // Bike XML: no row is readable, and the message quotes only the start of the value.
        let xml = try file(row(date: text))
        let xmlError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(xml.path)) } })
        #expect(xmlError.message.hasPrefix("the one row could not be read: unreadable date 'xxxx"))
        #expect(xmlError.message.count < 200)

        let csv = try file("date,fremont_bridge_nb,fremont_bridge_sb\n\"" + text + "\",1,2\n")
        let csvError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(csv.path)) } })
        #expect(csvError.description.hasSuffix(":2: a record longer than 1 MB (a quote that is never closed?)"))

        let json = try file("[{\"date\":\"" + text + "\"}]")
        let jsonError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(json.path)) } })
        #expect(jsonError.message == "a string longer than 1 MB (a quote that is never closed?)")

        let forecast = try file("{\"currently\":{\"summary\":\"" + text + "\"}}")
        let forecastError = try #require(expectBounded { parseError { try ForecastReader.read(.file(forecast.path)) } })
        #expect(forecastError.message.hasPrefix("larger than the 16 MB limit for a forecast"))
    }

    /// Under the feed size limit, one field is still bounded: a 5 MB article keeps its first MB.
    @Test func aHugeFieldUnderTheFeedLimitIsCut() throws {
        let feed = try file("<rss><channel><item><title>t</title><description><![CDATA["
                            + String(repeating: "<p>word ", count: 5 << 17) + "]]></description></item></channel></rss>")
        let result = try expectBounded { try FeedParser.parse(.file(feed.path)) }
        #expect(result.feed.items.first?.summary.utf8.count == 1 << 20)
        #expect(result.warnings.map(\.message) == ["the text of <description> is longer than 1 MB: the rest is not kept"])
    }

    // MARK: - Nesting

    @Test func aHundredThousandNestedElements() throws {
        let nested = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let feed = try file("<rss><channel>" + nested + "</channel></rss>")
        let feedError = try #require(expectBounded { parseError { try FeedParser.parse(.file(feed.path)) } })
        #expect(feedError.message == "elements nest deeper than 128 levels, the limit for feeds")

        let xml = try file("<response>" + nested + "</response>")
        let xmlError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(xml.path)) } })
        #expect(xmlError.message == "elements nest deeper than 64 levels: not a Socrata table")

        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let json = try file("[{\"date\":\"2016-04-01T00:00:00\",\"extra\":" + arrays + "}]")
        let jsonError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(json.path)) } })
        #expect(jsonError.message == "values nested more than 512 levels deep")

        let forecast = try file("{\"currently\":" + arrays + "}")
        #expect(expectBounded { parseError { try ForecastReader.read(.file(forecast.path)) } } != nil)

        let html = String(repeating: "<ul><li><b><div>", count: 25_000) + "deep"
        let rendered = expectBounded { HTMLText.render(html) }
        #expect(rendered.text.contains("deep"))
    }

    // MARK: - Encodings and bytes

    @Test func invalidUTF8() throws {
        let feed = try file(bytes: Array("<rss><channel><item><title>caf".utf8) + [0xE9, 0xFF] + Array("</title></item></channel></rss>".utf8))
        let result = try expectBounded { try FeedParser.parse(.file(feed.path)) }
        #expect(result.feed.items.map(\.title) == ["café\u{FFFD}"] || result.feed.items.map(\.title) == ["caféÿ"])
        #expect(result.warnings.first?.message.contains("windows-1252") == true)

        let xml = try file(bytes: Array("<response><row><date>2016".utf8) + [0xFF] + Array("</date></row></response>".utf8))
        let xmlError = try #require(expectBounded { parseError { try SeriesLoader.load(.file(xml.path)) } })
        #expect(xmlError.location?.line == 1)

        let csv = try file(bytes: Array("date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T00:00:00,1\u{FF},2\n".utf8) + [0xFF, 0xFE, 0x0A])
        let counts = try expectBounded { try SeriesLoader.load(.file(csv.path)) }
        #expect(counts.rows.count == 1)

        let json = try file(bytes: Array("[{\"date\":\"2016-04-01T00:00:00\",\"fremont_bridge_nb\":\"".utf8) + [0xC3, 0x28] + Array("\"}]".utf8))
        let jsonCounts = try expectBounded { try SeriesLoader.load(.file(json.path)) }
        #expect(jsonCounts.rows.map(\.northbound) == [nil])

        #expect(HTMLText.render(String(decoding: [0x3C, 0x70, 0x3E, 0xFF, 0xC0, 0x41], as: UTF8.self)).text == "\u{FFFD}\u{FFFD}A")
    }

    /// A declaration that lies: ISO-8859-1 over UTF-8, UTF-16 and UTF-32 over single bytes.
    @Test(arguments: ["ISO-8859-1", "UTF-16", "UTF-32"])
    func aDeclaredEncodingThatLies(label: String) throws {
        let feed = try file("<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><item><title>Zürich — ✓</title></item></channel></rss>")
        let result = try expectBounded { try FeedParser.parse(.file(feed.path)) }
        #expect(result.feed.items.map(\.title) == ["Zürich — ✓"])
        #expect(result.warnings.count == 1)

        let xml = try file("<?xml version=\"1.0\" encoding=\"\(label)\"?>" + row(date: "2016-04-01T00:00:00"))
        let counts = try expectBounded { try SeriesLoader.load(.file(xml.path)) }
        #expect(counts.rows.count == 1)
    }

    @Test func nulBytes() throws {
        let feed = try file(bytes: Array("<rss><channel><item><title>a".utf8) + [0] + Array("b</title></item></channel></rss>".utf8))
        let result = try expectBounded { try FeedParser.parse(.file(feed.path)) }
        #expect(result.feed.items.map(\.title) == ["ab"])
        #expect(result.warnings.first?.message == "control character (not allowed in XML): removed")

        let xml = try file(bytes: Array(row(date: "2016-04-01T00:00:00").utf8.prefix(40)) + [0] + Array(row(date: "x").utf8.dropFirst(40)))
        #expect(expectBounded { parseError { try SeriesLoader.load(.file(xml.path)) } }?.message == "a character that XML does not allow")

        let csv = try file(bytes: Array("date,fremont_bridge_nb,fremont_bridge_sb\n2016-04-01T00:00:00,1".utf8) + [0] + Array(",2\n".utf8) + [0, 0, 0x0A])
        let counts = try expectBounded { try SeriesLoader.load(.file(csv.path)) }
        #expect(counts.rows.map(\.northbound) == [nil])
        #expect(counts.warnings.map(\.location?.line) == [2, 3])

        let json = try file(bytes: Array("[{\"date\":\"2016-04-01T00:00:00\"}]".utf8) + [0])
        #expect(expectBounded { parseError { try SeriesLoader.load(.file(json.path)) } }?.message == "unexpected byte 0x0 after the array of rows")

        let forecast = try file(bytes: Array("{\"currently\":{\"summary\":\"a".utf8) + [0] + Array("b\"}}".utf8))
        #expect(expectBounded { parseError { try ForecastReader.read(.file(forecast.path)) } } != nil)

        #expect(HTMLText.render("a\u{0}b").text == "ab")
    }

    // MARK: - A stream that never ends

    /// Fed forever from another thread, as a download or a pipe would be: each reader stops at
    /// its size limit, and the producer learns it can stop.
    @Test func anEndlessStreamStopsAtTheSizeLimit() throws {
        let feedError = try #require(expectBounded {
            parseError { try FeedParser.parse(.stream(endless(head: "<rss><channel><item><description>", repeating: "word "), name: "endless.xml"),
                                              limits: FeedLimits(maximumBytes: 8 << 20)) }
        })
        #expect(feedError.message == "the document is larger than 8 MB, the limit for feeds")

        let bikeError = try #require(expectBounded {
            parseError { try SeriesLoader.load(.stream(endless(head: "date,fremont_bridge_nb,fremont_bridge_sb\n", repeating: "2016-04-01T00:00:00,1,2\n"),
                                                         name: "endless.csv"), maximumBytes: 8 << 20) }
        })
        #expect(bikeError.message == "larger than 8 MB, the limit for a table")

        let forecastError = try #require(expectBounded {
            parseError { try ForecastReader.read(.stream(endless(head: "{\"currently\":{\"summary\":\"", repeating: "rain "), name: "endless.json"),
                                                 maximumSize: 8 << 20) }
        })
        #expect(forecastError.message.hasPrefix("larger than the 8 MB limit for a forecast"))
    }

    // MARK: - Helpers

    private func row(date: String) -> String {
        "<response><row><date>\(date)</date><fremont_bridge_nb>1</fremont_bridge_nb><fremont_bridge_sb>2</fremont_bridge_sb></row></response>"
    }

    private func file(_ text: String) throws -> URL {
        try file(bytes: Array(text.utf8))
    }

    private func file(bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        written.append(url)
        return url
    }

    /// This test's files (one instance per test), removed when it ends: some are 50 MB.
    private var written: [URL] = []

    deinit {
        for url in written { try? FileManager.default.removeItem(at: url) }
    }

    /// A channel a thread keeps filling (a few MB ahead of the reader) until the reader closes it.
    private func endless(head: String, repeating piece: String) -> ByteChannel {
        let channel = ByteChannel()
        let chunk = Data(String(repeating: piece, count: max(1, 65_536 / piece.utf8.count)).utf8)
        let stopped = Mutex(false)
        channel.whenClosed { stopped.withLock { $0 = true } }
        channel.push(Data(head.utf8))
        Thread.detachNewThread {
            while !stopped.withLock({ $0 }) {
                if channel.buffered < 4 << 20 { channel.push(chunk) } else { usleep(1000) }
            }
        }
        return channel
    }

    private func parseError<T>(_ body: () throws -> T) -> LoadError? {
        do {
            _ = try body()
            return nil
        } catch let error as LoadError {
            return error
        } catch {
            Issue.record("not a LoadError: \(error)")
            return nil
        }
    }

    /// Runs `body`, and checks it cost this thread at most `secondsAllowed` and raised the process's peak
    /// memory at most `megabytesAllowed` above where it stood (the peak is reset first).
    private func expectBounded<T>(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> T) rethrows -> T {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = Self.memory("VmRSS")
        // The thread's processor time, not the wall clock's: tests run in parallel on shared cores.
        let (value, cost) = try ThreadCPUTime.measure(body)
        let seconds = Double(cost.components.seconds) + Double(cost.components.attoseconds) / 1e18
        let peak = Self.memory("VmHWM")
        #expect(seconds < Self.secondsAllowed, "took \(seconds) s", sourceLocation: sourceLocation)
        #expect(peak - before < Self.megabytesAllowed, "peak memory rose \(peak - before) MB", sourceLocation: sourceLocation)
        return value
    }

    private static func memory(_ field: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }
}
