import Foundation
import Testing
@testable import FremontCore

/// What the best parsers read that a plain RSS/Atom reading misses: xml:base, Atom text
/// constructs, Dublin Core and Atom inside RSS, entry documents, undeclared prefixes.
@Suite struct FeedVocabularyTests {
    private let atom = #"xmlns="http://www.w3.org/2005/Atom""#

    @Test func xmlBaseAtFeedItemAndElementLevel() throws {
        let feed = try readFeed("""
            <feed \(atom) xml:base="http://example.com/blog/">
              <link href="./"/>
              <entry xml:base="2024/">
                <id>posts/1</id>
                <link href="one.html"/>
                <link rel="enclosure" href="../audio/one.mp3" type="audio/mpeg"/>
                <summary type="html">See &lt;a href="two.html"&gt;two&lt;/a&gt; and &lt;img src='/i.png'&gt;</summary>
                <content type="xhtml" xml:base="/elsewhere/"><div xmlns="http://www.w3.org/1999/xhtml"><a href="three.html">3</a> <a href="#top">top</a> <a href="mailto:a@b.c">m</a></div></content>
              </entry>
              <entry><link href="http://other.org/abs"/></entry>
            </feed>
            """).feed
        #expect(feed.link == "http://example.com/blog/")
        let item = feed.items[0]
        #expect(item.id == "http://example.com/blog/2024/posts/1")
        #expect(item.link == "http://example.com/blog/2024/one.html")
        #expect(item.enclosures.map(\.url) == ["http://example.com/blog/audio/one.mp3"])
        #expect(item.summary == #"See <a href="http://example.com/blog/2024/two.html">two</a> and <img src='http://example.com/i.png'>"#)
        #expect(item.content.contains(#"href="http://example.com/elsewhere/three.html""#))
        #expect(item.content.contains(##"href="#top""##))
        #expect(item.content.contains(#"href="mailto:a@b.c""#))
        #expect(feed.items[1].link == "http://other.org/abs")
    }

