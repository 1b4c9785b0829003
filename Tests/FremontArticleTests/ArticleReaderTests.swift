import Foundation
import FremontArticle
import FremontCore
import FremontTestSupport
import Testing

/// The extractor on small pages built to show one rule each, and on hostile input.
@Suite struct ArticleReaderTests {
    static let url = URL(string: "https://news.example/2024/story.html")!

    static let paragraph = "The council voted on Tuesday to extend the bridge's cycle lanes, after a year of counts, hearings, and letters from riders, shop owners, and neighbours."

    static func page(head: String = "", body: String) -> String {
        "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>"
    }

    static func read(_ html: String) throws -> Article {
        try ArticleReader.read(Data(html.utf8), name: "page", url: url)
    }

    static var story: String {
        (1...6).map { "<p>\($0). \(paragraph)</p>" }.joined()
    }

    @Test func theArticleIsKeptAndTheSidebarCommentsAndMenusAreNot() throws {
        let html = Self.page(body: """
            <nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <div class=sidebar><p>Most read: \(Self.paragraph)</p></div>
            <div id="main"><article class="post-body">\(Self.story)</article></div>
            <div class="comments"><p>Great, great, great, great post, said everyone, everywhere, always, again, and again, and again.</p></div>
            <footer><p>Copyright, all rights, reserved, and so on, and so forth, and more.</p></footer>
            """)
        let article = try Self.read(html)
        #expect(article.notArticle == nil)
        #expect(article.plainText.contains("1. The council voted"))
        #expect(article.plainText.contains("6. The council voted"))
        #expect(!article.plainText.contains("Most read"))
        #expect(!article.plainText.contains("Great, great"))
        #expect(!article.plainText.contains("Copyright"))
        #expect(!article.plainText.contains("Home"))
    }

    @Test func scriptsAndStylesAreNeverTextAndEntitiesAreDecoded() throws {
        let html = Self.page(head: "<style>p { color: red }</style>", body: """
            <div class="content"><script>document.write("<p>injected, injected, injected</p>"); var a = 1 < 2;</script>
            <p>Caf&eacute;&nbsp;owners &amp; riders agree. \(Self.paragraph)</p>\(Self.story)</div>
            """)
        let article = try Self.read(html)
        #expect(article.plainText.contains("Café owners & riders agree."))
        #expect(!article.text.contains("injected"))
        #expect(!article.text.contains("color: red"))
        #expect(!article.text.contains("var a"))
    }

    @Test func controlCharactersAndEscapeSequencesAreRemoved() throws {
        let html = Self.page(head: "<title>Evil \u{1B}]0;pwned\u{07} title of the story here</title>",
                             body: "<div><p>Bad \u{1B}[2J\u{1B}[31mred\u{202E}txt.exe \(Self.paragraph)</p>\(Self.story)</div>")
        let article = try Self.read(html)
        let everything = [article.text, article.plainText, article.metadata.title ?? ""].joined()
        #expect(!everything.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(article.text.contains("[31mred"))
    }

    @Test func linksAreNumberedAndResolvedAgainstThePageAndScriptLinksDropped() throws {
        let html = Self.page(body: """
            <div class="entry"><p>See <a href="../maps/bridge.html">the map</a>, <a href="javascript:alert(1)">this</a>, and <a href="https://other.example/x">that</a>. \(Self.paragraph)</p>\(Self.story)</div>
            """)
        let article = try Self.read(html)
        #expect(article.links == ["https://news.example/maps/bridge.html", "https://other.example/x"])
        #expect(article.text.contains("the map [1], this, and that [2]."))
    }

    @Test func headingsListsQuotesAndPreformattedBlocksKeepTheirShape() throws {
        let html = Self.page(body: """
            <article>\(Self.story)<h2>What changes</h2><ul><li>Wider lanes, both ways</li><li>New lights</li></ul>
            <blockquote><p>It is about time, frankly, said a rider.</p></blockquote>
            <pre>north  south
              12     30</pre>\(Self.story)</article>
            """)
        let article = try Self.read(html)
        #expect(article.text.contains("\n\nWhat changes\n\n"))
        #expect(article.text.contains("• Wider lanes, both ways\n• New lights"))
        #expect(article.text.contains("It is about time, frankly, said a rider."))
        #expect(article.text.contains("north  south\n  12     30"))
    }

    @Test func aPageWithoutEnoughTextIsNotAnArticleAndSaysWhy() throws {
        let article = try Self.read(Self.page(body: "<div><a href=/a>Videos</a> <p>Watch the clip.</p></div>"))
        #expect(article.notArticle?.contains("not an article") == true)
        #expect(article.notArticle?.contains("characters of text") == true)
        let pdf = try ArticleReader.read(Data("%PDF-1.7\n%âãÏÓ\n1 0 obj".utf8), name: "paper.pdf", url: nil)
        #expect(pdf.notArticle == "it is a PDF document, not a web page")
    }

