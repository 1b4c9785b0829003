import Foundation
import FremontTestSupport
import Testing

@Suite(.needsSharedData) struct FeedCommandTests {
    @Test func jsonHasTheDocumentedShape() async throws {
        let run = try await Fremont.run(arguments: ["feed", SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss"), "--format", "json"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(json["title"] as? String == "NASA Breaking News")
        #expect(json["link"] as? String == "http://www.nasa.gov/")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 10)
        let first = items[0]
        #expect(Set(first.keys) == ["id", "title", "link", "published", "updated", "author", "summary", "content", "enclosures",
                                    "categories", "comments", "image", "source"])
        #expect(json["description"] as? String == "A RSS news feed containing the latest NASA news articles and press releases.")
        #expect(json["categories"] as? [String] == [])
        let source = try #require(first["source"] as? [String: Any])
        #expect(source["title"] as? String == "NASA Breaking News")
        #expect(source["url"] as? String == "http://www.nasa.gov/rss/dyn/breaking_news.rss")
        #expect(first["title"] as? String == "NASA to Host Live Chat on Successful Mission to Asteroid Belt")
        #expect(first["published"] as? String == "2018-09-04T22:48:00Z")
        #expect(first["updated"] is NSNull)
        let enclosure = try #require((first["enclosures"] as? [[String: Any]])?.first)
        #expect(enclosure["type"] as? String == "image/png" || enclosure["type"] as? String == "image/jpeg")
        #expect((enclosure["length"] as? NSNumber) != nil)
        // Key order as documented.
        #expect(run.output.hasPrefix("{\"id\":\"\",\"title\":\"NASA Breaking News\",\"link\":\"http://www.nasa.gov/\",\"description\":"))
        #expect(run.output.contains(",\"categories\":[],\"items\":[\n{\"id\":"))
    }

    @Test func textIsForAPerson() async throws {
        let run = try await Fremont.run(arguments: ["feed", SharedData.path("feeds/real/rust-syndication-rss__rss2sample.xml")])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Liftoff News")
        #expect(lines[1] == "http://liftoff.msfc.nasa.gov/")
        #expect(lines[2] == "4 items")
        #expect(lines[3] == "")
        #expect(lines[4] == "Star City")
        #expect(lines[5] == "  2003-06-03T09:39:21Z")
        #expect(lines[6] == "  http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp")
        // The summary is HTML rendered as text: the link becomes a numbered reference.
        #expect(lines[7].hasPrefix("  How do Americans get ready to work with Russians aboard the International Space Station? They take a crash course in culture, language and protocol at Russia's Star City [1]."))
    }

    @Test func repairsAreWarningsOnStderrWithTheirPlace() async throws {
        let path = SharedData.path("feeds/real/feedjira__TechCrunch.xml")
        let run = try await Fremont.run(arguments: ["feed", path, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.errors == "\(path):1:1: warning: whitespace before the XML declaration (not allowed): moved after it\n")
        #expect(run.output.contains("\"title\":\"TechCrunch\""))
    }

    @Test func standardInputIsReadAndRepaired() async throws {
        let xml = "\n<?xml version=\"1.0\"?><rss><channel><title>In</title><item><title>A &amp; B&nbsp;C</title></item></channel></rss>"
        let run = try await Fremont.run(arguments: ["feed", "-", "--format", "json"], input: Data(xml.utf8))
        #expect(run.status == 0)
        #expect(run.output.contains("\"title\":\"A & B\u{A0}C\""))
        #expect(run.errors.split(separator: "\n").count == 2)
        #expect(run.errors.hasPrefix("<stdin>:1:1: warning: "))
    }

    @Test func notAFeedIsOneLineAndAFailure() async throws {
        let run = try await Fremont.run(arguments: ["feed", "-"], input: Data("<!DOCTYPE html>\n<html><body>Not here</body></html>".utf8))
        #expect(run.status != 0)
        #expect(run.output == "")
        #expect(run.errors == "fremont: <stdin>:2:6: not a feed: the root element is <html>\n")
    }

    @Test func aMissingFileIsOneLineAndAFailure() async throws {
        let run = try await Fremont.run(arguments: ["feed", "/nonexistent/feed.xml"])
        #expect(run.status != 0)
        #expect(run.errors == "fremont: /nonexistent/feed.xml: cannot open: No such file or directory\n")
    }

    @Test func severalFeedsPrintOneAfterAnother() async throws {
        let nasa = SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss")
        let debian = SharedData.path("feeds/real/feed-rs__rss_1.0_debian.xml")
        let text = try await Fremont.run(arguments: ["feed", nasa, debian])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("NASA Breaking News\n"))
        #expect(text.output.contains("\n\nDebian News\nhttps://www.debian.org/News/\n1 item\n"))
        // In JSON, several feeds make an array.
        let json = try await Fremont.run(arguments: ["feed", nasa, debian, "--format", "json"])
        let feeds = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(feeds.map { $0["title"] as? String } == ["NASA Breaking News", "Debian News"])
        // A broken one among them: the others still print; the status says something failed.
        let broken = try await Fremont.run(arguments: ["feed", "/nonexistent/feed.xml", debian])
        #expect(broken.status == 1)
        #expect(broken.output.hasPrefix("Debian News\n"))
        #expect(broken.errors == "fremont: /nonexistent/feed.xml: cannot open: No such file or directory\n")
    }

    @Test func hostileTextCannotReachTheTerminal() async throws {
        let xml = "<rss><channel><title>T\u{1B}]0;pwned\u{07}</title><item><title>&#x1B;[31mred &#x202E;evil</title>"
            + "<description>&lt;p&gt;x&#x1B;[2J&lt;/p&gt;</description></item></channel></rss>"
        for format in ["text", "json"] {
            let run = try await Fremont.run(arguments: ["feed", "-", "--format", format], input: Data(xml.utf8))
            #expect(run.status == 0)
            #expect(!run.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
        }
    }
}
