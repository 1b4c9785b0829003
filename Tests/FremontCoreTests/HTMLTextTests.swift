import Foundation
import Testing
@testable import FremontCore
import FremontTestSupport

@Suite struct HTMLTextTests {
    private func text(_ html: String) -> String { HTMLText.render(html).text }

    @Test func paragraphsAndBlocksAreSeparatedByBlankLines() {
        #expect(text("<p>One</p><p>Two</p>") == "One\n\nTwo")
        #expect(text("<h1>Title</h1><div>Body</div><blockquote>Quote</blockquote>") == "Title\n\nBody\n\nQuote")
        #expect(text("Intro<p>Para</p>Outro") == "Intro\n\nPara\n\nOutro")
        #expect(text("<div><div><p>Nested</p></div></div><p>Next</p>") == "Nested\n\nNext")
    }

    /// Lines are trimmed by Characters: a space that a prepended letter (U+0D4E) takes into its
    /// Character stays, a plain trailing space or tab goes. (A prepended concatenation mark,
    /// U+0600, never reaches a terminal: it goes, and the space after it with it.)
    @Test func trailingSpacesGoByCharacters() {
        // (A no-break space is written as a space, and is not collapsed away like one.)
        #expect(text("<p>\u{0D4E}&nbsp;</p><p>b&nbsp;</p>") == "\u{0D4E} \n\nb")
        #expect(text("<p>\u{0600}&nbsp;</p><p>b&nbsp;</p>") == "b")
        #expect(text("<p>é&nbsp;&nbsp;</p><p>日本&nbsp;</p>") == "é\n\n日本")
        #expect(text("a <br> <br> <br> <br>b") == "a\n\nb")
    }

    @Test func brIsALineBreak() {
        #expect(text("one<br>two<br/>three<BR />four") == "one\ntwo\nthree\nfour")
        #expect(text("a<br><br>b") == "a\n\nb")
        #expect(text("<p>a<br></p><p>b</p>") == "a\n\nb")
        #expect(text("<br>lead") == "lead")
    }

    @Test func listItemsBecomeBulletsAndNumbers() {
        #expect(text("<ul><li>One</li><li>Two</li></ul>") == "• One\n• Two")
        #expect(text("<ol><li>First<li>Second</ol>") == "1. First\n2. Second")
        #expect(text("<ol start=\"3\"><li>Third</li></ol>") == "3. Third")
        #expect(text("<p>Before</p><ul><li><p>Item</p></li></ul><p>After</p>") == "Before\n\n• Item\n\nAfter")
        #expect(text("<ul><li>Outer<ul><li>Inner</li></ul></li><li>Next</li></ul>") == "• Outer\n  • Inner\n• Next")
        #expect(text("<li>stray item") == "• stray item")
    }

    @Test func scriptStyleAndHeadAreDroppedWithTheirContent() {
        let html = """
            <html><head><title>Page</title><style>p { color: red }</style></head>
            <body><script>document.write("<p>evil</p>")</script><p>Visible</p>
            <SCRIPT type="text/javascript">alert(1)</SCRIPT></body></html>
            """
        #expect(text(html) == "Visible")
        #expect(text("<p>a</p><script>never closed <p>b</p>") == "a")
    }

