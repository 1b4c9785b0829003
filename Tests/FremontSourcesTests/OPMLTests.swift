import Foundation
import Testing
import FremontCore
@testable import FremontSources

@Suite struct OPMLTests {
    @Test func nestedFoldersBecomeTagsAndDuplicatesMerge() throws {
        let opml = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <opml version="1.0">
              <head><title>Subscriptions</title></head>
              <body>
                <outline text="Tech">
                  <outline text="Linux">
                    <outline text="LWN" type="rss" xmlUrl="https://lwn.net/headlines/rss" htmlUrl="https://lwn.net/"/>
                  </outline>
                  <outline title="Ars &amp; Co" text="ignored" type="rss" xmlUrl="https://feeds.arstechnica.com/arstechnica/index"/>
                </outline>
                <outline text="Fun">
                  <outline text="xkcd &lt;3" type="rss" xmlUrl="https://xkcd.com/rss.xml" category="comics,/daily"/>
                  <outline text="LWN again" type="rss" xmlUrl="https://lwn.net/headlines/rss"/>
                </outline>
                <outline text="Caf\u{E9}" xmlurl="http://example.org/feed"/>
                <outline text="Local" xmlUrl="file:///etc/passwd"/>
              </body>
            </opml>
            """
        // The declared encoding is the one read.
        let result = try OPMLReader.read(try #require(opml.data(using: .isoLatin1)), name: "subs.opml")
        #expect(result.entries == [
            FeedListEntry(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["Tech", "Linux", "Fun"]),
            FeedListEntry(url: "https://feeds.arstechnica.com/arstechnica/index", title: "Ars & Co", tags: ["Tech"]),
            FeedListEntry(url: "https://xkcd.com/rss.xml", title: "xkcd <3", tags: ["Fun", "comics", "daily"]),
            FeedListEntry(url: "http://example.org/feed", title: "Café"),
        ])
        #expect(result.warnings.map(\.description) == ["line 16: not a feed address (http or https): 'file:///etc/passwd': skipped"])
    }

    @Test func exportIsValidXMLThatImportsBackToTheSameList() throws {
        let entries = [
            FeedListEntry(url: "https://example.org/feed?a=1&b=2", title: "Tom & Jerry's <\"best\">\nfeed", tags: ["news", "café"]),
            FeedListEntry(url: "https://xkcd.com/rss.xml"),
            FeedListEntry(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["linux"]),
        ]
        let xml = OPMLWriter.write(entries)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n"))
        #expect(xml.contains("xmlUrl=\"https://example.org/feed?a=1&amp;b=2\""))
        #expect(xml.contains("title=\"Tom &amp; Jerry's &lt;&quot;best&quot;&gt;&#10;feed\""))
        #expect(xml.contains("<outline type=\"rss\" text=\"https://xkcd.com/rss.xml\" xmlUrl=\"https://xkcd.com/rss.xml\"/>"))
        let back = try OPMLReader.read(Data(xml.utf8), name: "export")
        #expect(back.warnings.isEmpty)
        #expect(back.entries == entries)
    }

    /// What the cache knows names a feed without a title of its own and gives its site; a title
    /// of one's own wins; a site that is not a web address is left out.
    @Test func exportNamesFeedsByTheirTitleAndCarriesTheirSite() throws {
        let entries = [
            FeedListEntry(url: "https://xkcd.com/rss.xml"),
            FeedListEntry(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["linux"]),
            FeedListEntry(url: "https://odd.example/feed"),
            FeedListEntry(url: "https://never.example/feed"),
        ]
        let xml = OPMLWriter.write(entries, details: [
            "https://xkcd.com/rss.xml": .init(title: "xkcd.com", siteURL: "https://xkcd.com/"),
            "https://lwn.net/headlines/rss": .init(title: "LWN.net", siteURL: "https://lwn.net"),
            "https://odd.example/feed": .init(title: "  ", siteURL: "javascript:alert(1)"),
        ])
        #expect(xml.contains("<outline type=\"rss\" text=\"xkcd.com\" title=\"xkcd.com\" xmlUrl=\"https://xkcd.com/rss.xml\" htmlUrl=\"https://xkcd.com/\"/>"))
        #expect(xml.contains("<outline type=\"rss\" text=\"LWN\" title=\"LWN\" xmlUrl=\"https://lwn.net/headlines/rss\" htmlUrl=\"https://lwn.net\" category=\"linux\"/>"))
        #expect(xml.contains("<outline type=\"rss\" text=\"https://odd.example/feed\" xmlUrl=\"https://odd.example/feed\"/>"))
        #expect(xml.contains("<outline type=\"rss\" text=\"https://never.example/feed\" xmlUrl=\"https://never.example/feed\"/>"))
        #expect(try OPMLReader.read(Data(xml.utf8), name: "export").warnings.isEmpty)
    }

    @Test func notOPMLIsAnErrorWithItsPlace() {
        #expect(throws: LoadError(source: "page.html", location: SourceLocation(line: 1, column: 6), "not an OPML file: the root element is <html>")) {
            try OPMLReader.read(Data("<html><body/></html>".utf8), name: "page.html")
        }
        #expect {
            try OPMLReader.read(Data("<opml><body><outline".utf8), name: "cut.opml")
        } throws: { error in
            (error as? LoadError)?.message.hasPrefix("not an OPML file: ") == true
        }
    }

    @Test func importMergesIntoTheListWithoutDuplicates() throws {
        var list = FeedList(parsing: "# mine\nhttps://xkcd.com/rss.xml\n")
        let imported = [FeedListEntry(url: "https://xkcd.com/rss.xml", title: "xkcd"), FeedListEntry(url: "https://lwn.net/headlines/rss")]
        let added = list.merge(imported)
        #expect(added == 1)
        #expect(list.text == "# mine\nhttps://xkcd.com/rss.xml\nhttps://lwn.net/headlines/rss\n")
    }
}

/// A large subscription list: streamed past libxml2's 10 MB limit for a whole document, and
/// merged into the list in linear time.
@Suite struct LargeOPMLTests {
    @Test func twentyThousandOutlinesInTwelveMegabytes() throws {
        let title = String(repeating: "a long title ", count: 46)
        var text = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n"
        for index in 0..<20_000 {
            text += "<outline text=\"\(title)\(index)\" xmlUrl=\"https://example.org/\(index).xml\"/>\n"
        }
        text += "</body></opml>\n"
        #expect(text.utf8.count > 12_000_000)
        let result = try OPMLReader.read(Data(text.utf8), name: "big.opml")
        #expect(result.entries.count == 20_000)
        #expect(result.entries.last?.url == "https://example.org/19999.xml")
        var list = FeedList(parsing: "https://example.org/5.xml\n")
        #expect(list.merge(result.entries) == 19_999)
        #expect(list.entries.count == 20_000)
    }
}
