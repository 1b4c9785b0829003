import Foundation

/// Mends, in memory, the faults that make strict XML refuse real feeds, the way mature readers do
/// (feedparser, browsers): only applied after a strict parse failed, and each repair reported.
/// Works on bytes: everything below is ASCII-structured, whatever the document's encoding.
enum FeedRepair {
    struct Outcome {
        var bytes: [UInt8]
        var warnings: [ParseWarning]
    }

    static func repair(_ input: [UInt8], declaredEntities: Set<String>) -> Outcome {
        var warnings: [ParseWarning] = []
        var bytes = XMLDeclaration.wideToUTF8(input)
        bytes = moveLeadingSpace(bytes, &warnings)
        bytes = fixInvalidUTF8(bytes, &warnings)
        bytes = fixMarkup(bytes, declaredEntities: declaredEntities, &warnings)
        return Outcome(bytes: bytes, warnings: warnings)
    }

    // MARK: - Encoding

    /// Labels of single-byte encodings that servers and templates put on what is in fact UTF-8.
    private static let mislabels: Set<String> = [
        "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "windows-1252", "cp1252", "iso-8859-15", "us-ascii", "ascii",
    ]

    /// A declaration of a single-byte encoding over bytes that are mostly valid UTF-8 sequences
    /// (which Latin-1 text almost never forms): the declaration lies. Checked on the head before
    /// the strict parse, since libxml2 would read such a feed without complaint, as mojibake.
    static func declarationLies(_ bytes: [UInt8]) -> Bool {
        guard let declared = XMLDeclaration.encodingLabel(bytes), mislabels.contains(declared) else { return false }
        var multibyte = 0
        var invalid = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = validSequenceLength(bytes, at: index)
            if length > 0 { multibyte += 1 } else { invalid += 1 }
            index += max(length, 1)
        }
        return multibyte > invalid
    }

    /// Bytes that should be UTF-8 and are not: declared (or defaulted) UTF-8, or a single-byte
    /// declaration that lies. The usual culprit is windows-1252, so each byte that does not belong
    /// to a valid UTF-8 sequence is read as windows-1252.
    private static func fixInvalidUTF8(_ bytes: [UInt8], _ warnings: inout [ParseWarning]) -> [UInt8] {
        let declared = XMLDeclaration.encodingLabel(bytes)
        // A 16- or 32-bit Unicode label on a document whose declaration is in single bytes (real
        // UTF-16 was converted above) cannot be true; libxml2 ignores it and reads UTF-8.
        let lies = declarationLies(bytes) || declared.map(XMLDeclaration.isWideUnicodeLabel) == true
        // A label no converter knows is read as UTF-8 too (by the stream, and so here).
        let unknown = declared.map { !CharsetDecoder.isUTF8($0) && !CharsetDecoder.knows($0) } == true
        guard lies || unknown || CharsetDecoder.isUTF8(declared) else { return bytes }
        if String(validating: bytes, as: UTF8.self) != nil {
            if lies {
                warnings.append(ParseWarning("the document says it is \(declared ?? "") but is UTF-8: read as UTF-8",
                                             at: SourceLocation(line: 1, column: 1)))
                return XMLDeclaration.relabel(bytes, as: "UTF-8")
            }
            return bytes
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var index = 0
        var replaced = 0
        var first: SourceLocation?
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; lineStart = index + 1 }
            let length = validSequenceLength(bytes, at: index)
            if length > 0 {
                output.append(contentsOf: bytes[index..<(index + length)])
                index += length
                continue
            }
            replaced += 1
            if first == nil { first = SourceLocation(line: line, column: index - lineStart + 1) }
            let scalar = Unicode.Scalar(windows1252(byte)) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            index += 1
        }
        let bytesWord = replaced == 1 ? "byte" : "bytes"
        if lies {
            warnings.append(ParseWarning("the document says it is \(declared ?? "") but is mostly UTF-8: read as UTF-8, "
                                         + "and \(replaced) stray \(bytesWord) as windows-1252", at: first))
            return XMLDeclaration.relabel(output, as: "UTF-8")
        }
        if unknown {
            warnings.append(ParseWarning("the document says it is \(declared ?? ""), an encoding this reader does not know: read as UTF-8, "
                                         + "and \(replaced) \(bytesWord) as windows-1252", at: first))
            return XMLDeclaration.relabel(output, as: "UTF-8")
        }
        let declaredName = declared == nil ? "UTF-8 (by default)" : "UTF-8"
        warnings.append(ParseWarning("the document says it is \(declaredName) but is not: \(replaced) \(bytesWord) read as windows-1252", at: first))
        return output
    }

    /// Length of the valid UTF-8 sequence starting at `index`, or 0 when it is not one.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        max(0, bytes.withUnsafeBufferPointer { UTF8Repair.sequenceLength($0, at: index) })
    }

    /// A byte read as windows-1252: Latin-1 outside 0x80–0x9F, the shared table inside it,
    /// U+FFFD where windows-1252 defines nothing.
    private static func windows1252(_ byte: UInt8) -> UInt32 {
        guard (0x80...0x9F).contains(byte) else { return UInt32(byte) }
        return HTMLEntities.windows1252(byte) ?? 0xFFFD
    }

    // MARK: - Before the declaration

    /// libxml2 refuses anything, even a newline, before `<?xml`: the whitespace is moved after the
    /// declaration, so every later line keeps its number. A BOM before it goes.
    private static func moveLeadingSpace(_ bytes: [UInt8], _ warnings: inout [ParseWarning]) -> [UInt8] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var end = start
        while end < bytes.count, DoctypeGuard.Scanner.isSpace(bytes[end]) { end += 1 }
        let rest = Array(bytes[end...])
        guard end > start, let declaration = XMLDeclaration.range(rest) else {
            return start > 0 && end > start ? rest : bytes
        }
        warnings.append(ParseWarning("whitespace before the XML declaration (not allowed): moved after it",
                                     at: SourceLocation(line: 1, column: 1)))
        return Array(rest[declaration]) + bytes[start..<end] + rest[declaration.upperBound...]
    }

    // MARK: - Ampersands, entities, control characters

    private struct Tally {
        var count = 0
        var first: SourceLocation?
        var example = ""

        mutating func note(_ location: SourceLocation, _ text: String) {
            count += 1
            if first == nil { first = location; example = text }
        }
    }

    /// Outside CDATA sections, comments and processing instructions: a bare `&` becomes `&amp;`, an
    /// HTML entity its numeric reference, an unknown entity literal text, a character reference to
    /// a character XML forbids U+FFFD. Everywhere: control characters XML forbids are dropped.
    private static func fixMarkup(_ bytes: [UInt8], declaredEntities: Set<String>,
                                  _ warnings: inout [ParseWarning]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64)
        var bare = Tally(), html = Tally(), unknown = Tally(), controls = Tally(), badReferences = Tally(), upperHex = Tally()
        let scanner = DoctypeGuard.Scanner(bytes: bytes)
        var index = 0
        var line = 1
        var lineStart = 0
        func location(_ at: Int) -> SourceLocation { SourceLocation(line: line, column: at - lineStart + 1) }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte < 0x20, byte != 0x09, byte != 0x0D {
                controls.note(location(index), "")
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") {
                // Sections whose text is taken literally: copy them through, minus forbidden controls.
                var end: Int?
                if scanner.matches("<![CDATA[", at: index) {
                    end = scanner.find("]]>", from: index + 9) + 3
                } else if scanner.matches("<!--", at: index) {
                    end = scanner.find("-->", from: index + 4) + 3
                } else if scanner.matches("<?", at: index) {
                    end = scanner.find("?>", from: index + 2) + 2
                }
                if let end {
                    let stop = min(end, bytes.count)
                    for position in index..<stop {
                        let inner = bytes[position]
                        if inner == 0x0A { line += 1; lineStart = position + 1 }
                        if inner < 0x20, inner != 0x09, inner != 0x0A, inner != 0x0D {
                            controls.note(location(position), "")
                        } else {
                            output.append(inner)
                        }
                    }
                    index = stop
                    continue
                }
            }
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            let (kind, length) = reference(bytes, at: index)
            switch kind {
            case .valid:
                output.append(contentsOf: bytes[index..<(index + length)])
            case .upperCaseHex:
                upperHex.note(location(index), String(decoding: bytes[index..<(index + length)], as: UTF8.self))
                output.append(contentsOf: Array("&#x".utf8))
                output.append(contentsOf: bytes[(index + 3)..<(index + length)])
            case .forbiddenCharacter:
                badReferences.note(location(index), String(decoding: bytes[index..<(index + length)], as: UTF8.self))
                output.append(contentsOf: Array("&#xFFFD;".utf8))
            case .named(let name):
                if declaredEntities.contains(name) {
                    output.append(contentsOf: bytes[index..<(index + length)])
                } else if let point = HTMLEntities.named[name] {
                    // The HTML text module's table (HTML 4's 252 names, which is what feeds use).
                    html.note(location(index), "&\(name);")
                    output.append(contentsOf: Array("&#\(point);".utf8))
                } else {
                    unknown.note(location(index), "&\(name);")
                    output.append(contentsOf: Array("&amp;".utf8))
                    output.append(contentsOf: bytes[(index + 1)..<(index + length)])
                }
            case .bare:
                bare.note(location(index), "&")
                output.append(contentsOf: Array("&amp;".utf8))
            }
            index += length
        }

        func report(_ tally: Tally, _ message: String) {
            guard tally.count > 0 else { return }
            let times = tally.count == 1 ? "" : " (\(tally.count) in all)"
            warnings.append(ParseWarning(message + times, at: tally.first))
        }
        report(bare, "a bare '&' (not allowed in XML): read as '&amp;'")
        report(html, "HTML entity \(html.example) (not declared in XML): replaced by its character")
        report(unknown, "unknown entity \(unknown.example): kept as text")
        report(badReferences, "character reference \(badReferences.example) to a character XML forbids: replaced by U+FFFD")
        report(controls, "control character (not allowed in XML): removed")
        report(upperHex, "character reference \(upperHex.example) with an upper-case X (XML allows only x): read as one")
        return output
    }

    private enum Reference {
        case valid
        /// `&#X41;`: HTML reads it, XML does not.
        case upperCaseHex
        case forbiddenCharacter
        case named(String)
        case bare
    }

    /// What the `&` at `index` starts, and how many bytes it spans (1 for a bare `&`).
    private static func reference(_ bytes: [UInt8], at index: Int) -> (Reference, Int) {
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            var hex = false
            if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") { hex = true; cursor += 1 }
            var value: UInt32 = 0
            let digitsStart = cursor
            while cursor < bytes.count, cursor - digitsStart < 8 {
                let byte = bytes[cursor]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                value = value * (hex ? 16 : 10) + digit
                cursor += 1
            }
            guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else { return (.bare, 1) }
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            guard allowed else { return (.forbiddenCharacter, cursor - index + 1) }
            return (hex && bytes[index + 2] == UInt8(ascii: "X") ? .upperCaseHex : .valid, cursor - index + 1)
        }
        let nameStart = cursor
        while cursor < bytes.count, cursor - nameStart < 64, isNameByte(bytes[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[nameStart]) else { return (.bare, 1) }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        switch name {
        case "amp", "lt", "gt", "quot", "apos": return (.valid, cursor - index + 1)
        default: return (.named(name), cursor - index + 1)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}