    @Test func namedAndNumericEntitiesAreDecoded() {
        #expect(text("<p>caf&eacute; &mdash; &hellip; &rsquo;s &ldquo;q&rdquo; &amp; &lt;b&gt; &copy; &euro;</p>")
            == "café — … ’s “q” & <b> © €")
        #expect(text("<p>&#233;&#xE9;&#XE9;&#8212;&#x1F6B2;</p>") == "ééé—🚲")
        #expect(text("<p>&#146;quoted&#148; &#150; dash</p>") == "’quoted” – dash") // windows-1252 range
        #expect(text("<p>a&nbsp;b&nbsp;&nbsp;c</p>") == "a b  c")
        #expect(text("<p>&#0; &#xD800; &#99999999;</p>") == "\u{FFFD} \u{FFFD} \u{FFFD}")
        #expect(HTMLEntities.named.count >= 100)
    }

    @Test func ampersandsThatAreNotEntitiesStay() {
        #expect(text("<p>AT&T &unknown; & done &copy 2018 &amp</p>") == "AT&T &unknown; & done © 2018 &")
        #expect(text("<p>fish &chips;</p>") == "fish &chips;")
    }

    @Test func whitespaceIsCollapsed() {
        #expect(text("<p>  lots \n\n of\t\tspace  </p>\n\n\n<p>\n next </p>") == "lots of space\n\nnext")
        #expect(text("<b>bold</b> <i>italic</i>, <span>x</span>") == "bold italic, x")
    }

    @Test func preKeepsItsWhitespace() {
        #expect(text("<p>before</p><pre>\nline 1\n  indented\r\nline 3</pre><p>after</p>")
            == "before\n\nline 1\n  indented\nline 3\n\nafter")
    }

    @Test func linksAreNumberedInOrder() {
        let rendered = HTMLText.render(
            "<p>See <a href=\"https://a.example/x?a=1&amp;b=2\">the report</a> and "
                + "<a href='https://b.example'>this</a>, again <a href=\"https://a.example/x?a=1&amp;b=2\">here</a>.</p>"
                + "<a href=\"#top\">top</a> <a href=\"javascript:alert(1)\">js</a> <a>none</a>")
        #expect(rendered.text == "See the report [1] and this [2], again here [1].\n\ntop js none")
        #expect(rendered.links == ["https://a.example/x?a=1&b=2", "https://b.example"])
    }

    @Test func unclosedLinkIsClosedAtTheEnd() {
        let rendered = HTMLText.render("<p>Read <a href=http://x.example/>more")
        #expect(rendered.text == "Read more [1]")
        #expect(rendered.links == ["http://x.example/"])
    }

    @Test func imagesShowTheirAltText() {
        #expect(text("<p>Look: <img src=\"a.png\" alt=\"A  bridge\"> <img src=\"b.png\"></p>") == "Look: [image: A bridge]")
        #expect(text("<p><img alt=\"logo\"/>Text after</p>") == "[image: logo] Text after")
        let linked = HTMLText.render("<a href=\"https://nasa.gov\"><img alt=\"Moon\" src=m.jpg /></a>")
        #expect(linked.text == "[image: Moon] [1]")
    }

    @Test func brokenHTMLIsReadTolerantly() {
        #expect(text("<p>unclosed <b>bold <i>both") == "unclosed bold both")
        #expect(text("<p>1 < 2 and 3 > 2</p>") == "1 < 2 and 3 > 2")
        #expect(text("<p>x</p><a href=\"never-closed") == "x")
        #expect(text("<p>a</p></>b<!-- hidden <p>c</p> --><!DOCTYPE html><?php echo ?>d") == "a\n\nbd")
        #expect(text("<p><![CDATA[raw <text>]]></p>") == "raw <text>")
        #expect(text("</p></div>orphan</li>") == "orphan")
        #expect(text("<p>a <!-- comment never closed") == "a")
    }

    @Test func tablesAndDefinitionListsStayReadable() {
        #expect(text("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>") == "a b\nc d")
        #expect(text("<dl><dt>Term</dt><dd>Meaning</dd></dl>") == "Term\nMeaning")
    }

    @Test func plainTextComesOutAsItself() {
        #expect(text("  Just a sentence.  ") == "Just a sentence.")
        #expect(text("Line one\nLine two\r\n\nLine four") == "Line one\nLine two\n\nLine four")
        #expect(text("Ben &amp; Jerry&#39;s, 1 < 2, x<y") == "Ben & Jerry's, 1 < 2, x<y")
        #expect(HTMLText.render("plain").links.isEmpty)
        #expect(text("") == "")
        #expect(text("<p></p>   <br>") == "")
    }

    @Test func hostileInputNeverReachesTheTerminalRaw() {
        let escape = text("<p>Title\u{1B}]0;pwned\u{07} \u{1B}[31mred\u{9B}2J</p>")
        #expect(escape == "Title]0;pwned [31mred2J")
        #expect(text("<p>&#27;[2J&#x1b;[1;1H&#x7f;&#x81;&#x9D;</p>") == "[2J[1;1H")
        #expect(text("<p>abc\u{202E}fed&#x202E;&#8238;&#x2066;</p>") == "abcfed")
        #expect(text("plain \u{1B}[31m text\u{202E}") == "plain [31m text")
        let link = HTMLText.render("<a href=\"http://x.example/\u{1B}[2J&#10;next\">x</a>")
        #expect(link.links == ["http://x.example/[2J next"])
        for scalar in (text("<p>\u{0}\u{1}\u{8}\u{B}\u{C}\u{7F}\u{80}\u{9F}ok</p>")).unicodeScalars {
            #expect(!TerminalSafeText.isUnsafe(scalar) || scalar == "\n" || scalar == "\t")
        }
    }

    @Test func realFeedDescription() {
        let html = """
            <p>NASA&#8217;s <strong>Mars</strong> rover&nbsp;has found <a href="https://www.nasa.gov/mars">new
            evidence</a>:</p><ul><li>organic molecules</li><li>seasonal methane</li></ul>
            <p><img src="x.jpg" alt="Curiosity selfie" /></p>
            """
        let rendered = HTMLText.render(html)
        #expect(rendered.text == """
            NASA’s Mars rover has found new evidence [1]:

            • organic molecules
            • seasonal methane

            [image: Curiosity selfie]
            """)
        #expect(rendered.links == ["https://www.nasa.gov/mars"])
    }

    @Test func randomMarkupNeverCrashesAndIsAlwaysSafe() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["<p>", "</p>", "<a href=\"x\">", "</a>", "<li>", "<ol>", "</ul>", "<br>", "<pre>", "</pre>",
                      "<script>", "</script>", "&amp;", "&#x", "&", "<", ">", "\"", "text", " ", "\n", "<!--", "-->",
                      "<img alt='", "\u{1B}[2J", "\u{202E}", "&#27;", "<![CDATA[", "]]>", "</", "<head>", "é🚲"]
        for _ in 0..<3_000 {
            let html = (0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined()
            let rendered = HTMLText.render(html)
            let unsafe = rendered.text.unicodeScalars.filter { TerminalSafeText.isUnsafe($0) && $0 != "\n" && $0 != "\t" }
            #expect(unsafe.isEmpty, "\(html.debugDescription)")
            let lines = rendered.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.last != " " && $0.last != "\t" }, "\(html.debugDescription)")
            #expect(lines.first?.isEmpty != true || rendered.text.isEmpty, "\(html.debugDescription)")
            #expect(lines.last?.isEmpty != true || rendered.text.isEmpty, "\(html.debugDescription)")
            #expect(!rendered.text.contains("\n\n\n"), "\(html.debugDescription)")
        }
    }

    @Test func hostileSizesStayLinear() {
        let nested = HTMLText.render(String(repeating: "<ul><li>x", count: 5_000))
        #expect(nested.text.split(separator: "\n").allSatisfy { $0.prefix { $0 == " " }.count <= 10 })
        let links = HTMLText.render((0..<5_000).map { "<a href=\"https://e.example/\($0 % 100)\">l</a>" }.joined())
        #expect(links.links.count == 100)
        #expect(HTMLText.render(String(repeating: "<head>", count: 20_000)).text.isEmpty)
    }

    /// Tag soups that once made rendering search the rest of the text per tag, and others of the
    /// same kind: a unit repeated to the size wanted.
    static let soups: [(name: String, unit: String)] = [
        ("head then body, no </head>", "<head><body>"),
        ("head then text", "<head>abc<p>"),
        ("raw-text elements never closed", "<script>x<style>y<title>z<textarea>"),
        ("raw-text element closed late", "<title>t</titl"),
        ("nested unclosed tags", "<b><i><div><span>x"),
        ("deep lists", "<ul><li><ol start=3><li>x"),
        ("many attributes", " a=\"v\" href=x alt='y' start=2"),
        ("unclosed quotes", "<a href=\"x>y"),
        ("comments, CDATA and declarations never closed", "<!--<![CDATA[<?x<!x"),
        ("entity flood", "&amp;&#x41;&copy&nbsp;&unknownentity;&#99999999;&#"),
        ("links", "<a href=\"https://e.example/\">l</a><a href=#>"),
        ("pre with CR", "<pre>\r\r\n</pre>é \u{301} "),
        ("stray angles", "< a<1 </ 3 <> x</>"),
    ]

    /// Repeats `unit` up to `bytes`, inside a tag where the unit is attributes.
    static func soup(_ unit: String, bytes: Int) -> String {
        let repeated = String(repeating: unit, count: max(1, bytes / unit.utf8.count))
        return unit.hasPrefix(" ") ? "<p" + repeated + ">text" : repeated
    }

    /// Time per byte at 1 MB over time per byte at 1 KB and 64 KB, relative to plain paragraphs.
    static func growth(_ unit: String) -> Double {
        GrowthCheck.relativeGrowth(sizes: [1_024, 65_536, 1_048_576], bound: 4,
                                   make: { soup(unit, bytes: $0) }, work: { _ = HTMLText.render($0) },
                                   reference: { soup("<p>Some words here.</p>", bytes: $0) }, { _ = HTMLText.render($0) })
    }

    @Test(arguments: soups.map(\.name))
    func timePerByteIsBoundedFromOneKilobyteToOneMegabyte(_ name: String) {
        let unit = Self.soups.first { $0.name == name }!.unit
        let growth = Self.growth(unit)
        // Linear is about 1; the quadratic renderer gave 16 or more between 64 KB and 1 MB.
        #expect(growth <= 4, "\(name): time per byte grew \(growth)× more than plain paragraphs' from the smaller sizes to 1 MB")
    }

    @Test func randomTagSoupsStayLinear() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = Self.soups.map(\.unit) + ["<p>", "</p>", "</head>", "<body>", "-->", "]]>", ">", "\"", "'", "text "]
        for _ in 0..<4 {
            let unit = (0..<12).map { _ in pieces[next(pieces.count)] }.joined()
            let growth = Self.growth(unit)
            #expect(growth <= 4, "\(unit.debugDescription): time per byte grew \(growth)×")
        }
    }

    @Test func headBeforeBodyWithoutClosingIsSkippedToTheBody() {
        #expect(text("<head><title>t</title><body><p>Shown</p>") == "Shown")
        #expect(text("<head><body>a<head><body>b") == "a\n\nb")
        #expect(text("<head>hidden") == "hidden")
    }
}