    @Test func rssXMLBaseAndTheFeedsAddressAsTheLastBase() throws {
        let based = try readFeed(rss(#"<item xml:base="http://example.org/feeds/"><link>post/1</link><enclosure url="a.mp3" type="audio/mpeg" length="3"/></item>"#)).feed
        #expect(based.items[0].link == "http://example.org/feeds/post/1")
        #expect(based.items[0].enclosures[0].url == "http://example.org/feeds/a.mp3")
        // From the web, the feed's own address is the base.
        let xml = rss(#"<item><link>/post/2</link><description>&lt;a href="x/y"&gt;y&lt;/a&gt;</description></item>"#)
        let fetched = try FeedParser.parse(.string(xml, name: "https://news.example.net/feeds/main.xml")).feed
        #expect(fetched.items[0].link == "https://news.example.net/post/2")
        #expect(fetched.items[0].summary == #"<a href="https://news.example.net/feeds/x/y">y</a>"#)
        // A file with neither keeps what it says.
        #expect(try readFeed(xml).feed.items[0].link == "/post/2")
    }

    @Test func atomSelfLinkIsTheBaseWhenNothingElseIs() throws {
        let feed = try readFeed("""
            <feed \(atom)><entry><link href="/late/1"/></entry>
            <link rel="self" href="https://site.example/feed.atom"/><link href="/"/></feed>
            """).feed
        #expect(feed.items[0].link == "https://site.example/late/1")
        #expect(feed.link == "https://site.example/")
    }

    @Test func atomTextConstructsInTitlesArePlainTextDecodedOnce() throws {
        let feed = try readFeed("""
            <feed \(atom)>
              <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Sam &amp; <b>Ruby</b></div></title>
              <entry><title type="html">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; more</title></entry>
              <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">&lt;p&gt;Shown&lt;/p&gt;</div></title></entry>
              <entry><title type="text">a &lt; b</title></entry>
            </feed>
            """).feed
        #expect(feed.title == "Sam & Ruby")
        #expect(feed.items.map(\.title) == ["Bold & more", "<p>Shown</p>", "a < b"])
    }

    @Test func atom03Base64AndEscapedModes() throws {
        let title = Data("Entry <Title>".utf8).base64EncodedString()
        let summary = Data("<p>Summary &amp; more</p>".utf8).base64EncodedString()
        let feed = try readFeed("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
              <title mode="base64">\(Data("Feed".utf8).base64EncodedString())</title>
              <entry>
                <title mode="base64">\(title)</title>
                <summary mode="base64" type="text/html">\(summary)</summary>
                <content mode="escaped" type="text/html">&lt;i&gt;Escaped&lt;/i&gt;</content>
              </entry>
            </feed>
            """).feed
        #expect(feed.format == .atom03)
        #expect(feed.title == "Feed")
        #expect(feed.items[0].title == "Entry <Title>")
        #expect(feed.items[0].summary == "<p>Summary &amp; more</p>")
        #expect(feed.items[0].content == "<i>Escaped</i>")
    }

    @Test func dublinCoreWhereTheRSSElementIsMissing() throws {
        let dc = #"xmlns:dc="http://purl.org/dc/elements/1.1/""#
        let feed = try readFeed("""
            <rss version="2.0" \(dc)><channel><dc:title>DC Feed</dc:title><dc:description>About</dc:description>
            <item><dc:title>DC Item</dc:title><dc:description>Plain &amp; simple</dc:description>
              <dc:creator>Ada</dc:creator><dc:date>2024-02-03T04:05:06Z</dc:date><dc:subject>science</dc:subject></item>
            <item><title>Own</title><dc:title>Not used</dc:title><dc:author>Grace</dc:author></item>
            </channel></rss>
            """).feed
        #expect(feed.title == "DC Feed")
        #expect(feed.description == "About")
        let first = feed.items[0]
        #expect(first.title == "DC Item")
        #expect(first.summary == "Plain &amp; simple")
        #expect(first.author == "Ada")
        #expect(first.published == InternetDate.parse("2024-02-03T04:05:06Z"))
        #expect(first.categories == ["science"])
        #expect(feed.items[1].title == "Own")
        #expect(feed.items[1].author == "Grace")
    }

    @Test func atomElementsInsideRSS() throws {
        let feed = try readFeed(rss("""
            <item><title>T</title>
              <atom:link rel="alternate" href="http://example.org/alt"/>
              <atom:content type="html">&lt;p&gt;Body&lt;/p&gt;</atom:content>
              <atom:published>2019-01-02T15:04:05Z</atom:published>
              <atom:updated>2019-01-03T15:04:05Z</atom:updated>
              <atom:author><atom:name>John Doe</atom:name><atom:email>john@example.com</atom:email></atom:author>
              <atom:category term="atomterm"/>
            </item>
            """, namespaces: #"xmlns:atom="http://www.w3.org/2005/Atom""#)).feed
        let item = feed.items[0]
        #expect(item.link == "http://example.org/alt")
        #expect(item.content == "<p>Body</p>")
        #expect(item.published == InternetDate.parse("2019-01-02T15:04:05Z"))
        #expect(item.updated == InternetDate.parse("2019-01-03T15:04:05Z"))
        #expect(item.author == "John Doe")
        #expect(item.categories == ["atomterm"])
    }

    @Test func aStandaloneAtomEntryIsAOneItemFeed() throws {
        let result = try readFeed("""
            <?xml version="1.0"?>
            <entry \(atom)><id>urn:uuid:1</id><title>Alone</title><link href="http://example.org/alone"/>
            <updated>2024-01-01T00:00:00Z</updated></entry>
            """)
        #expect(result.warnings.isEmpty)
        #expect(result.feed.format == .atom10)
        #expect(result.feed.items.map(\.title) == ["Alone"])
        #expect(result.feed.items[0].id == "urn:uuid:1")
    }

    @Test func anUndeclaredContentPrefixInARecoveredFeed() throws {
        let result = try readFeed("""
            <rss version="0.91"><channel><item><title>T</title>
            <content:encoded><![CDATA[<img src="http://example.com/content.png">]]></content:encoded>
            <dc:creator>Someone</dc:creator></item></channel></rss>
            """)
        #expect(result.feed.items[0].content == #"<img src="http://example.com/content.png">"#)
        #expect(result.feed.items[0].author == "Someone")
        #expect(!result.warnings.isEmpty)
    }

    @Test func aBareRSSLinkWithHrefIsThePagesLinkButNotSelfOrHub() throws {
        let feed = try readFeed(rss("""
            <item><link>http://example.org/text</link><link href="http://example.org/href"/></item>
            <item><link>http://example.org/kept</link><link href="http://hub.example/" rel="hub"/></item>
            """)).feed
        #expect(feed.items.map(\.link) == ["http://example.org/href", "http://example.org/kept"])
    }

    @Test func relativeReferencesResolveAsRFC3986Says() {
        let base = "http://a/b/c/d;p?q"
        for (reference, expected) in [("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
                                      ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"),
                                      ("../g", "http://a/b/g"), ("../..", "http://a/"), ("#s", "#s"),
                                      ("https://x/y", "https://x/y"), ("tag:x,2004:1", "tag:x,2004:1")] {
            #expect(FeedURLs.resolve(reference, against: base) == expected, "\(reference)")
        }
        // A space is percent-encoded, as a browser would.
        #expect(FeedURLs.resolve("a b", against: base) == "http://a/b/c/a%20b")
        #expect(FeedURLs.resolve("g", against: nil) == "g")
        #expect(FeedURLs.resolve("g", against: "not a url") == "g")
    }
}

/// Media RSS, iTunes, RSS comments and source, feed pictures and categories, and how the JSON and
/// text outputs carry them.
@Suite struct FeedDetailsTests {
    private let namespaces = #"xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd""#

    private func podcast() throws -> Feed {
        try readFeed("""
            <rss version="2.0" \(namespaces)><channel><title>Pod</title><link>https://pod.example/</link>
            <description>About the pod</description>
            <image><url>https://pod.example/logo.png</url><title>Not the feed title</title><link>https://pod.example/</link></image>
            <itunes:image href="https://pod.example/itunes.png"/>
            <category>News</category><itunes:category text="Science"><itunes:category text="Physics"/></itunes:category>
            <item><title>Episode 1</title><guid>ep1</guid>
              <enclosure url="https://pod.example/1.mp3" type="audio/mpeg" length="38749539"/>
              <itunes:duration>26:53</itunes:duration><itunes:author>Host</itunes:author>
              <itunes:summary>Plain &amp; short</itunes:summary><itunes:image href="https://pod.example/1.png"/>
              <comments>https://pod.example/1#comments</comments>
              <source url="https://other.example/feed.xml">Other Feed</source>
              <category>Talk</category>
            </item>
            <item><title>Clip</title><guid>clip</guid>
              <media:group><media:content url="https://pod.example/v.mp4" type="video/mp4" fileSize="99" duration="3723"/>
              <media:thumbnail url="https://pod.example/thumb.jpg"/><media:description>In the group</media:description></media:group>
            </item>
            </channel></rss>
            """).feed
    }

    @Test func podcastAndMediaFields() throws {
        let feed = try podcast()
        #expect(feed.title == "Pod")
        #expect(feed.image == "https://pod.example/logo.png")
        #expect(feed.categories == ["News", "Science"])
        let episode = feed.items[0]
        #expect(episode.enclosures == [FeedEnclosure(url: "https://pod.example/1.mp3", type: "audio/mpeg", length: 38_749_539, duration: 1613)])
        #expect(episode.author == "Host")
        #expect(episode.summary == "Plain &amp; short")
        #expect(episode.image == "https://pod.example/1.png")
        #expect(episode.comments == "https://pod.example/1#comments")
        #expect(episode.sourceTitle == "Other Feed" && episode.sourceURL == "https://other.example/feed.xml")
        #expect(episode.categories == ["Talk"])
        let clip = feed.items[1]
        #expect(clip.enclosures == [FeedEnclosure(url: "https://pod.example/v.mp4", type: "video/mp4", length: 99, duration: 3723)])
        #expect(clip.image == "https://pod.example/thumb.jpg")
        #expect(clip.summary == "In the group")
    }

    @Test func atomLogoOrIconAndCategories() throws {
        let feed = try readFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/"><title>A</title>
            <icon>/favicon.ico</icon><category term="tech"/><category term="tech"/><category label="Life" term="life"/>
            </feed>
            """).feed
        #expect(feed.image == "https://a.example/favicon.ico")
        #expect(feed.categories == ["tech", "life"])
        let logo = try readFeed(#"<feed xmlns="http://www.w3.org/2005/Atom"><icon>http://x/i.ico</icon><logo>http://x/l.png</logo></feed>"#).feed
        #expect(logo.image == "http://x/l.png")
    }

    @Test func durationsAsPodcastsWriteThem() {
        #expect(FeedEnclosure.seconds("1:02:03") == 3723)
        #expect(FeedEnclosure.seconds("26:53") == 1613)
        #expect(FeedEnclosure.seconds("95") == 95)
        #expect(FeedEnclosure.seconds(" 12.5 ") == 12)
        #expect(FeedEnclosure.seconds("") == nil)
        #expect(FeedEnclosure.seconds("an hour") == nil)
        #expect(FeedEnclosure.seconds("1:2:3:4") == nil)
        #expect(FeedEnclosure.seconds("-5") == nil)
    }

    @Test func jsonCarriesTheFeedsAndItemsDetails() throws {
        var out = ""
        FeedExport.json(try podcast()) { out += $0 }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(json["description"] as? String == "About the pod")
        #expect(json["image"] as? String == "https://pod.example/logo.png")
        #expect(json["categories"] as? [String] == ["News", "Science"])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items[0]["author"] as? String == "Host")
        #expect(items[0]["categories"] as? [String] == ["Talk"])
        #expect(items[0]["comments"] as? String == "https://pod.example/1#comments")
        #expect(items[0]["image"] as? String == "https://pod.example/1.png")
        let source = try #require(items[0]["source"] as? [String: String])
        #expect(source == ["title": "Other Feed", "url": "https://other.example/feed.xml"])
        let enclosure = try #require((items[0]["enclosures"] as? [[String: Any]])?.first)
        #expect(enclosure["duration"] as? Int == 1613)
        #expect(items[1]["source"] is NSNull)
    }

    @Test func textListsLinksAndEnclosuresAsURLs() throws {
        let feed = try readFeed(rss("""
            <item><title>Linked</title><link>https://e.example/1</link>
            <description>See &lt;a href="https://e.example/a"&gt;a&lt;/a&gt; and &lt;a href="https://e.example/b"&gt;b&lt;/a&gt;.</description>
            <enclosure url="https://e.example/1.mp3" type="audio/mpeg" length="2000000"/>
            <comments>https://e.example/1/comments</comments></item>
            """)).feed
        var out = ""
        FeedExport.text(feed) { out += $0 }
        #expect(out.contains("\n  [1] https://e.example/a\n  [2] https://e.example/b\n"))
        #expect(out.contains("\n  enclosure: https://e.example/1.mp3 (audio/mpeg, 1.9 MB)\n"))
        #expect(out.contains("\n  comments: https://e.example/1/comments\n"))
    }
}
