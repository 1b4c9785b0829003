import Foundation
import FremontTestSupport
import Testing
@testable import FremontCore

/// Each dialect, and how its fields land in the model.
@Suite(.needsSharedData) struct FeedFormatTests {
    @Test func rss2ItemWithEveryField() throws {
        let result = try readFeed(rss("""
            <item>
              <title>  Star City  </title>
              <link>http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp</link>
              <description>How do Americans get ready to work with Russians aboard the
                International Space Station? &lt;a href="http://x"&gt;More&lt;/a&gt;</description>
              <content:encoded><![CDATA[<p>The <b>full</b> story & more</p>]]></content:encoded>
              <pubDate>Tue, 03 Jun 2003 09:39:21 GMT</pubDate>
              <guid isPermaLink="false">item573</guid>
              <author>editor@example.org (Ed)</author>
              <dc:creator>Jane Roe</dc:creator>
              <category>Space</category>
              <category>Space</category>
              <dc:subject>Russia</dc:subject>
              <enclosure url="http://example.org/a.mp3" length="12216320" type="audio/mpeg"/>
              <source url="http://other.example/rss">Another feed's title</source>
            </item>
            """, namespaces: #"xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/""#))
        #expect(result.warnings.isEmpty)
        let feed = result.feed
        #expect(feed.format == .rss2)
        #expect(feed.title == "Test feed")
        #expect(feed.link == "https://example.org/")
        #expect(feed.description == "About tests")
        let item = try #require(feed.items.first)
        #expect(item.title == "Star City")
        #expect(item.link == "http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp")
        #expect(item.summary.hasPrefix("How do Americans"))
        #expect(item.summary.hasSuffix(#"<a href="http://x">More</a>"#))
        #expect(item.content == "<p>The <b>full</b> story & more</p>")
        #expect(item.published == date(iso: "2003-06-03T09:39:21Z"))
        #expect(item.updated == nil)
        #expect(item.id == "item573")
        #expect(item.author == "Jane Roe")
        #expect(item.categories == ["Space", "Russia"])
        #expect(item.enclosures == [FeedEnclosure(url: "http://example.org/a.mp3", type: "audio/mpeg", length: 12_216_320)])
    }

    @Test func rss091WithoutNamespacesOrDates() throws {
        let result = try readFeed("""
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <rss version="0.91"><channel><title>Dicas</title><link>http://dicas.example/</link>
            <item><title>bash</title><link>http://dicas.example/1</link><description>Expans\u{E3}o</description></item>
            </channel></rss>
            """)
        #expect(result.feed.format == .rss2)
        #expect(result.feed.items.map(\.title) == ["bash"])
        #expect(result.feed.items[0].id == "http://dicas.example/1")
        #expect(result.feed.items[0].published == nil)
    }

    @Test func rss090AndRSS10AreRDF() throws {
        let rss090 = try readFeed("""
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
            <channel><title>Mozilla Dot Org</title><link>http://www.mozilla.org</link></channel>
            <image><title>Mozilla</title><link>http://www.mozilla.org/image</link></image>
            <item><title>New Status Updates</title><link>http://www.mozilla.org/status/</link></item>
            </rdf:RDF>
            """)
        #expect(rss090.feed.format == .rss090)
        #expect(rss090.feed.title == "Mozilla Dot Org")
        #expect(rss090.feed.link == "http://www.mozilla.org")
        #expect(rss090.feed.items.map(\.link) == ["http://www.mozilla.org/status/"])

        let rss10 = try readFeed("""
            <?xml version="1.0" encoding="utf-8"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel rdf:about="https://www.debian.org/News/"><title>Debian News</title><link>https://www.debian.org/News/</link>
              <items><rdf:Seq><rdf:li resource="https://www.debian.org/News/2022/20221217"/></rdf:Seq></items></channel>
            <item rdf:about="https://www.debian.org/News/2022/20221217">
              <title>Updated Debian 11: 11.6 released</title><link>https://www.debian.org/News/2022/20221217</link>
              <description>The sixth update</description><content:encoded>&lt;p&gt;Full&lt;/p&gt;</content:encoded>
              <dc:date>2022-12-17</dc:date><dc:creator>Debian</dc:creator>
            </item>
            </rdf:RDF>
            """)
        #expect(rss10.feed.format == .rss10)
        let item = try #require(rss10.feed.items.first)
        #expect(rss10.feed.items.count == 1)
        #expect(item.published == date(iso: "2022-12-17T00:00:00Z"))
        #expect(item.content == "<p>Full</p>")
        #expect(item.author == "Debian")
        // RSS 1.0 names its item by rdf:about, as feedparser reads it (no link-and-date fallback).
        #expect(item.id == "https://www.debian.org/News/2022/20221217")
    }

    @Test func atom10EntryWithEveryField() throws {
        let result = try readFeed("""
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
              <title type="html">Sam &lt;i&gt;Ruby&lt;/i&gt;</title>
              <subtitle>It’s just data</subtitle>
              <link rel="self" href="http://intertwingly.net/blog/index.atom"/>
              <link href="http://intertwingly.net/blog/"/>
              <updated>2012-07-25T12:39:39-07:00</updated>
              <author><name>Sam Ruby</name></author>
              <entry>
                <id>tag:intertwingly.net,2004:3299</id>
                <link rel="replies" href="3299.atom"/>
                <link rel="alternate" type="text/html" href="/blog/2012/07/16/Inhibiting-Suspend"/>
                <link rel="enclosure" type="audio/mpeg" length="1337" href="http://example.org/a.mp3"/>
                <title type="html">&lt;b&gt;Inhibiting&lt;/b&gt; Suspend</title>
                <summary type="text">a &lt; b &amp; c</summary>
                <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>One <a href="http://x/?a=1&amp;b=2">two</a></p><br/></div></content>
                <published>2012-07-16T08:48:01-07:00</published>
                <updated>2012-07-17T08:48:01.5Z</updated>
                <category term="linux"/><category term="power" label="Power"/>
                <source><title>Not this title</title><id>not-this-id</id></source>
              </entry>
              <entry>
                <title>Second</title>
                <link href="http://example.org/2"/>
                <author><name>Guest</name></author>
                <media:group><media:content url="http://example.org/v.mp4" type="video/mp4" fileSize="99"/></media:group>
              </entry>
            </feed>
            """)
        #expect(result.warnings.isEmpty)
        let feed = result.feed
        #expect(feed.format == .atom10)
        #expect(feed.title == "Sam Ruby")
        #expect(feed.description == "It’s just data")
        #expect(feed.link == "http://intertwingly.net/blog/")
        #expect(feed.updated == date(iso: "2012-07-25T19:39:39Z"))
        #expect(feed.items.count == 2)
        let first = feed.items[0]
        #expect(first.id == "tag:intertwingly.net,2004:3299")
        #expect(first.title == "Inhibiting Suspend")
        // Relative, with no xml:base and no address: resolved against the feed's self link.
        #expect(first.link == "http://intertwingly.net/blog/2012/07/16/Inhibiting-Suspend")
        #expect(first.summary == "a &lt; b &amp; c")
        #expect(first.content == #"<p>One <a href="http://x/?a=1&amp;b=2">two</a></p><br>"#)
        #expect(first.published == date(iso: "2012-07-16T15:48:01Z"))
        #expect(first.updated == date(iso: "2012-07-17T08:48:01.5Z"))
        #expect(first.author == "Sam Ruby")
        #expect(first.categories == ["linux", "power"])
        #expect(first.enclosures == [FeedEnclosure(url: "http://example.org/a.mp3", type: "audio/mpeg", length: 1337)])
        let second = feed.items[1]
        #expect(second.author == "Guest")
        #expect(second.link == "http://example.org/2")
        #expect(second.id == "http://example.org/2")
        #expect(second.enclosures == [FeedEnclosure(url: "http://example.org/v.mp4", type: "video/mp4", length: 99)])
    }

    @Test func atom03() throws {
        let result = try readFeed("""
            <?xml version="1.0" encoding="utf-8"?>
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
              <title>Old Atom</title><tagline>Still out there</tagline>
              <link rel="alternate" type="text/html" href="http://example.org/"/>
              <modified>2004-05-01T12:00:00Z</modified>
              <entry>
                <title>First</title><link rel="alternate" type="text/html" href="http://example.org/1"/>
                <id>tag:example.org,2004:1</id><issued>2004-04-30T08:00:00-04:00</issued>
                <modified>2004-05-01T12:00:00Z</modified>
                <content type="text/html" mode="escaped">&lt;p&gt;Hi&lt;/p&gt;</content>
              </entry>
            </feed>
            """)
        #expect(result.feed.format == .atom03)
        #expect(result.feed.description == "Still out there")
        #expect(result.feed.updated == date(iso: "2004-05-01T12:00:00Z"))
        let item = try #require(result.feed.items.first)
        #expect(item.published == date(iso: "2004-04-30T12:00:00Z"))
        #expect(item.content == "<p>Hi</p>")
        #expect(item.link == "http://example.org/1")
    }

    @Test func idFallsBackFromGuidToLinkAndDateToLinkToTitle() throws {
        let result = try readFeed(rss("""
            <item><guid>g-1</guid><link>http://e/1</link></item>
            <item><link>http://e/2</link><pubDate>Tue, 04 Sep 2018 18:48 EDT</pubDate></item>
            <item><link>http://e/3</link></item>
            <item><title>Only a title</title></item>
            <item></item>
            """))
        // An item with nothing at all is named by the digest of its (empty) text: never "", which
        // every such item shared (see ItemIdentityTests).
        #expect(result.feed.items.map(\.id) == ["g-1", "http://e/2#2018-09-04T22:48:00Z", "http://e/3", "Only a title", "text:cbf29ce484222325"])
    }

    @Test func linkPrefersAlternateThenNoRelThenPermalinkGuid() throws {
        let atom = try readFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom">
            <entry><link rel="related" href="http://e/related"/><link href="http://e/plain"/><link rel="alternate" href="http://e/alt"/></entry>
            <entry><link rel="related" href="http://e/related"/><link href="http://e/plain"/></entry>
            <entry><link rel="self" href="http://e/self"/></entry>
            </feed>
            """)
        #expect(atom.feed.items.map(\.link) == ["http://e/alt", "http://e/plain", ""])
        let rss = try readFeed(rss("""
            <item><guid>http://e/permalink</guid></item>
            <item><guid isPermaLink="false">http://e/not-a-link</guid></item>
            <item><atom:link rel="alternate" href="http://e/atom"/></item>
            """, namespaces: #"xmlns:atom="http://www.w3.org/2005/Atom""#))
        #expect(rss.feed.items.map(\.link) == ["http://e/permalink", "", "http://e/atom"])
    }

    @Test func missingFieldsAreEmptyAndTextIsTrimmed() throws {
        let result = try readFeed(rss("<item>\n  <title>\n\t Spaced out \n</title><enclosure url=\"http://e/f\" length=\"junk\"/></item>"))
        let item = try #require(result.feed.items.first)
        #expect(item.title == "Spaced out")
        #expect(item.link == "" && item.summary == "" && item.content == "" && item.author == "")
        #expect(item.published == nil && item.updated == nil)
        #expect(item.enclosures == [FeedEnclosure(url: "http://e/f", type: "", length: nil)])
    }

    @Test func itemFieldsAreNotTakenFromNestedElements() throws {
        // The channel image's title, an RSS <source> and unknown namespaces must not leak into items.
        let result = try readFeed(rss("""
            <image><title>Logo</title><link>http://e/logo</link></image>
            <item><x:wrapper xmlns:x="urn:x"><title>Wrong</title></x:wrapper><title>Right</title>
              <x:title xmlns:x="urn:x">Also wrong</x:title></item>
            """))
        #expect(result.feed.title == "Test feed")
        #expect(result.feed.link == "https://example.org/")
        #expect(result.feed.items.map(\.title) == ["Right"])
    }

    @Test func unreadableDatesAreEmptyWithAWarningWhereTheyAre() throws {
        let result = try readFeed(rss("<item><title>a</title>\n<pubDate>the day after tomorrow</pubDate></item>"))
        #expect(result.feed.items.first?.published == nil)
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message == "unreadable date 'the day after tomorrow' in <pubDate>: left empty")
        #expect(result.warnings.first?.location?.line == 8)
    }

    @Test func windows1252ReferencesInPlainFieldsReadAsBrowsersDo() throws {
        let result = try readFeed(rss("<item><title>It&#146;s &#147;quoted&#148; &#150; ok</title></item>"))
        #expect(result.feed.items.first?.title == "It’s “quoted” – ok")
    }

    @Test func textArrivingInPiecesIsJoined() throws {
        // libxml2 hands entities, CDATA and plain runs over separately.
        let result = try readFeed(rss("<item><title>R&amp;D &lt;beta&gt; <![CDATA[& more]]> &#8217;s</title></item>"))
        #expect(result.feed.items.first?.title == "R&D <beta> & more ’s")
    }
}

/// Atom's `type="xhtml"` wrapper div is not content, whitespace around it or not (FeedKit's sample).
@Suite(.needsSharedData) struct FeedXHTMLTests {
    @Test func theWrapperDivGoesAndTheMarkupStays() throws {
        let result = try FeedParser.parse(.file(SharedData.path("feeds/real/FeedKit__Atom_plus_XHTML.xml")))
        let item = try #require(result.feed.items.first)
        #expect(item.summary == #"<p><strong>Some markings</strong><a href="http://www.example.org/">Example</a></p><div class="blockquote"><p>On a quote...</p></div>"#)
        #expect(result.warnings.isEmpty)
    }
}

/// Items without guid, link or title (RSS 0.92's podcasts: a description, maybe an enclosure)
/// are told apart, the same way in every run, so each is one item to read and mark.
@Suite(.needsSharedData) struct ItemIdentityTests {
    @Test func aPodcastOfTwentyTwoItemsWithoutGuidLinkOrTitleHasTwentyTwoIds() throws {
        let path = SharedData.path("feeds/real/rust-syndication-rss__rss092.xml")
        let items = try FeedParser.parse(.file(path)).feed.items
        #expect(items.count == 22)
        #expect(items.allSatisfy { $0.link.isEmpty && $0.title.isEmpty })
        #expect(Set(items.map(\.id)).count == 22)
        // Stable: a second parse (another fetch, another run) gives the same ids.
        #expect(try FeedParser.parse(.file(path)).feed.items.map(\.id) == items.map(\.id))
        // The enclosure names a podcast's episode.
        let episode = try #require(items.first { !$0.enclosures.isEmpty })
        #expect(episode.id == episode.enclosures[0].url)
    }

    @Test func theFallbacksInOrder() throws {
        let items = try readFeed(rss("""
            <item><guid>g1</guid><link>https://e.org/1</link><title>T</title></item>
            <item><link>https://e.org/2</link><pubDate>Wed, 05 Sep 2018 10:00:00 GMT</pubDate></item>
            <item><title>Only a title</title><enclosure url="https://e.org/a.mp3" type="audio/mpeg" length="1"/></item>
            <item><enclosure url="https://e.org/b.mp3" type="audio/mpeg" length="1"/><pubDate>Wed, 05 Sep 2018 10:00:00 GMT</pubDate></item>
            <item><description>one text</description></item>
            <item><description>another text</description></item>
            <item><description>one text</description></item>
            <item><guid>g1</guid></item>
            """)).feed.items
        #expect(items[0].id == "g1")
        #expect(items[1].id == "https://e.org/2#2018-09-05T10:00:00Z")
        #expect(items[2].id == "Only a title")
        #expect(items[3].id == "https://e.org/b.mp3#2018-09-05T10:00:00Z")
        #expect(items[4].id.hasPrefix("text:") && items[5].id.hasPrefix("text:") && items[4].id != items[5].id)
        // The same again, with nothing to name it, is another item; a repeated guid stays the same item.
        #expect(items[6].id == items[4].id + "#2")
        #expect(items[7].id == "g1")
    }
}
