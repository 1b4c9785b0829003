import Foundation
import Testing
@testable import FremontCore

/// JSON Feed 1.0 and 1.1 read into the same model as RSS and Atom; the examples are the spec's
/// own (jsonfeed.org/version/1.1: "My Example Feed", "The Record" podcast; 1.0's microblog).
@Suite struct JSONFeedTests {
    private func read(_ json: String, name: String = "feed.json", limits: FeedLimits = FeedLimits()) throws(LoadError) -> FeedParseResult {
        try FeedParser.parse(.string(json, name: name), limits: limits)
    }

    private func failure(_ json: String, limits: FeedLimits = FeedLimits()) -> LoadError? {
        do {
            _ = try read(json, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func theSpecsSimpleExample() throws {
        let result = try read("""
            {
                "version": "https://jsonfeed.org/version/1.1",
                "title": "My Example Feed",
                "home_page_url": "https://example.org/",
                "feed_url": "https://example.org/feed.json",
                "items": [
                    {
                        "id": "2",
                        "content_text": "This is a second item.",
                        "url": "https://example.org/second-item"
                    },
                    {
                        "id": "1",
                        "content_html": "<p>Hello, world!</p>",
                        "url": "https://example.org/initial-post"
                    }
                ]
            }
            """)
        let feed = result.feed
        #expect(result.warnings.isEmpty)
        #expect(feed.format == .jsonFeed11)
        #expect(feed.title == "My Example Feed")
        #expect(feed.link == "https://example.org/")
        #expect(feed.items.map(\.id) == ["2", "1"])
        #expect(feed.items.map(\.link) == ["https://example.org/second-item", "https://example.org/initial-post"])
        #expect(feed.items.map(\.content) == ["This is a second item.", "<p>Hello, world!</p>"])
    }

    @Test func theSpecsPodcastExample() throws {
        let result = try read("""
            {
                "version": "https://jsonfeed.org/version/1.1",
                "user_comment": "This is a podcast feed. You can add this feed to your podcast client using the following URL: http://therecord.co/feed.json",
                "title": "The Record",
                "home_page_url": "http://therecord.co/",
                "feed_url": "http://therecord.co/feed.json",
                "items": [
                    {
                        "id": "http://therecord.co/chris-parrish",
                        "title": "Special #1 - Chris Parrish",
                        "url": "http://therecord.co/chris-parrish",
                        "content_text": "Chris has worked at Adobe and as a founder of Rogue Sheep, which won an Apple Design Award for Postage.",
                        "content_html": "Chris has worked at <a href=\\"http://adobe.com/\\">Adobe</a> and as a founder of Rogue Sheep, which won an Apple Design Award for Postage.",
                        "summary": "Brent interviews Chris Parrish, co-host of The Record and one-half of Aged & Distilled.",
                        "date_published": "2014-05-09T14:04:00-07:00",
                        "attachments": [
                            {
                                "url": "http://therecord.co/downloads/The-Record-sp1e1-ChrisParrish.m4a",
                                "mime_type": "audio/x-m4a",
                                "size_in_bytes": 89970236,
                                "duration_in_seconds": 6629
                            }
                        ]
                    }
                ]
            }
            """)
        let item = try #require(result.feed.items.first)
        #expect(item.id == "http://therecord.co/chris-parrish")
        #expect(item.title == "Special #1 - Chris Parrish")
        // content_html wins over content_text; the summary is text, so HTML-escaped.
        #expect(item.content.hasPrefix("Chris has worked at <a href=\"http://adobe.com/\">Adobe</a>"))
        #expect(item.summary == "Brent interviews Chris Parrish, co-host of The Record and one-half of Aged &amp; Distilled.")
        #expect(item.published == Date(timeIntervalSince1970: 1_399_669_440))
        #expect(item.enclosures == [FeedEnclosure(url: "http://therecord.co/downloads/The-Record-sp1e1-ChrisParrish.m4a",
                                                  type: "audio/x-m4a", length: 89_970_236, duration: 6629)])
    }

    @Test func version1sMicroblogExampleWithTheFeedsAuthor() throws {
        let result = try read("""
            {
                "version": "https://jsonfeed.org/version/1",
                "title": "Brent Simmons’s Microblog",
                "home_page_url": "https://example.org/",
                "feed_url": "https://example.org/feed.json",
                "author": {
                    "name": "Brent Simmons",
                    "url": "http://example.org/",
                    "avatar": "https://example.org/avatar.png"
                },
                "items": [
                    {
                        "id": "2347259",
                        "url": "https://example.org/2347259",
                        "content_text": "Cool, we had our first contact with aliens! Yay! Thinking I should tell my friends…",
                        "date_published": "2016-02-09T14:22:00-07:00"
                    }
                ]
            }
            """)
        #expect(result.feed.format == .jsonFeed10)
        #expect(result.feed.title == "Brent Simmons’s Microblog")
        let item = try #require(result.feed.items.first)
        #expect(item.author == "Brent Simmons")
        #expect(item.content == "Cool, we had our first contact with aliens! Yay! Thinking I should tell my friends…")
        #expect(item.published == Date(timeIntervalSince1970: 1_455_052_920))
    }

