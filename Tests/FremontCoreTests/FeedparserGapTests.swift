import Foundation
import Testing
@testable import FremontCore

/// What Python feedparser's own corpus (tests/wellformed) checks of titles, links and ids that
/// fremont read otherwise: each case is one of its documents, in substance.
@Suite struct FeedparserGapTests {
    @Test(arguments: ["http://example.com/newformat#", "http://example.com/necho", "http://purl.org/echo/", "http://purl.org/pie/",
                      "http://purl.org/atom/ns#draft-ietf-atompub-format-02", "HTTP://PURL.ORG/ATOM/NS#"])
    func atomsNamespacesBefore10(uri: String) throws {
        let feed = try readFeed("""
            <feed version="0.3" xmlns="\(uri)"><title>Example Atom</title>
            <entry><title>One</title><link rel="alternate" href="http://example.com/1"/><id>tag:1</id></entry></feed>
            """).feed
        #expect(feed.format == .atom03)
        #expect(feed.title == "Example Atom")
        #expect(feed.items.map(\.title) == ["One"])
        #expect(feed.items.map(\.link) == ["http://example.com/1"])
    }

    @Test func base64TitlesOfANonTextTypeInAtom10() throws {
        let feed = try readFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="application/octet-stream">PHA+SGlzdG9yeSBvZiB0aGUgJmx0O2JsaW5rJmd0OyB0YWc8L3A+</title>
              <entry><title type="application/octet-stream">
                RXhhbXBsZSA8Yj5BdG9tPC9iPg==
              </title></entry>
              <entry><title type="">evil</title></entry>
              <entry><title type="image/png">evil</title></entry>
            </feed>
            """).feed
        #expect(feed.title == "<p>History of the &lt;blink&gt; tag</p>")
        // Not HTML: the decoded text is the title as it is. A type left empty is text; what does
        // not decode to text is kept as written.
        #expect(feed.items.map(\.title) == ["Example <b>Atom</b>", "evil", "evil"])
    }

    @Test func escapedMarkupIsDecodedExactlyOnce() throws {
        let feed = try readFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="html">History of the &amp;lt;blink&amp;gt; tag</title>
              <entry><title type="html"><![CDATA[<a href=http://example.com/">example</a> &amp;amp; more]]></title></entry>
              <entry><title type="html">&lt;img alt="a cat" src="c.png"&gt; photo</title></entry>
            </feed>
            """).feed
        #expect(feed.title == "History of the <blink> tag")
        // A title is one line of text: no link numbers, a picture its alt text.
        #expect(feed.items.map(\.title) == ["example &amp; more", "a cat photo"])
    }

    @Test func uppercaseHexCharacterReferences() throws {
        let feed = try readFeed("""
            <rss version="2.0"><channel><title>&#X41;&#x42;&#67;</title>
            <item><title>x</title><description>&amp;#X41;</description></item></channel></rss>
            """).feed
        #expect(feed.title == "ABC")
        #expect(HTMLText.render(feed.items[0].summary).text == "A")
    }

    @Test func rdfAboutIsAnRSS10ItemsID() throws {
        let feed = try readFeed("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="http://example.com/index.rdf"><title>t</title></channel>
            <item rdf:about="http://example.org/1"><title>One</title></item>
            <item rdf:about="http://example.org/2"><title>Two</title><link>http://example.org/two</link></item>
            </rdf:RDF>
            """).feed
        #expect(feed.items.map(\.id) == ["http://example.org/1", "http://example.org/2"])
    }

    @Test func theFeedsOwnIDInTheJSON() throws {
        let feed = try readFeed(#"<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/"><id>feeds/1</id><title>t</title></feed>"#).feed
        #expect(feed.id == "http://example.com/feeds/1")
        var json = ""
        FeedExport.json(feed) { json += $0 }
        #expect(json.hasPrefix(#"{"id":"http://example.com/feeds/1","title":"t","#))
    }

    @Test func anAlternateLinkIsChosenOverOneWithoutHref() throws {
        let feed = try readFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom">
            <link rel="alternate" type="text/html">http://www.example.com/</link>
            <entry>
              <link rel="alternate" type="text/html">http://www.example.com/alternate</link>
              <link rel="enclosure" type="text/html">http://www.example.com/enclosure</link>
            </entry>
            <entry>
              <link rel="enclosure" type="text/html">http://www.example.com/enclosure</link>
              <link rel="alternate" type="text/html">http://www.example.com/alternate</link>
            </entry>
            <entry xml:base="http://base.example/x/"><link rel="related"/><link href="page"/></entry>
            </feed>
            """).feed
        #expect(feed.link == "http://www.example.com/")
        #expect(feed.items.map(\.link) == ["http://www.example.com/alternate", "http://www.example.com/alternate", "http://base.example/x/page"])
        #expect(feed.items[1].enclosures.map(\.url) == ["http://www.example.com/enclosure"])
    }

    @Test func rssAndITunesElementsInAnyCase() throws {
        let feed = try readFeed("""
            <rss xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel>
            <TiTlE>Example title</TiTlE><LINK>http://example.com/</LINK>
            <ITEM><Title>One</Title><PUBDATE>Tue, 10 Jun 2003 04:00:00 GMT</PUBDATE>
              <itunes:AUTHOR>Ann</itunes:AUTHOR><itunes:Duration>1:02</itunes:Duration>
              <enclosure url="http://example.com/1.mp3" type="audio/mpeg"/></ITEM>
            </channel></rss>
            """).feed
        #expect(feed.title == "Example title")
        #expect(feed.link == "http://example.com/")
        let item = try #require(feed.items.first)
        #expect(item.title == "One")
        #expect(item.published == Date(timeIntervalSince1970: 1_055_217_600))
        #expect(item.author == "Ann")
        #expect(item.enclosures.first?.duration == 62)
    }

    @Test func cdfChannelsAndMediaTitles() throws {
        let cdf = try readFeed(#"<CHANNEL HREF="http://www.example.org/"><TITLE>Example feed</TITLE><ITEM HREF="http://www.example.org/1"><TITLE>Example item</TITLE></ITEM></CHANNEL>"#).feed
        #expect(cdf.title == "Example feed")
        #expect(cdf.link == "http://www.example.org/")
        #expect(cdf.items.map(\.link) == ["http://www.example.org/1"])
        #expect(cdf.items.map(\.title) == ["Example item"])
        let media = try readFeed(#"<rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item><media:title>bar</media:title></item></channel></rss>"#).feed
        #expect(media.items.map(\.title) == ["bar"])
    }
}
