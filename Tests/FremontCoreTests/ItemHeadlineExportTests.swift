import Foundation
import Testing
@testable import FremontCore

/// `fremont query`'s output, in process: both forms whole, terminal-safe text, an item the cache
/// no longer holds whole.
@Suite struct ItemHeadlineExportTests {
    static let items: [(headline: ItemHeadline, item: FeedItem?)] = [
        (ItemHeadline(feed: "https://a.example/feed", id: "1", title: "Webb\u{1B}[2J looks far", feedTitle: "Space",
                      date: Date(timeIntervalSince1970: 1_700_000_000), isRead: false, isStarred: true,
                      cursor: ItemCursor(sortKey: "1", rowid: 1)),
         FeedItem(id: "1", title: "Webb looks far", link: "https://a.example/1", author: "Ann")),
        (ItemHeadline(feed: "https://b.example/rss", id: "2", title: "", feedTitle: "", date: nil, isRead: true, isStarred: false,
                      cursor: ItemCursor(sortKey: "", rowid: 2)),
         nil),
    ]

    @Test func textIsABlockAnItem() {
        var text = ""
        ItemHeadlineExport.text(Self.items) { text += $0 }
        #expect(text == """
            ● Webb[2J looks far
              Space · 2023-11-14T22:13:20Z · starred
              https://a.example/1

              (untitled)
              https://b.example/rss


            """)
    }

    @Test func jsonIsAnObjectAnItem() {
        var text = ""
        var writer = ItemHeadlineExport.JSONWriter(matched: 7) { text += $0 }
        writer.write(Self.items)
        writer.end()
        #expect(text == """
            {"matched":7,"items":[
            {"feed":"https://a.example/feed","feedTitle":"Space","id":"1","title":"Webb\\u001b[2J looks far","link":"https://a.example/1","date":"2023-11-14T22:13:20Z","author":"Ann","unread":true,"starred":true},
            {"feed":"https://b.example/rss","feedTitle":"","id":"2","title":"","link":"","date":null,"author":"","unread":false,"starred":false}
            ]}

            """)
        var empty = ""
        ItemHeadlineExport.JSONWriter(matched: 0) { empty += $0 }.end()
        #expect(empty == "{\"matched\":0,\"items\":[]}\n")
    }
}
