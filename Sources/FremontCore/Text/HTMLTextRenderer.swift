/// The tokenizer and layout behind `HTMLText.render`: one pass over the UTF-8 bytes, writing
/// text into a byte buffer while it tracks pending spaces and line breaks, lists and links.
/// Hand-written because HTML is not XML (`XMLParser` stops at the first unclosed `<br>`).
struct HTMLTextRenderer {
    private struct List {
        var ordered: Bool
        var next: Int
    }

    private let input: [UInt8]
    private var index = 0
    private var output: [UInt8] = []
    /// Whitespace was seen since the last text: one space goes out before the next text.
    private var pendingSpace = false
    /// Newlines wanted before the next text: 1 ends a line, 2 leaves a blank line.
    private var pendingBreaks = 0
    private var preDepth = 0
    private var lists: [List] = []
    /// Just after a list bullet, so a `<p>` inside the item does not push its text off the bullet.
    private var itemJustStarted = false
    private var links: [String] = []
    /// Link numbers by target, so a repeated link keeps its number (and hostile input with
    /// thousands of links stays linear).
    private var linkNumbers: [String: Int] = [:]
    private var openLink: Int?
    /// The last answer of each search for a needle (`</head`, `<body`, `-->`…), so that searching
    /// again from further on reuses it instead of scanning the same bytes again: each needle is
    /// then looked for at most once over every byte, and no tag sequence (`<head><body>` repeated,
    /// with no `</head>` anywhere) makes rendering quadratic.
    private var searches: [SearchKey: SearchAnswer] = [:]

    private struct SearchKey: Hashable {
        var needle: String
        var ignoringCase: Bool
    }

    /// The first match at or after `from` is `found` (nil: there is none up to the end).
    private struct SearchAnswer {
        var from: Int
        var found: Int?
    }

    /// Whether links get their `[n]` and pictures their `[image: alt]` label; a title has
    /// neither (it is one line of text, whose links are not listed), just the alt text.
    private let labels: Bool

    init(_ input: [UInt8], labels: Bool = true) {
        self.input = input
        self.labels = labels
    }

    // MARK: Plain text

