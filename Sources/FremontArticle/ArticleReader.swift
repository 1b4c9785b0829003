import Foundation
import FremontCore

/// The entry point: a page's bytes in, its `Article` out.
public enum ArticleReader {
    /// Fewer characters of main text than this and the page is not an article (a video page, a
    /// paywall notice, an index of links).
    public static let minimumText = 250

    /// Parses and extracts; `url` is where the page came from, which its relative links resolve
    /// against. `shouldStop` is asked every few thousand nodes: true ends it with a `cancelled`
    /// error (Esc, a newer load, quitting).
    public static func read(_ data: Data, name: String, url: URL?,
                            shouldStop: @escaping @Sendable () -> Bool = { false }) throws(LoadError) -> Article {
        if let kind = notAPage(data) {
            return Article(metadata: ArticleMetadata(), text: "", links: [], plainText: "", html: "",
                           notArticle: "it is \(kind), not a web page")
        }
        do {
            return try read(try HTMLDocument.parse(data, name: name), url: url, shouldStop: shouldStop)
        } catch {
            throw LoadError(source: name, kind: error.kind, error.message)
        }
    }

    /// What the bytes are when they are plainly no web page: a PDF, a picture, other binary data.
    static func notAPage(_ data: Data) -> String? {
        let head = Array(data.prefix(1024))
        if head.starts(with: Array("%PDF-".utf8)) { return "a PDF document" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) || head.starts(with: [0xFF, 0xD8, 0xFF]) || head.starts(with: Array("GIF8".utf8)) {
            return "a picture"
        }
        if head.contains(0) { return "binary data" }
        return nil
    }

    public static func read(_ document: HTMLDocument, url: URL?,
                            shouldStop: @escaping @Sendable () -> Bool = { false }) throws(LoadError) -> Article {
        var metadata = ArticleMetadata.read(document.root)
        let body = document.root.firstElement(named: "body") ?? document.root
        let (content, byline) = try ArticleExtractor.extract(body, title: metadata.title, shouldStop: shouldStop)
        if metadata.byline == nil { metadata.byline = byline }
        let plain = content.readableText
        if metadata.excerpt == nil, let first = content.elements(named: ["p"]).lazy.map(\.innerText).first(where: { !$0.isEmpty }) {
            metadata.excerpt = ArticleMetadata.clean(first)
        }
        let html = ArticleHTML.serialize(content, base: url)
        let rendered = HTMLText.render(html)
        let characters = plain.count
        let notArticle = characters < minimumText
            ? "only \(characters) characters of text were found where an article would be (at least \(minimumText)): not an article"
            : nil
        let blocks = ArticleBlockReader.read(content, base: url)
        return Article(metadata: metadata, text: rendered.text, links: rendered.links,
                       plainText: TerminalSafeText.singleLine(plain), html: html, notArticle: notArticle,
                       blocks: blocks.blocks, blockLinks: blocks.links, notes: document.notes)
    }
}
