import Foundation

/// Relative addresses in feeds made absolute: against `xml:base` where the feed sets it, else
/// the feed's own address. Feeds write `/blog/post` and `../favicon.ico` expecting a reader to
/// know where the feed lives; a terminal cannot open those.
enum FeedURLs {
    /// Whether `reference` starts with a scheme (`http:`, `mailto:`, `tag:`), or is a fragment
    /// or empty: nothing to resolve then.
    static func needsNoBase(_ reference: String) -> Bool {
        var sawLetter = false
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return sawLetter
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard sawLetter else { return false }
            case UInt8(ascii: "#"):
                return !sawLetter
            default:
                return false
            }
        }
        return reference.isEmpty
    }

    /// `reference` resolved against `base` (RFC 3986); as written when there is no base, it is
    /// already absolute, or either cannot be read as an address.
    static func resolve(_ reference: String, against base: String?) -> String {
        guard let base, !needsNoBase(reference) else { return reference }
        guard let baseURL = URL(string: base), baseURL.scheme != nil,
              let resolved = URL(string: reference, relativeTo: baseURL)?.absoluteString else { return reference }
        return resolved
    }

    /// Every relative `href` and `src` in the tags of `html` resolved against `base`. Text and
    /// absolute addresses are left byte for byte; without a relative address, `html` comes back
    /// as it is.
    static func resolveLinks(inHTML html: String, against base: String) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        var inTag = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                inTag = true
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if inTag, let (valueStart, valueEnd) = attributeValue(bytes, at: index) {
                let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                let decoded = value.contains("&amp;") ? value.replacingOccurrences(of: "&amp;", with: "&") : value
                let resolved = resolve(decoded.trimmingCharacters(in: .whitespaces), against: base)
                if resolved != decoded.trimmingCharacters(in: .whitespaces) {
                    out.append(contentsOf: bytes[copied..<valueStart])
                    out.append(contentsOf: FeedBuilder.escapeHTML(resolved, quotes: true).utf8)
                    copied = valueEnd
                }
                index = valueEnd
                continue
            }
            index += 1
        }
        guard copied > 0 else { return html }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// At `index`, inside a tag: ` href="…"` or ` src='…'` (any case, spaces around `=`)? The
    /// value's byte range, quotes excluded.
    private static func attributeValue(_ bytes: [UInt8], at index: Int) -> (Int, Int)? {
        guard index > 0, bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") || bytes[index - 1] == UInt8(ascii: "\n") else { return nil }
        var position = index
        var matched = false
        for name in ["href", "src"] {
            let utf8 = Array(name.utf8)
            if position + utf8.count <= bytes.count,
               zip(bytes[position..<(position + utf8.count)], utf8).allSatisfy({ ($0 | 0x20) == $1 }) {
                position += utf8.count
                matched = true
                break
            }
        }
        guard matched else { return nil }
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return nil }
        position += 1
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        guard position < bytes.count else { return nil }
        let quote = bytes[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let end = bytes[(position + 1)...].firstIndex(of: quote) else { return nil }
            return (position + 1, end)
        }
        // Unquoted: up to a space or the tag's end.
        let end = bytes[position...].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\t") } ?? bytes.count
        return end > position ? (position, end) : nil
    }
}