    @Test func everyFieldOfVersion11() throws {
        // Keys in any order (items before version), numbers as ids, 1.1's authors over 1.0's author,
        // extensions and unknown keys skipped, relative addresses resolved against feed_url.
        let result = try read("""
            {"items": [{"id": 42, "external_url": "https://elsewhere.example/post", "title": " A <b> title ",
              "content_text": "a < b", "image": "/img/1.png", "banner_image": "/img/banner.png",
              "date_modified": "2020-01-02T03:04:05Z", "tags": ["swift", "json", "swift"],
              "authors": [{"name": "Ann"}, {"url": "https://bob.example/"}], "author": {"name": "Old"},
              "_custom": {"deep": [[[1]]]}, "attachments": [{"url": "/a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": "12"}]},
              {"url": "post/2", "date_published": "2020-01-01T00:00:00Z"}, {"title": "only a title"}],
             "_ext": {"x": null}, "icon": "icon.png", "favicon": "favicon.ico", "description": "About",
             "authors": [{"name": "Feed Author"}], "expired": false, "hubs": [{"type": "WebSub", "url": "https://hub"}],
             "feed_url": "https://example.org/feeds/feed.json", "home_page_url": "/",
             "version": "https://jsonfeed.org/version/1.1", "title": "All"}
            """)
        #expect(result.warnings.isEmpty)
        let feed = result.feed
        #expect(feed.link == "https://example.org/")
        #expect(feed.image == "https://example.org/feeds/icon.png")
        #expect(feed.description == "About")
        let first = feed.items[0]
        #expect(first.id == "42")
        #expect(first.link == "https://elsewhere.example/post")
        #expect(first.title == "A <b> title")
        #expect(first.content == "a &lt; b")
        #expect(first.image == "https://example.org/img/1.png")
        #expect(first.updated == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(first.categories == ["swift", "json"])
        #expect(first.author == "Ann, https://bob.example/")
        #expect(first.enclosures == [FeedEnclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 12)])
        // Without an id: link and date, as for RSS; the feed's author for an item without one.
        #expect(feed.items[1].id == "https://example.org/feeds/post/2#2020-01-01T00:00:00Z")
        #expect(feed.items[1].author == "Feed Author")
        #expect(feed.items[2].id == "only a title")
    }

    @Test func aDocumentBaseWinsOverFeedURL() throws {
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "feed_url": "https://a.example/f.json", "items": [{"id": "1", "url": "p"}]}"#
        let result = try FeedParser.parse(.bytes(Data(json.utf8), name: "https://b.example/x/feed"))
        #expect(result.feed.items[0].link == "https://b.example/x/p")
    }

    @Test func jsonThatIsNotAJSONFeedSaysSo() {
        #expect(failure(#"[{"date": "2016-04-01", "count": 3}]"#)?.message
                == "not a feed: the document is JSON, but not a JSON Feed (its root is not an object)")
        let noVersion = failure("{\n  \"title\": \"x\", \"items\": []}")
        #expect(noVersion?.message == "not a feed: the document is JSON, but not a JSON Feed (it has no \"version\": \"https://jsonfeed.org/version/1.1\")")
        #expect(noVersion?.location == SourceLocation(line: 1, column: 1))
        let other = failure("{\"version\": \"2.0\", \"items\": []}")
        #expect(other?.message == "not a feed: the document is JSON, but its version '2.0' is not a JSON Feed's (https://jsonfeed.org/version/1.1)")
        #expect(other?.location == SourceLocation(line: 1, column: 13))
        let cut = failure("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"id\": \"1\"")
        #expect(cut?.message == "the document ends early, expected ',' or '}' in an object (is it cut off?)")
    }

    @Test func wrongKindsAreWarningsWithTheirPlace() throws {
        let result = try read("""
            {"version": "https://jsonfeed.org/version/1.1", "title": 7,
             "items": [{"id": "1", "tags": "one", "attachments": {}}, "nonsense"]}
            """)
        #expect(result.feed.items.map(\.id) == ["1"])
        #expect(result.warnings.map(\.description) == [
            "line 1:58: \"title\" should be a string: ignored",
            "line 2:32: \"tags\" should be an array of strings: ignored",
            "line 2:54: \"attachments\" should be an array: ignored",
            "line 2:59: an item should be an object: ignored",
        ])
    }

    @Test func boundedLikeTheXMLPath() throws {
        let items = (1...10).map { "{\"id\": \"\($0)\"}" }.joined(separator: ",\n")
        let result = try read("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [\n\(items)]}",
                              limits: FeedLimits(maximumItems: 4))
        #expect(result.feed.items.map(\.id) == ["1", "2", "3", "4"])
        #expect(result.warnings.map(\.message) == ["more than 4 items, the limit for a feed: the rest is not read"])
        #expect(result.warnings.first?.location?.line == 6)

        let long = String(repeating: "é", count: 100)
        let cut = try read("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"id\": \"1\", \"content_html\": \"\(long)\"}]}",
                           limits: FeedLimits(maximumFieldBytes: 41))
        #expect(cut.feed.items[0].content == String(repeating: "é", count: 20))
        #expect(cut.warnings.map(\.message) == ["\"content_html\" is longer than 41 bytes, the limit for a field: the rest is dropped"])

        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(failure("{\"version\": \"https://jsonfeed.org/version/1.1\", \"_x\": \(deep)}", limits: FeedLimits(maximumDepth: 128))?.message
                == "values nested more than 128 levels deep")
        let big = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [" + String(repeating: "{\"id\": \"x\"},", count: 20_000) + "{}]}"
        #expect(failure(big, limits: FeedLimits(maximumBytes: 100_000))?.kind == .tooLarge)
    }
}
