import Foundation

/// The `<?xml … ?>` declaration at the head of a document, read at the byte level (its structure
/// is ASCII whatever the encoding): its encoding label, which libxml2 is never handed, and the
/// Unicode form a document's first bytes show.
public enum XMLDeclaration {
    /// Where the declaration is, when the document starts with one written in single bytes.
    static func range(_ bytes: some Collection<UInt8>) -> Range<Int>? {
        let head = Array(bytes.prefix(512))
        guard head.starts(with: Array("<?xml".utf8)) else { return nil }
        var index = 5
        while index + 1 < head.count {
            if head[index] == UInt8(ascii: "?"), head[index + 1] == UInt8(ascii: ">") { return 0..<(index + 2) }
            index += 1
        }
        return nil
    }

    /// The encoding the declaration names, lowercased; nil when there is none.
    static func encodingLabel(_ bytes: some Collection<UInt8>) -> String? {
        labelRange(bytes).map { String(decoding: Array(bytes.prefix($0.upperBound))[$0], as: UTF8.self).lowercased() }
    }

    /// A 16- or 32-bit Unicode label in a declaration written in single bytes cannot be true (a
    /// real UTF-16 document writes its declaration in two-byte units).
    static func isWideUnicodeLabel(_ label: String) -> Bool {
        ["utf-16", "utf16", "utf-32", "utf32", "ucs-2", "ucs2", "ucs-4", "ucs4", "iso-10646-ucs", "unicode"]
            .contains { label.hasPrefix($0) }
    }

    /// The head with the declaration's `encoding="…"` turned into spaces (every column stays
    /// where it was); nil when it names none. What is left reads as UTF-8: the stream has
    /// converted the text itself, or the label could not be true (a wide Unicode label on a
    /// declaration written in single bytes; libxml2 dereferences a null pointer on a UTF-32 one).
    static func withoutEncodingLabel(_ head: [UInt8]) -> [UInt8]? {
        guard encodingAttribute(head) != nil else { return nil }
        var rewritten = head
        // Every one of them: libxml2 acts on a second `encoding=` too (found by fuzzing).
        while let (attribute, _) = encodingAttribute(rewritten) {
            for index in attribute { rewritten[index] = UInt8(ascii: " ") }
        }
        return rewritten
    }

    /// The Unicode form a document's first bytes show (XML 1.0, appendix F), when it is not
    /// written in single bytes.
    enum WideForm: Equatable {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        init?(_ head: [UInt8]) {
            switch Array(head.prefix(4)) {
            case [0x00, 0x00, 0xFE, 0xFF], [0x00, 0x00, 0x00, 0x3C]: self = .utf32(bigEndian: true)
            case [0xFF, 0xFE, 0x00, 0x00], [0x3C, 0x00, 0x00, 0x00]: self = .utf32(bigEndian: false)
            default:
                switch (head.first, head.dropFirst().first) {
                case (0xFE, 0xFF), (0x00, 0x3C): self = .utf16(bigEndian: true)
                case (0xFF, 0xFE), (0x3C, 0x00): self = .utf16(bigEndian: false)
                default: return nil
                }
            }
        }

        var encoding: String.Encoding {
            switch self {
            case .utf16(let big): big ? .utf16BigEndian : .utf16LittleEndian
            case .utf32(let big): big ? .utf32BigEndian : .utf32LittleEndian
            }
        }

        var isBigEndian: Bool {
            switch self {
            case .utf16(let big), .utf32(let big): big
            }
        }
    }

    /// Replaces the declaration's encoding label (the bytes are now in `label`).
    static func relabel(_ bytes: [UInt8], as label: String) -> [UInt8] {
        guard range(bytes) != nil, let (_, old) = encodingAttribute(bytes) else { return bytes }
        return Array(bytes[..<old.lowerBound]) + Array(label.utf8) + bytes[old.upperBound...]
    }

    /// UTF-16 and UTF-32 documents as UTF-8 (broken sequences as U+FFFD), declared as such.
    static func wideToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard let form = WideForm(bytes) else { return bytes }
        return relabel(WideTextDecoder.decode(bytes, form), as: "UTF-8")
    }

    /// A whole document made safe for `XMLParser(data:)`, as `ByteReaderStream` makes streams
    /// (subscription lists are read whole).
    public static func safeForXMLParser(_ data: Data) -> Data {
        guard let reader = try? InputSource.bytes(data, name: "").open() else { return data }
        let stream = ByteReaderStream(reader)
        stream.open()
        var output = Data()
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
        defer { buffer.deallocate() }
        while true {
            let count = stream.read(buffer, maxLength: 64 * 1024)
            if count <= 0 { break }
            output.append(buffer, count: count)
        }
        return output
    }

    /// The label's bytes between its quotes.
    private static func labelRange(_ bytes: some Collection<UInt8>) -> Range<Int>? {
        encodingAttribute(bytes)?.label
    }

    /// Where `encoding="…"` is in the declaration (from the keyword to the closing quote), and
    /// its label. A declaration left unclosed counts too: libxml2 acts on its label all the same.
    private static func encodingAttribute(_ bytes: some Collection<UInt8>) -> (attribute: Range<Int>, label: Range<Int>)? {
        let head = Array(bytes.prefix(512))
        guard head.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = range(head)?.upperBound ?? head.count
        let key = Array("encoding".utf8)
        guard end >= key.count,
              let keyStart = (0...(end - key.count)).first(where: { head[$0..<($0 + key.count)].elementsEqual(key) }) else {
            return nil
        }
        var index = keyStart + key.count
        while index < end, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(head[index]) { index += 1 }
        guard index < end, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") else { return nil }
        let quote = head[index]
        guard let close = head[(index + 1)..<end].firstIndex(of: quote) else { return nil }
        return (keyStart..<(close + 1), (index + 1)..<close)
    }
}
