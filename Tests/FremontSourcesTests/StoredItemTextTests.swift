import Foundation
import GRDB
import Testing
import FremontTestSupport
import FremontCore
@testable import FremontSources

/// An item's link, summary and content kept as one deflated blob: what goes in comes out,
/// whatever its size or script, and a blob this cache did not write reads as empty text, never a crash.
@Suite struct StoredItemTextTests {
    @Test func whatIsPackedUnpacksTheSame() {
        let long = String(repeating: "<p>The James Webb Space Telescope saw a galaxy.</p>\n", count: 400)
        let cases: [StoredItemText] = [
            StoredItemText(), StoredItemText(summary: "<p>summary</p>"), StoredItemText(content: "<div>content only</div>"),
            StoredItemText(link: "https://a.example/1"), StoredItemText(link: "https://a.example/2", summary: "short", content: long),
            StoredItemText(link: "https://例え.jp/記事", summary: "日本語の要約 — «ünïcödé» 🚀", content: "כתבה מלאה\u{202E}reversed"),
            StoredItemText(link: long, summary: long, content: long),
        ]
        for text in cases {
            #expect(StoredItemText(packed: text.packed) == text, "\(text.link.prefix(20)) \(text.summary.prefix(20)) / \(text.content.prefix(20))")
        }
        #expect(StoredItemText().packed.isEmpty)
    }

    @Test func markupIsDeflatedAndWhatWouldGrowIsKeptAsItIs() {
        let html = String(repeating: "<p class=\"entry\">Bikes crossed the Fremont Bridge.</p>", count: 20)
        let packed = StoredItemText(link: "https://a.example/bridge", summary: html, content: html).packed
        #expect(packed.first == 1)
        #expect(packed.count * 10 < 2 * html.utf8.count)
        // Too short (or too random) to shrink: stored with its three header bytes, no more.
        #expect(StoredItemText(summary: "ok").packed == [0, 0, 2] + Array("ok".utf8))
        var generator = SystemRandomNumberGenerator()
        let noise = String((0..<3_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &generator))) })
        #expect(StoredItemText(summary: noise).packed.count <= noise.utf8.count + 4)
        #expect(StoredItemText(packed: StoredItemText(summary: noise).packed).summary == noise)
    }

    @Test func aBlobThisCacheDidNotWriteIsEmptyText() {
        let packed = StoredItemText(link: "https://a.example/", summary: String(repeating: "words and more words ", count: 50), content: "tail").packed
        let broken: [[UInt8]] = [
            [7, 0, 1, 2, 3],                                   // an unknown kind
            [1],                                               // no lengths
            Array(packed.prefix(packed.count / 2)),            // cut short
            [1, 0, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3],  // a length past any item's
            [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0],  // a varint past 63 bits
            [0, 1, 9, 65, 66],                                 // a summary longer than the text
            [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 65],  // lengths that overflow
            [1] + Array(packed.dropFirst().dropLast(4)) + [0, 0, 0, 0],  // a damaged stream
        ]
        for bytes in broken {
            #expect(StoredItemText(packed: bytes) == StoredItemText(), "\(bytes.prefix(12))")
        }
    }

    @Test func sqlReadsTheBodyAndTheLinkAsTheFiltersDo() throws {
        let home = try TestHome()
        let cache = try CacheDatabase(path: home.file("cache.sqlite").path)
        try cache.storeFeed(Feed(format: .rss2, title: "F", items: [
            FeedItem(id: "a", title: "A", link: "https://f.example/a", summary: "<p>the summary</p>"),
            FeedItem(id: "b", title: "B", summary: "<p>ignored</p>", content: "<div>the content</div>"),
        ]), url: "https://f.example/rss")
        let bodies = try cache.writer.read { db in
            try String.fetchAll(db, sql: "SELECT fremont_body(text) || ' ' || fremont_link(text) FROM item ORDER BY id")
        }
        #expect(bodies == ["<p>the summary</p> https://f.example/a", "<div>the content</div> "])
    }
}
