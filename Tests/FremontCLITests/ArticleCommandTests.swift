import Foundation
import FremontTestSupport
import Testing

/// `fremont article URL|FILE`: the same article from a file and from a URL, text or JSON, and a
/// page that is no article said so with exit status 2.
@Suite(.needsSharedData) struct ArticleCommandTests {
    static let page = "articles/readability/ars-1/source.html"

    @Test func aFilePrintsTheMetadataTheTextAndTheLinks() async throws {
        let run = try await Fremont.run(arguments: ["article", SharedData.path(Self.page)])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.hasPrefix("""
            Title: Just-released Minecraft exploit makes it easy to crash game servers
            By: Dan Goodin - Apr 16, 2015 8:02 pm UTC
            Site: Ars Technica
            Published: 2015-04-16T20:02:01+00:00
            Excerpt: Two-year-old bug exposes thousands of servers to crippling attack.

            """))
        #expect(run.output.contains("A flaw in the wildly popular online game Minecraft makes it easy"))
        #expect(run.output.contains("\nLinks:\n[1] "))
    }

    @Test func aURLGivesWhatTheFileGivesAndJSONForScripts() async throws {
        let local = try await Fremont.run(arguments: ["article", SharedData.path(Self.page), "--format", "json"])
        try await LoopbackServer.with { server in
            let remote = try await Fremont.run(arguments: ["article", server.address("/data/\(Self.page)"), "--format", "json"])
            #expect(remote.status == 0)
            #expect(remote.errors == "")
            let parsedRemote = try #require(try JSONSerialization.jsonObject(with: remote.standardOutput) as? [String: Any])
            let parsedLocal = try #require(try JSONSerialization.jsonObject(with: local.standardOutput) as? [String: Any])
            for key in ["title", "byline", "siteName", "published", "excerpt", "text", "wordCount"] {
                #expect("\(parsedRemote[key] ?? "nil")" == "\(parsedLocal[key] ?? "nil")", "\(key)")
            }
            #expect(parsedRemote["notArticle"] is NSNull)
            #expect((parsedRemote["wordCount"] as? Int ?? 0) > 500)
        }
    }

    /// libxml2's encoding layer prints past HTML_PARSE_NOERROR; nothing of it may reach stderr.
    @Test func aPageWhoseBytesDoNotFitItsCharsetPrintsNoParserNoise() async throws {
        let run = try await Fremont.run(arguments: ["article", SharedData.path("articles/readability/qq/source.html")])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.contains("DeepMind"))
    }

    @Test func aPageWithNoArticleSaysWhyAndExitsWithTwo() async throws {
        let home = try TestHome()
        let file = home.root.appendingPathComponent("video.html")
        try Data("<html><body><video src=clip.mp4></video><p>Watch it.</p></body></html>".utf8).write(to: file)
        let run = try await Fremont.run(arguments: ["article", file.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("video.html: only"))
        #expect(run.errors.contains("not an article"))
    }

    @Test func offlineSaysPagesAreNotCached() async throws {
        let run = try await Fremont.run(arguments: ["article", "http://127.0.0.1:9/page.html", "--offline"])
        #expect(run.status == 1)
        #expect(run.errors.contains("pages are not kept in the cache"))
    }
}
