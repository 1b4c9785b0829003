import Foundation

/// Writes a feed list as OPML 2.0, the form other readers import. The list is flat, with tags
/// in each outline's `category` attribute (comma-separated, as OPML 2.0 defines it), so that the
/// file reads back as the same list; a folder per tag would repeat feeds with several tags.
public enum OPMLWriter {
    public static func write(_ entries: [FeedListEntry], title: String = "fremont feeds") -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escape(title))</title>
              </head>
              <body>

            """
        for entry in entries {
            // `text` is required; an entry without a title of its own shows its address.
            var attributes = [("type", "rss"), ("text", entry.title ?? entry.url)]
            if let title = entry.title { attributes.append(("title", title)) }
            attributes.append(("xmlUrl", entry.url))
            if !entry.tags.isEmpty { attributes.append(("category", entry.tags.joined(separator: ","))) }
            xml += "    <outline " + attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ") + "/>\n"
        }
        xml += "  </body>\n</opml>\n"
        return xml
    }

    /// Escapes for text and double-quoted attributes; line breaks and tabs as references so that
    /// attribute normalisation keeps them; characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                if allowed { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
