import Foundation
import FremontCore

/// Turns an extracted article's tree into the blocks the pager lays out: headings, paragraphs,
/// list items (nested, numbered or bulleted), preformatted text kept line for line, each with
/// the block quotes around it; links numbered `[n]` after their words, one number per address.
/// Bounded: so many blocks, so many links, so deep, and the rest is left out.
struct ArticleBlockReader {
    static let maxBlocks = 4000
    static let maxLinks = 1000
    static let maxDepth = 200

    private(set) var blocks: [ArticleBlock] = []
    private(set) var links: [String] = []
    private var numbers: [String: Int] = [:]
    private let base: URL?
    /// The text of the block being gathered, and what it will be.
    private var inline = ""
    private var pendingSpace = false
    private var kind = ArticleBlock.Kind.paragraph
    private var level = 0
    private var marker = ""
    private var quoteDepth = 0
    private var listDepth = 0

    private init(base: URL?) {
        self.base = base
    }

    static func read(_ content: HTMLNode, base: URL?) -> (blocks: [ArticleBlock], links: [String]) {
        var reader = ArticleBlockReader(base: base)
        reader.walkChildren(content, depth: 0)
        reader.flush()
        return (reader.blocks, reader.links)
    }

    private static let breaking: Set<String> = [
        "p", "div", "section", "article", "main", "header", "footer", "figure", "figcaption", "table", "tr", "td", "th",
        "dl", "dt", "dd", "caption", "details", "summary", "aside", "center", "address", "hr", "form", "fieldset", "nav",
    ]

    private mutating func walkChildren(_ node: HTMLNode, depth: Int) {
        for child in node.children { walk(child, depth: depth + 1) }
    }

    private mutating func walk(_ node: HTMLNode, depth: Int) {
        guard blocks.count < Self.maxBlocks, depth < Self.maxDepth else { return }
        if node.kind == .text {
            append(node.text)
            return
        }
        switch node.name {
        case "br":
            inline += "\n"
            pendingSpace = false
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            let saved = (kind, level)
            kind = .heading
            level = Int(String(node.name.dropFirst())) ?? 1
            walkChildren(node, depth: depth)
            flush()
            (kind, level) = saved
        case "ul", "ol":
            flush()
            listDepth += 1
            var number = Int(node["start"] ?? "") ?? 1
            for child in node.children {
                if child.kind == .element, child.name == "li" {
                    item(child, marker: node.name == "ol" ? "\(number). " : "• ", depth: depth + 1)
                    number += 1
                } else {
                    walk(child, depth: depth + 1)
                }
            }
            flush()
            listDepth -= 1
        case "li":
            item(node, marker: "• ", depth: depth)
        case "blockquote":
            flush()
            quoteDepth += 1
            walkChildren(node, depth: depth)
            flush()
            quoteDepth -= 1
        case "pre":
            flush()
            preformatted(node)
        case "a":
            walkChildren(node, depth: depth)
            if let target = node["href"].flatMap({ ArticleHTML.absolute($0, base: base) }) {
                if let number = numbers[target] ?? addLink(target) { inline += "[\(number)]" }
            }
        case "img", "picture", "video", "audio", "svg", "canvas", "iframe", "script", "style", "noscript", "template":
            break
        default:
            let breaks = Self.breaking.contains(node.name)
            if breaks { flush() }
            walkChildren(node, depth: depth)
            if breaks { flush() }
        }
    }

    private mutating func addLink(_ target: String) -> Int? {
        guard links.count < Self.maxLinks else { return nil }
        links.append(TerminalSafeText.singleLine(target))
        numbers[target] = links.count
        return links.count
    }

    private mutating func item(_ node: HTMLNode, marker: String, depth: Int) {
        flush()
        let saved = (kind, level, self.marker)
        kind = .item
        level = max(1, listDepth)
        self.marker = marker
        walkChildren(node, depth: depth)
        flush()
        (kind, level, self.marker) = saved
    }

    /// Text as a reader sees it: runs of white space one space.
    private mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            if HTMLNode.isSpace(scalar) {
                pendingSpace = true
            } else {
                if pendingSpace, !inline.isEmpty, inline.last != "\n" { inline += " " }
                pendingSpace = false
                inline.unicodeScalars.append(scalar)
            }
        }
    }

    private mutating func flush() {
        pendingSpace = false
        let text = TerminalSafeText.sanitize(inline).trimmingCharacters(in: .whitespacesAndNewlines)
        inline = ""
        guard !text.isEmpty, blocks.count < Self.maxBlocks else { return }
        blocks.append(ArticleBlock(kind, text, level: level, marker: kind == .item ? marker : "", quoteDepth: quoteDepth))
        // A list item's later paragraphs hang under its first without a marker of their own.
        if kind == .item { marker = "" }
    }

    /// A `<pre>` as it stands: its lines and their indentation kept, tabs as four spaces.
    private mutating func preformatted(_ node: HTMLNode) {
        var text = node.textContent.replacingOccurrences(of: "\t", with: "    ").replacingOccurrences(of: "\r\n", with: "\n")
        if text.hasPrefix("\n") { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        let safe = TerminalSafeText.sanitize(text)
        guard !safe.isEmpty, blocks.count < Self.maxBlocks else { return }
        blocks.append(ArticleBlock(.preformatted, safe, quoteDepth: quoteDepth))
    }
}
