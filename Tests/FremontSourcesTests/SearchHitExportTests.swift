import Foundation
import Testing
import FremontCore
@testable import FremontSources

/// `fremont search`'s output, in process: both forms whole, and the text safe for a terminal.
@Suite struct SearchHitExportTests {
    static let hits = [
        SearchHit(feedURL: "https://a.example/feed", feedTitle: "Space", id: "1", title: "Webb\u{7} looks far", link: "https://a.example/1",
                  published: Date(timeIntervalSince1970: 1_700_000_000), snippet: "the [Webb] telescope", rank: -2),
        SearchHit(feedURL: "https://b.example/rss", feedTitle: "", id: "2", title: "", link: "", published: nil, snippet: "", rank: -1),
    ]

    @Test func textIsABlockAHit() {
        var text = ""
        SearchHitExport.text(Self.hits) { text += $0 }
        #expect(text == """
            Webb looks far
              Space · 2023-11-14T22:13:20Z
              https://a.example/1
              the [Webb] telescope

            (untitled)
              https://b.example/rss


            """)
    }

    @Test func jsonIsAnObjectAHit() {
        var text = ""
        SearchHitExport.json(Self.hits, matched: 9) { text += $0 }
        #expect(text == """
            {"matched":9,"items":[
            {"feed":"https://a.example/feed","feedTitle":"Space","id":"1","title":"Webb\\u0007 looks far","link":"https://a.example/1","published":"2023-11-14T22:13:20Z","snippet":"the [Webb] telescope"},
            {"feed":"https://b.example/rss","feedTitle":"","id":"2","title":"","link":"","published":null,"snippet":""}
            ]}

            """)
        var empty = ""
        SearchHitExport.json([], matched: 0) { empty += $0 }
        #expect(empty == "{\"matched\":0,\"items\":[]}\n")
    }
}
