import Foundation
import GRDB
import Testing
import FremontTestSupport
import FremontCore
@testable import FremontSources

/// An item's summary and content kept as one deflated blob: what goes in comes out, whatever
/// its size or script, and a blob this cache did not write reads as empty text, never a crash.
@Suite struct StoredItemTextTests {
    @Test func whatIsPackedUnpacksTheSame() {
        let long = String(repeating: "<p>The James Webb Space Telescope saw a galaxy.</p>\n", count: 400)
        let cases: [(String, String)] = [
            ("", ""), ("<p>summary</p>", ""), ("", "<div>content only</div>"), ("short", long),
            ("日本語の要約 — «ünïcödé» 🚀", "כתבה מלאה\u{202E}reversed"), (long, long),
        ]
        for (summary, content) in cases {
            let packed = StoredItemText.pack(summary: summary, content: content)
            let unpacked = StoredItemText.unpack(packed)
            #expect(unpacked.summary == summary && unpacked.content == content, "\(summary.prefix(20)) / \(content.prefix(20))")
        }
        #expect(StoredItemText.pack(summary: "", content: "").isEmpty)
    }

    @Test func markupIsDeflatedAndWhatWouldGrowIsKeptAsItIs() {
        let html = String(repeating: "<p class=\"entry\">Bikes crossed the Fremont Bridge.</p>", count: 20)
        let packed = StoredItemText.pack(summary: html, content: html)
        #expect(packed.first == 1)
        #expect(packed.count * 10 < 2 * html.utf8.count)
        // Too short (or too random) to shrink: stored with its two header bytes, no more.
        let tiny = StoredItemText.pack(summary: "ok", content: "")
        #expect(tiny == [0, 2] + Array("ok".utf8))
        var generator = SystemRandomNumberGenerator()
        let noise = String((0..<3_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &generator))) })
        #expect(StoredItemText.pack(summary: noise, content: "").count <= noise.utf8.count + 3)
        #expect(StoredItemText.unpack(StoredItemText.pack(summary: noise, content: "")).summary == noise)
    }

    @Test func aBlobThisCacheDidNotWriteIsEmptyText() {
        let packed = StoredItemText.pack(summary: String(repeating: "words and more words ", count: 50), content: "tail")
        let broken: [[UInt8]] = [
            [7, 1, 2, 3],                                   // an unknown kind
            [1],                                            // no lengths
            Array(packed.prefix(packed.count / 2)),         // cut short
            [1, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3],  // a length past any item's
            [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // a varint past 63 bits
            [0, 9, 65, 66],                                 // a summary longer than the text
            [1] + Array(packed.dropFirst().dropLast(4)) + [0, 0, 0, 0],  // a damaged stream
        ]
        for bytes in broken {
            let unpacked = StoredItemText.unpack(bytes)
            #expect(unpacked.summary.isEmpty && unpacked.content.isEmpty, "\(bytes.prefix(12))")
        }
    }

    @Test func sqlReadsTheBodyAsTheFiltersDo() throws {
        let home = try TestHome()
        let cache = try CacheDatabase(path: home.file("cache.sqlite").path)
        try cache.storeFeed(Feed(format: .rss2, title: "F", items: [
            FeedItem(id: "a", title: "A", summary: "<p>the summary</p>"),
            FeedItem(id: "b", title: "B", summary: "<p>ignored</p>", content: "<div>the content</div>"),
        ]), url: "https://f.example/rss")
        let bodies = try cache.writer.read { db in
            try String.fetchAll(db, sql: "SELECT fremont_body(text) FROM item ORDER BY id")
        }
        #expect(bodies == ["<p>the summary</p>", "<div>the content</div>"])
    }
}
