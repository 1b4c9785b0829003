import Foundation
import Testing
@testable import FremontCore

@Suite(.needsSharedData) struct InternetDateTests {
    /// Real date strings (the first ones from the shared feeds) and the instant each one means,
    /// cross-checked with Python's `email.utils` and `datetime.fromisoformat` where they read them.
    static let readable: [(String, String)] = [
        // NASA breaking news: no seconds, named zones.
        ("Tue, 04 Sep 2018 18:48 EDT", "2018-09-04T22:48:00Z"),
        ("Sat, 08 Jan 2022 12:16 EST", "2022-01-08T17:16:00Z"),
        ("Mon, 27 Dec 2021 15:10 EST", "2021-12-27T20:10:00Z"),
        ("Fri, 13 Jul 2018 11:24 EDT", "2018-07-13T15:24:00Z"),
        ("Wed, 16 Feb 2022 10:47 EST", "2022-02-16T15:47:00Z"),
        // RSS 2.0 samples, podcasts, Cloudflare, BBC.
        ("Fri, 13 Apr 2001 19:23:02 GMT", "2001-04-13T19:23:02Z"),
        ("Fri, 15 Mar 2019 02:18:06 +0200", "2019-03-15T00:18:06Z"),
        ("Fri, 15 Oct 2021 05:47:14 GMT", "2021-10-15T05:47:14Z"),
        ("Thu, 02 Feb 2023 22:28:21 -0000", "2023-02-02T22:28:21Z"),
        ("Thu, 13 Aug 2020 10:06:56 -0300", "2020-08-13T13:06:56Z"),
        ("Thu, 25 Feb 2021 10:15:00 +0000", "2021-02-25T10:15:00Z"),
        ("Wed, 02 Nov 2011 12:34:07 +0000", "2011-11-02T12:34:07Z"),
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        // Atom and RSS 1.0 (dc:date): RFC 3339.
        ("2012-02-04T13:54:53-08:00", "2012-02-04T21:54:53Z"),
        ("2019-07-09T23:59:57Z", "2019-07-09T23:59:57Z"),
        ("2022-12-20T23:28:24+00:00", "2022-12-20T23:28:24Z"),
        ("2023-01-25T19:03:02+01:00", "2023-01-25T18:03:02Z"),
        ("2022-12-17", "2022-12-17T00:00:00Z"),
        // Classic forms from the RFCs.
        ("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37Z"),
        ("Thu Jan  1 00:00:00 1970", "1970-01-01T00:00:00Z"),
        ("06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun, 6 Nov 94 08:49 GMT", "1994-11-06T08:49:00Z"),
        ("Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Fri, 01 Jan 1999 00:00:00 PST", "1999-01-01T08:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 PDT", "1999-01-01T07:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 CST", "1999-01-01T06:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 CDT", "1999-01-01T05:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 MST", "1999-01-01T07:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 MDT", "1999-01-01T06:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 UT", "1999-01-01T00:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 Z", "1999-01-01T00:00:00Z"),
        // Military letters as RFC 822 defines them (A = -1 hour, N = +1 hour).
        ("Fri, 01 Jan 1999 00:00:00 A", "1999-01-01T01:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 N", "1998-12-31T23:00:00Z"),
        ("Fri, 01 Jan 1999 00:00:00 M", "1999-01-01T12:00:00Z"),
        // Case, spacing, long names, comments, offsets with colons, AM/PM.
        ("tue, 04 sep 2018 18:48:00 gmt", "2018-09-04T18:48:00Z"),
        ("TUE, 04 SEP 2018 18:48:00 +02:00", "2018-09-04T16:48:00Z"),
        ("  Tue,  4 Sep 2018   18:48:00   +0000  \n", "2018-09-04T18:48:00Z"),
        ("Tuesday, 04 September 2018 18:48:00 GMT", "2018-09-04T18:48:00Z"),
        ("Tue, 04 Sept 2018 18:48:00 GMT", "2018-09-04T18:48:00Z"),
        ("Mon, 29 Feb 2016 23:59:59 +0000 (UTC)", "2016-02-29T23:59:59Z"),
        ("Tue, 04 Sep 2018 18:48:00 GMT+0200", "2018-09-04T16:48:00Z"),
        ("Tue, 04 Sep 2018 18:48:00 +0200 CEST", "2018-09-04T16:48:00Z"),
        ("Sep 4, 2018 10:48 PM EDT", "2018-09-05T02:48:00Z"),
        ("Tue, 04 Sep 2018 12:05 am PT", "2018-09-04T08:05:00Z"),
        ("4 Sep 2018", "2018-09-04T00:00:00Z"),
        // ISO 8601 variants.
        ("2003-12-13", "2003-12-13T00:00:00Z"),
        ("2003-12-13T18:30:02Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13 18:30:02", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02+01:00", "2003-12-13T17:30:02Z"),
        ("2018-09-04t22:48:00z", "2018-09-04T22:48:00Z"),
        ("2018-09-04T22:48Z", "2018-09-04T22:48:00Z"),
        ("2018-09-04T22:48:00+0530", "2018-09-04T17:18:00Z"),
        ("2018-09-04T22:48:00-03", "2018-09-05T01:48:00Z"),
        ("2018-09-04 22:48:00 UTC", "2018-09-04T22:48:00Z"),
        ("20180904T224800Z", "2018-09-04T22:48:00Z"),
        ("1996-12-19T16:39:57-08:00", "1996-12-20T00:39:57Z"),
        ("1990-12-31T23:59:60Z", "1991-01-01T00:00:00Z"),
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
    ]

    @Test(arguments: readable)
    func readsRealDates(text: String, expected: String) throws {
        let date = try #require(InternetDate.parse(text), "unreadable: \(text)")
        #expect(InternetDate.format(date) == expected, "\(text)")
    }

    @Test func tableIsLargeEnough() {
        #expect(Self.readable.count >= 40)
    }

    /// `../shared/data/feeds/real/` beside the checkout.
    static let realFeeds = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/feeds/real")

    /// Every date element in every real feed reads (204 elements, 153 distinct strings when this was written,
    /// all agreeing with Python's `email.utils`/`datetime` to the second).
    @Test func everyDateInTheRealFeedsReads() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.realFeeds.path)
        let pattern = try NSRegularExpression(
            pattern: "<(pubDate|dc:date|updated|published|lastBuildDate|modified|issued|created)>([^<]*)<")
        var checked = 0
        for file in files {
            let data = try Data(contentsOf: Self.realFeeds.appendingPathComponent(file))
            let text = String(decoding: data, as: UTF8.self)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let date = String(text[Range(match.range(at: 2), in: text)!])
                #expect(InternetDate.parse(date) != nil, "\(file): \(date)")
                checked += 1
            }
        }
        #expect(checked >= 200)
    }

    @Test func keepsFractionalSeconds() throws {
        let date = try #require(InternetDate.parse("2018-09-04T22:48:00.123+02:00"))
        #expect(abs(date.timeIntervalSince1970 - 1_536_094_080.123) < 1e-6)
        let rfc = try #require(InternetDate.parse("Tue, 04 Sep 2018 18:48:00.250 GMT"))
        #expect(abs(rfc.timeIntervalSince1970 - 1_536_086_880.25) < 1e-6)
        let nanos = try #require(InternetDate.parse("1985-04-12T23:20:50.520000000123Z"))
        #expect(abs(nanos.timeIntervalSince1970 - 482_196_050.52) < 1e-6)
        #expect(InternetDate.format(nanos) == "1985-04-12T23:20:50Z")
    }

    @Test func formatNeverTrapsOnAbsurdInstants() {
        #expect(InternetDate.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.format(.distantFuture) == "4001-01-01T00:00:00Z")
        #expect(InternetDate.format(Date(timeIntervalSince1970: 1e300)).hasPrefix("+"))
        #expect(InternetDate.format(Date(timeIntervalSince1970: -1e300)).hasPrefix("-"))
        #expect(InternetDate.format(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    }

    @Test func readsSubstrings() {
        let line = "<pubDate>Tue, 04 Sep 2018 18:48 EDT</pubDate>"
        let inner = line.dropFirst(9).dropLast(10)
        #expect(InternetDate.parse(inner).map(InternetDate.format) == "2018-09-04T22:48:00Z")
    }

    static let unreadable: [String] = [
        "", "   ", "now", "yesterday", "today 10:00", "12:00", "Sep 2018", "04/09/2018",
        "Tue, 31 Feb 2018 10:00 GMT", "Tue, 04 Foo 2018 18:48 GMT", "Tue, 04 Sep 2018 18:48 XYZ",
        "Tue, 04 Sep 2018 18:61 GMT", "Tue, 04 Sep 2018 24:00 GMT", "Tue, 04 Sep 2018 18:48 +2500",
        "Tue, 04 Sep 2018 2019 18:48 GMT", "Tue, 04 Sep 18:48 GMT", "Sep Oct 4 2018",
        "2018-13-01", "2018-02-30", "2018-09-04T25:00:00Z", "2018-09-04T22:48:00+",
        "2018-09-04T22:48:00Zjunk", "2018-9-4", "2018-09-04T", "2018-09-04T22", "\u{0}\u{1B}[2J",
        "Tue, 04 Sep 2018 18:48 EDT" + String(repeating: " x", count: 60),
        String(repeating: "9", count: 40), "Tue, 04 Sep 9999999999 18:48 GMT", "13 PM",
        "Tue, 04 Sep 2018 13:00 PM GMT", "Tue, 04 Sep 2018 at 18:48 GMT", "Tue, 04 Sep 2018 18:48 IST", "Tue, 04 Sep 2018 18:48 GMT 😀", "Ｔue, 04 Sep 2018",
    ]

    @Test(arguments: unreadable)
    func refusesWhatItCannotRead(text: String) {
        #expect(InternetDate.parse(text) == nil, "\(text.debugDescription)")
    }

    @Test func randomBytesNeverCrashAndNeverInventADate() {
        var generator = SeededGenerator(state: 7)
        let alphabet = Array("0123456789 :+-,.TZtzJanFebSepMonGMTEDTpm()/\u{0}\u{1B}é".utf8)
        var readable = 0
        for _ in 0..<50_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            if let date = InternetDate.parse(String(decoding: bytes, as: UTF8.self)) {
                // Whatever reads must be a real instant that formats and reads back.
                #expect(InternetDate.parse(InternetDate.format(date)) == Date(
                    timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
                readable += 1
            }
        }
        #expect(readable < 50_000)
    }

    /// SplitMix64: a tiny deterministic generator, so a failure can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    // The round trip over years 1–9999, RFC 822 with any offset and the civil arithmetic against
    // Foundation's calendar are properties in DatePropertyTests.
}