    @Test func aPageWhoseArticleLooksUnlikelyIsFoundOnTheLooserRetry() throws {
        // Every block's class says "sidebar": the strict first attempt drops them all.
        let html = Self.page(body: "<div class=\"sidebar\">\(Self.story)</div>")
        let article = try Self.read(html)
        #expect(article.notArticle == nil)
        #expect(article.plainText.contains("6. The council voted"))
    }

    @Test func aPageOverTheSizeCapIsRefused() throws {
        let huge = Data(count: HTMLDocument.maxBytes + 1)
        #expect(throws: LoadError.self) { try HTMLDocument.parse(huge, name: "big.html") }
        do {
            _ = try HTMLDocument.parse(huge, name: "big.html")
        } catch {
            #expect(error.description.contains("big.html"))
            #expect(error.description.contains("8 MB") || error.description.contains("MiB") || error.description.contains("MB"))
        }
    }

    @Test func metadataPrefersTheMetaTagsThenTheCleanedTitle() throws {
        let head = """
            <title>Bridge lanes extended after a year of counts | Seattle Daily</title>
            <meta property="og:site_name" content="Seattle Daily">
            <meta property="article:published_time" content="2024-05-02T09:00:00Z">
            <meta name="description" content="The council votes yes.">
            """
        let article = try Self.read(Self.page(head: head, body: "<div><p class=\"byline\">By Ann Rider</p>\(Self.story)</div>"))
        #expect(article.metadata.title == "Bridge lanes extended after a year of counts")
        #expect(article.metadata.siteName == "Seattle Daily")
        #expect(article.metadata.published == "2024-05-02T09:00:00Z")
        #expect(article.metadata.excerpt == "The council votes yes.")
        #expect(article.metadata.byline == "By Ann Rider")
        #expect(!article.plainText.contains("Ann Rider"))

        let bare = try Self.read(Self.page(head: "<meta property=\"og:title\" content=\"The og title\">",
                                           body: "<span><time datetime=\"2024-01-01\">New Year</time></span><div>\(Self.story)</div>"))
        #expect(bare.metadata.title == "The og title")
        #expect(bare.metadata.published == "2024-01-01")
        #expect(bare.metadata.excerpt?.hasPrefix("1. The council voted") == true)
    }

    @Test func unquotedAttributesAndUnclosedTagsAreReadAsABrowserReadsThem() throws {
        let html = "<html><body><div class=comments><p>Spam, spam, spam, spam, spam, spam, spam, spam and spam.</div><div class=post>"
            + (1...6).map { "<p>\($0). \(Self.paragraph)" }.joined()
        let article = try Self.read(html)
        #expect(article.plainText.contains("6. The council voted"))
        #expect(!article.plainText.contains("Spam"))
    }

    @Test func bytesThatAreUTF8AreReadAsUTF8WhateverThePageDeclares() throws {
        // A page saved again as UTF-8 that still says gb2312 (Readability's qq page).
        let chinese = String(repeating: "谷歌旗下人工智能公司，今天发表了研究结果。", count: 20)
        let declared = try Self.read(Self.page(head: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">",
                                               body: "<article><p>\(chinese)</p><p>\(chinese)</p></article>"))
        #expect(declared.plainText.contains("谷歌旗下人工智能公司"))
        // Bytes that are not UTF-8 follow the declared charset.
        var latin = Data("<html><head><meta charset=\"windows-1252\"></head><body><article><p>Caf".utf8)
        latin.append(0xE9)
        latin.append(contentsOf: Array(" \(Self.paragraph)</p>\(Self.story)</article></body></html>".utf8))
        let legacy = try ArticleReader.read(latin, name: "page", url: nil)
        #expect(legacy.plainText.hasPrefix("Café The council"))
    }

    /// Thousands of sibling blocks dropped one by one (empty divs between paragraphs) must not cost a search of
    /// their siblings each: the time per byte stays that of a page of as many kept paragraphs.
    @Test func droppingManySiblingsTakesTimeInProportionToThePage() throws {
        func page(_ count: Int, _ block: String) -> Data {
            Data(Self.page(body: "<article>\(Self.story)\(String(repeating: block, count: count))</article>").utf8)
        }
        let growth = GrowthCheck.relativeGrowth(sizes: [1_000, 4_000, 16_000], bound: 4,
                                                make: { page($0, "<p>x</p><div></div>") },
                                                work: { _ = try? ArticleReader.read($0, name: "page", url: nil) },
                                                reference: { page($0, "<p>x</p><p>y</p>") },
                                                { _ = try? ArticleReader.read($0, name: "page", url: nil) })
        #expect(growth <= 4, "time per byte grew \(growth)× more than a page of paragraphs' from 1,000 to 16,000 empty divs")
    }

    @Test func blocksAreSeparatedInThePlainText() throws {
        let article = try Self.read(Self.page(body: "<article>\(Self.story)<p>last<p>words</article>"))
        #expect(article.plainText.hasSuffix("neighbours. last words"))
    }
}
