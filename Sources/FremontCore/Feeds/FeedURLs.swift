import Foundation

/// Relative addresses in feeds made absolute: against `xml:base` where the feed sets it, else
/// the feed's own address. Feeds write `/blog/post` and `../favicon.ico` expecting a reader to
/// know where the feed lives; a terminal cannot open those.
enum FeedURLs {
    /// Whether `reference` starts with a scheme (`http:`, `mailto:`, `tag:`), or is a fragment
    /// or empty: nothing to resolve then.
    static func needsNoBase(_ reference: String) -> Bool {
        var reference = reference
        return reference.withUTF8 { hasScheme($0, 0, $0.count) }
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
        var html = html
        // Native strings are one run of UTF-8: scanned in place, copied only when a link changes.
        return html.withUTF8 { resolveLinks(in: $0, against: base) } ?? html
    }

    private static func resolveLinks(in bytes: UnsafeBufferPointer<UInt8>, against base: String) -> String? {
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
            } else if inTag, byte | 0x20 == UInt8(ascii: "h") || byte | 0x20 == UInt8(ascii: "s"),
                      let (valueStart, valueEnd) = attributeValue(bytes, at: index) {
                var start = valueStart, end = valueEnd
                while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
                while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
                // Most addresses are absolute: told from their bytes, without making a string.
                if !hasScheme(bytes, start, end) {
                    let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    let decoded = value.contains("&amp;") ? value.replacingOccurrences(of: "&amp;", with: "&") : value
                    let resolved = resolve(decoded, against: base)
                    if resolved != decoded {
                        out.append(contentsOf: bytes[copied..<start])
                        out.append(contentsOf: FeedBuilder.escapeHTML(resolved, quotes: true).utf8)
                        copied = end
                    }
                }
                index = valueEnd
                continue
            }
            index += 1
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the bytes start with `scheme:` or `#`, or are empty (nothing to resolve).
    private static func hasScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return true }
        if bytes[start] == UInt8(ascii: "#") { return true }
        var index = start
        while index < end {
            let byte = bytes[index] | 0x20
            if bytes[index] == UInt8(ascii: ":") { return index > start }
            let letter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let other = bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".")
                || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
            guard letter || (index > start && other) else { return false }
            index += 1
        }
        return false
    }

    /// At `index`, inside a tag: ` href="…"` or ` src='…'` (any case, spaces around `=`)? The
    /// value's byte range, quotes excluded.
    private static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Int)? {
        let first = bytes[index] | 0x20
        guard first == UInt8(ascii: "h") || first == UInt8(ascii: "s"), index > 0,
              bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") || bytes[index - 1] == UInt8(ascii: "\n") else { return nil }
        let name: StaticString = first == UInt8(ascii: "h") ? "href" : "src"
        let length = name.utf8CodeUnitCount
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length where bytes[index + offset] | 0x20 != name.utf8Start[offset] { return nil }
        var position = index + length
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
