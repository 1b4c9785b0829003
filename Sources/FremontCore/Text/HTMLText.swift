/// HTML fragments (feed descriptions and content) as text for a terminal: the structure a reader
/// needs (paragraphs, line breaks, list items) kept, the markup gone, links numbered.
public enum HTMLText {
    public struct Rendered: Sendable, Equatable {
        /// Terminal-safe text: no controls but newline and tab, no bidi overrides.
        public var text: String
        /// The targets of the links in order of first appearance; `[n]` in `text` is `links[n - 1]`.
        public var links: [String]

        public init(text: String, links: [String]) {
            self.text = text
            self.links = links
        }
    }

    /// HTML (or plain text) to terminal-safe text. Paragraph-like elements become blank-line
    /// separated blocks, `br` a line break, list items `• item` (or `1. item`) lines; `script`,
    /// `style` and `head` are dropped with their content; entities are decoded; whitespace is
    /// collapsed; `<a href>` gives `text [n]`; `img` with alt gives `[image: alt]`. Broken HTML
    /// is read the tolerant way browsers read it. Text with no markup comes back as itself
    /// (entities decoded, trimmed).
    public static func render(_ html: String) -> Rendered {
        let bytes = Array(html.utf8)
        guard looksLikeMarkup(bytes) else {
            var decoder = HTMLTextRenderer(bytes)
            return Rendered(text: decoder.plainText(), links: [])
        }
        var renderer = HTMLTextRenderer(bytes)
        return renderer.render()
    }

    /// HTML as one line of plain text, for a title: as `render`, but links unnumbered, a
    /// picture its alt text, and all white space one space.
    public static func line(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var renderer = HTMLTextRenderer(bytes, labels: false)
        let text = looksLikeMarkup(bytes) ? renderer.render().text : renderer.plainText()
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Markup means a `<` that opens a tag, comment or declaration and a `>` somewhere after it;
    /// `a < b` and `x<y` in plain text do not count.
    static func looksLikeMarkup(_ bytes: [UInt8]) -> Bool {
        guard let lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) else { return false }
        var index = 0
        while index + 2 < lastClose + 1 {
            if bytes[index] == UInt8(ascii: "<") {
                let next = bytes[index + 1]
                if (next | 0x20) &- UInt8(ascii: "a") < 26
                    || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    return true
                }
            }
            index += 1
        }
        return false
    }
}
