/// Wrapping and truncation by display width, so wide characters never shift a column.
public enum TextLayout {
    /// `text` cut to `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            out.append(character)
            used += columns
        }
        return out + "…"
    }

    /// `text` cut to `width` columns by taking characters out of the middle, so a long address
    /// keeps its host and its file name: `https://data.seattle.gov/…/4xy5-26gy.json`.
    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        guard width > 2 else { return truncate(text, to: width) }
        let characters = Array(text)
        let room = width - 1
        var head = "", used = 0, index = 0
        while index < characters.count, used + DisplayWidth.of(characters[index]) <= (room + 1) / 2 {
            used += DisplayWidth.of(characters[index])
            head.append(characters[index])
            index += 1
        }
        var tail: [Character] = [], back = characters.count - 1
        while back >= index, used + DisplayWidth.of(characters[back]) <= room {
            used += DisplayWidth.of(characters[back])
            tail.append(characters[back])
            back -= 1
        }
        return head + "…" + String(tail.reversed())
    }

    /// Pads with spaces on the right to exactly `width` columns (truncating when longer).
    public static func padRight(_ text: String, to width: Int) -> String {
        let fitted = truncate(text, to: width)
        return exactly(fitted + String.spaces(max(0, width - DisplayWidth.of(fitted))), fitted, width)
    }

    /// Pads with spaces on the left to exactly `width` columns (truncating when longer).
    public static func padLeft(_ text: String, to width: Int) -> String {
        let fitted = truncate(text, to: width)
        return exactly(String.spaces(max(0, width - DisplayWidth.of(fitted))) + fitted, fitted, width)
    }

    /// `padded` when it is `width` columns, as it nearly always is. But a space and what follows
    /// it can become one grapheme cluster: text that starts with a mark of no letter (`" " + "🏽"`
    /// is one cluster, one column wide) joins the left padding, and a trailing U+0D4E joins the
    /// right. Then the text goes first and spaces follow until the width is made up.
    private static func exactly(_ padded: String, _ fitted: String, _ width: Int) -> String {
        if DisplayWidth.of(padded) == width { return padded }
        var out = fitted
        var used = DisplayWidth.of(out)
        while used < width {
            out += String.spaces(width - used)
            used = DisplayWidth.of(out)
        }
        return out
    }

    /// Wraps to lines of at most `width` columns: at spaces where it can, inside a word where a
    /// word is longer than a line. Newlines (LF or CRLF) in the text are kept as line breaks; a
    /// blank line (paragraph break) stays blank. Width 0 gives no lines. A grapheme wider than the
    /// whole line is broken between its cells (a letter and its spacing marks); a glyph wider than
    /// the line (two columns at width 1) is shown as `…`, so no line is ever wider than `width`. Other characters, controls included, are left for the screen buffer to drop.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        // "\r\n" is one Character, so splitting at "\n" alone would keep it inside a line.
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            wrapParagraph(paragraph, width: width, into: &lines)
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
        // An indented paragraph (preformatted text, code) keeps its indentation on every line
        // it wraps to, as long as that leaves half the width for the text.
        let indent = paragraph.prefix { $0 == " " }.count
        if indent > 0, indent <= width / 2, width - indent >= 2, indent < paragraph.count {
            var wrapped: [String] = []
            wrapParagraph(paragraph.dropFirst(indent), width: width - indent, into: &wrapped)
            let padding = String.spaces(indent)
            // A line that starts with a mark joining the space before it (a lone skin-tone
            // modifier) is not indented: the space would become part of its character.
            lines += wrapped.map { line in
                let indented = padding + line
                return indented.count == indent + line.count ? indented : line
            }
            return
        }
        var line = ""
        var lineWidth = 0
        var emitted = false
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                emitted = true
                line = ""
                lineWidth = 0
            }
            // A word longer than the line is broken across lines.
            while wordWidth > width {
                var piece = ""
                var pieceWidth = 0
                var index = word.startIndex
                while index < word.endIndex {
                    let columns = DisplayWidth.of(word[index])
                    if pieceWidth + columns > width { break }
                    piece.append(word[index])
                    pieceWidth += columns
                    index = word.index(after: index)
                }
                if piece.isEmpty {
                    // A character wider than the whole line. A letter and its spacing marks (or a
                    // space and a skin tone) part where the screen's cells do; a glyph wider than
                    // the line is shown as `…`, so that something is there.
                    let cells = DisplayWidth.cells(of: word[index])
                    var taken = 0
                    while taken < cells.count, pieceWidth + cells[taken].columns <= width {
                        piece += cells[taken].glyph
                        pieceWidth += cells[taken].columns
                        taken += 1
                    }
                    if taken > 0 {
                        lines.append(piece)
                        emitted = true
                        word = Substring(cells[taken...].map(\.glyph).joined() + word[word.index(after: index)...])
                        wordWidth = DisplayWidth.of(word)
                        continue
                    }
                    piece = "…"
                    index = word.index(after: index)
                    pieceWidth = DisplayWidth.of(word[word.startIndex])
                }
                lines.append(piece)
                emitted = true
                word = word[index...]
                wordWidth -= pieceWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if lineWidth > 0 || !emitted { lines.append(line) }
    }
}