    /// The input as text: entities decoded, CRLF as LF, trimmed, terminal-safe.
    mutating func plainText() -> String {
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "&"), let (scalar, end) = entity(at: index, inAttribute: false) {
                append(scalar)
                index = end
            } else {
                output.append(byte)
                index += 1
            }
        }
        let text = String(decoding: output, as: UTF8.self)
        return TerminalSafeText.sanitize(text).trimmingEdges()
    }

    // MARK: HTML

    mutating func render() -> HTMLText.Rendered {
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "<"), tag() {
                continue
            }
            if byte == UInt8(ascii: "&"), let (scalar, end) = entity(at: index, inAttribute: false) {
                index = end
                if scalar == "\u{A0}" {
                    // A no-break space is a real space: it is not collapsed away.
                    emitVisible(UInt8(ascii: " "))
                } else if scalar.value < 0x80, isHTMLSpace(UInt8(scalar.value)) {
                    text(UInt8(scalar.value))
                } else {
                    emitVisible(scalar)
                }
                continue
            }
            text(byte)
            index += 1
        }
        closeLink()
        return HTMLText.Rendered(text: finishedText(), links: links)
    }

    /// Reads the markup at `index` (a `<`) and acts on it. False when the `<` is a stray one,
    /// to be shown as text.
    private mutating func tag() -> Bool {
        guard index + 1 < input.count else { return false }
        let next = input[index + 1]
        if next == UInt8(ascii: "!") {
            if starts(with: "<!--", at: index) {
                index = find("-->", from: index + 4).map { $0 + 3 } ?? input.count
            } else if starts(with: "<![CDATA[", at: index) {
                let end = find("]]>", from: index + 9) ?? input.count
                for position in (index + 9)..<end { text(input[position]) }
                index = min(end + 3, input.count)
            } else {
                index = find(">", from: index).map { $0 + 1 } ?? input.count
            }
            return true
        }
        if next == UInt8(ascii: "?") {
            index = find(">", from: index).map { $0 + 1 } ?? input.count
            return true
        }
        var position = index + 1
        let closing = next == UInt8(ascii: "/")
        if closing { position += 1 }
        guard position < input.count, isLetter(input[position]) else {
            guard closing else { return false }
            // `</>` is nothing; `</ 3` up to its `>` is a bogus comment, as browsers read it.
            index = find(">", from: position).map { $0 + 1 } ?? input.count
            return true
        }
        let nameStart = position
        while position < input.count, isNameByte(input[position]) { position += 1 }
        let name = lowercased(nameStart, position)

        // Attributes: only the few that change the text are kept.
        var href: String?
        var alt: String?
        var start: String?
        while true {
            while position < input.count, isHTMLSpace(input[position]) || input[position] == UInt8(ascii: "/") {
                position += 1
            }
            guard position < input.count else {
                index = input.count // A tag cut off by the end of the text is dropped, as browsers do.
                return true
            }
            if input[position] == UInt8(ascii: ">") { break }
            let attributeStart = position
            while position < input.count, !isHTMLSpace(input[position]),
                  input[position] != UInt8(ascii: "="), input[position] != UInt8(ascii: ">") {
                position += 1
            }
            let attribute = lowercased(attributeStart, position)
            while position < input.count, isHTMLSpace(input[position]) { position += 1 }
            guard position < input.count, input[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < input.count, isHTMLSpace(input[position]) { position += 1 }
            guard position < input.count else { continue }
            let valueStart: Int
            let valueEnd: Int
            let quote = input[position]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                valueStart = position + 1
                guard let close = input[valueStart...].firstIndex(of: quote) else {
                    index = input.count
                    return true
                }
                valueEnd = close
                position = close + 1
            } else {
                valueStart = position
                while position < input.count, !isHTMLSpace(input[position]), input[position] != UInt8(ascii: ">") {
                    position += 1
                }
                valueEnd = position
            }
            switch attribute {
            case "href": href = attributeValue(valueStart, valueEnd)
            case "alt": alt = attributeValue(valueStart, valueEnd)
            case "start": start = attributeValue(valueStart, valueEnd)
            default: break
            }
        }
        index = position + 1
        if closing {
            endElement(name)
        } else {
            startElement(name, href: href, alt: alt, start: start)
        }
        return true
    }

    private mutating func startElement(_ name: String, href: String?, alt: String?, start: String?) {
        switch name {
        case "script", "style", "title", "template", "textarea", "iframe", "noembed", "xmp":
            // Content that is code or not meant for reading: skipped up to the closing tag.
            index = findCaseInsensitive("</" + name, from: index).map { closingEnd(from: $0) } ?? input.count
        case "head":
            if let end = findCaseInsensitive("</head", from: index) {
                index = closingEnd(from: end)
            } else if let body = findCaseInsensitive("<body", from: index) {
                index = body
            }
        case "br":
            if !output.isEmpty { output.append(UInt8(ascii: "\n")) }
            pendingSpace = false
        case "li":
            startItem()
        case "ul", "ol":
            requestBreak(lists.isEmpty ? 2 : 1)
            let first = start.flatMap { Int($0.trimmingEdges()) } ?? 1
            lists.append(List(ordered: name == "ol", next: first))
        case "pre":
            requestBreak(2)
            preDepth += 1
            // A newline right after <pre> is not content (HTML says so).
            if index < input.count, input[index] == UInt8(ascii: "\r") { index += 1 }
            if index < input.count, input[index] == UInt8(ascii: "\n") { index += 1 }
        case "a":
            closeLink()
            if let href = href?.trimmingEdges(), isFollowable(href) {
                let target = TerminalSafeText.singleLine(href)
                if let known = linkNumbers[target] {
                    openLink = known
                } else {
                    links.append(target)
                    linkNumbers[target] = links.count
                    openLink = links.count
                }
            }
        case "img":
            let text = (alt ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !text.isEmpty {
                emitInline(labels ? "[image: \(text)]" : text)
                pendingSpace = true // the label is a word of its own on both sides
            }
        case "td", "th":
            pendingSpace = true
        case "tr", "dt", "dd", "caption", "figcaption", "summary":
            requestBreak(1)
        default:
            if Self.blocks.contains(name) { requestBreak(2) }
        }
    }

    private mutating func endElement(_ name: String) {
        switch name {
        case "a":
            closeLink()
        case "li", "tr", "dt", "dd", "caption", "figcaption", "summary":
            requestBreak(1)
        case "ul", "ol":
            if !lists.isEmpty { lists.removeLast() }
            requestBreak(lists.isEmpty ? 2 : 1)
        case "pre":
            if preDepth > 0 { preDepth -= 1 }
            requestBreak(2)
        case "td", "th":
            pendingSpace = true
        default:
            if Self.blocks.contains(name) { requestBreak(2) }
        }
    }

    /// Elements that stand as paragraphs, separated by a blank line.
    private static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "section", "article",
        "header", "footer", "aside", "nav", "main", "figure", "address", "dl", "hr", "details",
        "form", "fieldset", "center", "body", "html",
    ]

    private mutating func startItem() {
        itemJustStarted = false
        requestBreak(1)
        flushBreaks()
        // Indented by nesting, up to a point: hostile input can nest lists thousands deep.
        let depth = min(max(lists.count, 1), 6)
        for _ in 1..<depth { output.append(contentsOf: "  ".utf8) }
        if var list = lists.last, list.ordered {
            output.append(contentsOf: "\(list.next). ".utf8)
            list.next += 1
            lists[lists.count - 1] = list
        } else {
            output.append(contentsOf: "• ".utf8)
        }
        pendingSpace = false
        itemJustStarted = true
    }

    private mutating func closeLink() {
        guard let number = openLink else { return }
        openLink = nil
        if labels { emitInline("[\(number)]") }
    }

    /// Links worth listing: not page-internal anchors, not script.
    private func isFollowable(_ href: String) -> Bool {
        !href.isEmpty && !href.hasPrefix("#") && !href.lowercased().hasPrefix("javascript:")
    }

    // MARK: Text layout

    private mutating func requestBreak(_ count: Int) {
        guard !itemJustStarted else { return }
        pendingBreaks = max(pendingBreaks, count)
    }

    private mutating func flushBreaks() {
        guard pendingBreaks > 0 else { return }
        defer { pendingBreaks = 0 }
        guard !output.isEmpty else { return }
        var trailing = 0
        while trailing < pendingBreaks, trailing < output.count,
              output[output.count - 1 - trailing] == UInt8(ascii: "\n") {
            trailing += 1
        }
        for _ in trailing..<pendingBreaks { output.append(UInt8(ascii: "\n")) }
        pendingSpace = false
    }

    /// One byte of text content.
    private mutating func text(_ byte: UInt8) {
        if preDepth > 0 {
            if byte == UInt8(ascii: "\r") {
                // CRLF and lone CR both end a line.
                if index + 1 < input.count, input[index + 1] == UInt8(ascii: "\n") { return }
                flushBreaks()
                output.append(UInt8(ascii: "\n"))
                return
            }
            if byte == UInt8(ascii: "\n") {
                flushBreaks()
                output.append(byte)
                return
            }
            emitVisible(byte)
            return
        }
        if isHTMLSpace(byte) {
            pendingSpace = true
            return
        }
        emitVisible(byte)
    }

    private mutating func emitVisible(_ byte: UInt8) {
        flushBreaks()
        if pendingSpace, needsSpace { output.append(UInt8(ascii: " ")) }
        pendingSpace = false
        itemJustStarted = false
        output.append(byte)
    }

    private mutating func emitVisible(_ scalar: Unicode.Scalar) {
        flushBreaks()
        if pendingSpace, needsSpace { output.append(UInt8(ascii: " ")) }
        pendingSpace = false
        itemJustStarted = false
        append(scalar)
    }

    /// Generated text (link numbers, image labels): a word of its own, space before it.
    private mutating func emitInline(_ word: String) {
        pendingSpace = true
        for byte in word.utf8 { emitVisible(byte) }
    }

    private var needsSpace: Bool {
        guard let last = output.last else { return false }
        return last != UInt8(ascii: "\n") && last != UInt8(ascii: " ")
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Safe; trailing spaces off every line, at most one blank line in a row, none at the ends.
    /// Worked on bytes: the text is safe by then, so it holds no CR, and a line ends at each LF.
    private func finishedText() -> String {
        // Made safe first: a removed control must not leave the spaces before it at a line end.
        var text = TerminalSafeText.sanitize(String(decoding: output, as: UTF8.self))
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var lastWasBlank = true
            var blankPending = false
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                while lineEnd > start, bytes[lineEnd - 1] == 0x20 || bytes[lineEnd - 1] == 0x09 { lineEnd -= 1 }
                // A space after a scalar that joins it (a prepended mark) is part of that
                // Character, and stays: such a line is trimmed a Character at a time.
                if lineEnd < end, lineEnd > start, bytes[lineEnd - 1] >= 0x80 {
                    lineEnd = start + Self.trimmedByCharacters(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                if lineEnd == start {
                    if !lastWasBlank { blankPending = true }
                    lastWasBlank = true
                } else {
                    if !result.isEmpty { result.append(0x0A) }
                    if blankPending { result.append(0x0A) }
                    blankPending = false
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]))
                    lastWasBlank = false
                }
                start = end + 1
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// The UTF-8 length of `line` with spaces and tabs trimmed off its end a Character at a time.
    private static func trimmedByCharacters(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var trimmed = Substring(String(decoding: line, as: UTF8.self))
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed.utf8.count
    }

    // MARK: Entities and attributes

    /// The character reference starting at `start` (an `&`) and the index after it, or nil when
    /// the `&` is just an ampersand (`AT&T`, `?a=1&b=2`, `&unknown;`).
    private func entity(at start: Int, inAttribute: Bool) -> (Unicode.Scalar, Int)? {
        var position = start + 1
        guard position < input.count else { return nil }
        if input[position] == UInt8(ascii: "#") {
            position += 1
            let hex = position < input.count && input[position] | 0x20 == UInt8(ascii: "x")
            if hex { position += 1 }
            var value: UInt32 = 0
            let digitsStart = position
            while position < input.count, let digit = digitValue(input[position], hex: hex) {
                value = min(value * (hex ? 16 : 10) + digit, 0x110000) // past Unicode stays past it
                position += 1
            }
            guard position > digitsStart else { return nil }
            if position < input.count, input[position] == UInt8(ascii: ";") { position += 1 }
            return (HTMLEntities.scalar(forCodePoint: value), position)
        }
        while position < input.count, position - start <= 32, isAlphanumeric(input[position]) { position += 1 }
        guard position > start + 1 else { return nil }
        let name = String(decoding: input[(start + 1)..<position], as: UTF8.self)
        if position < input.count, input[position] == UInt8(ascii: ";"),
           let value = HTMLEntities.named[name], let scalar = Unicode.Scalar(value) {
            return (scalar, position + 1)
        }
        // Legacy forms without `;` (`&copy 2018`), but not `&amp=` inside an attribute.
        let followedBySign = position < input.count && input[position] == UInt8(ascii: "=")
        if HTMLEntities.legacyWithoutSemicolon.contains(name), !(inAttribute && followedBySign),
           let value = HTMLEntities.named[name.lowercased()], let scalar = Unicode.Scalar(value) {
            let semicolon = position < input.count && input[position] == UInt8(ascii: ";")
            return (scalar, semicolon ? position + 1 : position)
        }
        return nil
    }

    private func attributeValue(_ start: Int, _ end: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        var position = start
        while position < end {
            if input[position] == UInt8(ascii: "&"), let (scalar, next) = entity(at: position, inAttribute: true),
               next <= end {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
                position = next
            } else {
                bytes.append(input[position])
                position += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Bytes

    private func isHTMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    private func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || byte &- UInt8(ascii: "0") < 10 }

    private func isNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }

    private func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        if byte &- UInt8(ascii: "0") < 10 { return UInt32(byte - UInt8(ascii: "0")) }
        if hex, (byte | 0x20) &- UInt8(ascii: "a") < 6 { return UInt32((byte | 0x20) - UInt8(ascii: "a") + 10) }
        return nil
    }

    private func lowercased(_ start: Int, _ end: Int) -> String {
        String(decoding: input[start..<end].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private func starts(with prefix: String, at position: Int) -> Bool {
        var offset = position
        for byte in prefix.utf8 {
            guard offset < input.count, input[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Every caller moves past what this finds (or to the end), so no answer is asked for twice:
    /// nothing to remember.
    private func find(_ needle: String, from start: Int) -> Int? {
        scan(for: needle, from: start, ignoringCase: false)
    }

    /// `needle` lowercase; the input matched in any case.
    private mutating func findCaseInsensitive(_ needle: String, from start: Int) -> Int? {
        remembered(SearchKey(needle: needle, ignoringCase: true), from: start) { renderer, start in
            renderer.scan(for: needle, from: start, ignoringCase: true)
        }
    }

    /// The earlier answer when it holds for `start` too (the search starts at or after where the
    /// earlier one did, and not past what it found), else a new scan, remembered.
    private mutating func remembered(_ key: SearchKey, from start: Int,
                                     scanning: (Self, Int) -> Int?) -> Int? {
        if let earlier = searches[key], start >= earlier.from, earlier.found.map({ start <= $0 }) ?? true {
            return earlier.found
        }
        let found = scanning(self, start)
        searches[key] = SearchAnswer(from: start, found: found)
        return found
    }

    private func scan(for needle: String, from start: Int, ignoringCase: Bool) -> Int? {
        let bytes = Array(needle.utf8)
        guard input.count >= bytes.count, start <= input.count - bytes.count else { return nil }
        outer: for position in start...(input.count - bytes.count) {
            for (offset, byte) in bytes.enumerated() {
                var candidate = input[position + offset]
                if ignoringCase, isLetter(candidate) { candidate |= 0x20 }
                if candidate != byte { continue outer }
            }
            return position
        }
        return nil
    }

    /// The index after the `>` of the closing tag that starts at `start`.
    private mutating func closingEnd(from start: Int) -> Int {
        find(">", from: start).map { $0 + 1 } ?? input.count
    }
}

fileprivate extension StringProtocol {
    /// Without the whitespace and newlines at either end.
    func trimmingEdges() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
