import Foundation

/// Writes a feed list as OPML 2.0, the form other readers import. The list is flat, with tags
/// in each outline's `category` attribute (comma-separated, as OPML 2.0 defines it), so that the
/// file reads back as the same list; a folder per tag would repeat feeds with several tags.
public enum OPMLWriter {
    /// What the cache knows of a feed once fetched: its own title and its site's address.
    public struct FeedDetails: Sendable, Equatable {
        public var title: String
        public var siteURL: String?

        public init(title: String, siteURL: String?) {
            self.title = title
            self.siteURL = siteURL
        }
    }

    /// - Parameter details: by each entry's address, what its last fetch said of it: a feed
    ///   without a `~Title` of its own is named by its own title (as the feed list shows it), and
    ///   carries its site as `htmlUrl`, as readers' exports do.
    public static func write(_ entries: [FeedListEntry], details: [String: FeedDetails] = [:], title: String = "fremont feeds") -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escape(title))</title>
              </head>
              <body>

            """
        for entry in entries {
            let known = details[entry.url]
            let name = entry.title ?? known.flatMap { $0.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0.title }
            // `text` is required; a feed with no title at all shows its address.
            var attributes = [("type", "rss"), ("text", name ?? entry.url)]
            if let name { attributes.append(("title", name)) }
            attributes.append(("xmlUrl", entry.url))
            if let site = known?.siteURL, FeedList.isWebAddress(site) { attributes.append(("htmlUrl", site)) }
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
