import Foundation

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1) into the same `Feed` as RSS and
/// Atom, streamed through `JSONScanner`: an item is built as its object is read and nothing else
/// of the document is held. Keys may come in any order, so a document is known to be a JSON Feed
/// only by its `version`; one that says another version, or none, is refused as not a feed.
/// Unknown keys and `_extension` objects are skipped; a value of the wrong kind is a warning.
enum JSONFeedParser {
    static let versionPrefixes = ["https://jsonfeed.org/version/", "http://jsonfeed.org/version/"]

    static func parse(_ reader: ByteReader, documentBase: String?, limits: FeedLimits) throws(LoadError) -> FeedParseResult {
        reader.limit = (limits.maximumBytes, "feeds")
        try reader.skipByteOrderMark()
        let scanner = JSONScanner(reader)
        var state = State(limits: limits)
        guard let first = try scanner.peekSignificant() else {
            throw LoadError(source: reader.name, kind: .notData, "not a feed: the document is empty")
        }
        guard first == UInt8(ascii: "{") else {
            throw scanner.error("not a feed: the document is JSON, but not a JSON Feed (its root is not an object)")
        }
        let rootLocation = scanner.location
        try forEachMember(scanner) { key throws(LoadError) in
            try state.readFeedMember(key, scanner)
        }
        if let extra = try scanner.peekSignificant() {
            throw scanner.error("unexpected \(scanner.describe(extra)) after the feed's object")
        }
        guard let version = state.version else {
            throw LoadError(source: reader.name, location: rootLocation,
                            "not a feed: the document is JSON, but not a JSON Feed (it has no \"version\": \"https://jsonfeed.org/version/1.1\")")
        }
        var feed = state.feed
        feed.format = version.hasSuffix("/1") ? .jsonFeed10 : .jsonFeed11
        feed.items = state.items
        let base = documentBase ?? (state.feedURL.isEmpty ? nil : state.feedURL)
        if let base {
            feed.link = FeedURLs.resolve(feed.link, against: base)
            feed.image = FeedURLs.resolve(feed.image, against: base)
        }
        for index in feed.items.indices {
            if let base { resolve(&feed.items[index], against: base) }
            if feed.items[index].author.isEmpty { feed.items[index].author = state.feedAuthor }
            if feed.items[index].id.isEmpty { feed.items[index].id = fallbackID(feed.items[index]) }
        }
        return FeedParseResult(feed: feed, warnings: state.warnings.all)
    }

    /// Calls `body` with each key of the object that comes next, positioned at its value, which
    /// `body` must read or skip.
    static func forEachMember(_ scanner: JSONScanner, _ body: (String) throws(LoadError) -> Void) throws(LoadError) {
        try scanner.expect(UInt8(ascii: "{"), "'{'")
        if try scanner.consume(UInt8(ascii: "}")) { return }
        repeat {
            try scanner.readString()
            let key = String(decoding: scanner.stringBytes, as: UTF8.self)
            try scanner.expect(UInt8(ascii: ":"), "':' after a key")
            try body(key)
        } while try scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}' in an object")
    }

    /// Calls `body` for each value of the array that comes next, positioned at it.
    static func forEachElement(_ scanner: JSONScanner, _ body: () throws(LoadError) -> Void) throws(LoadError) {
        try scanner.expect(UInt8(ascii: "["), "'['")
        if try scanner.consume(UInt8(ascii: "]")) { return }
        repeat {
            try body()
        } while try scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']' in an array")
    }

    /// The spec requires an id; without one, the same fallback as RSS and Atom: link and date,
    /// else link, else title.
    private static func fallbackID(_ item: FeedItem) -> String {
        guard !item.link.isEmpty else { return item.title }
        return (item.published ?? item.updated).map { item.link + "#" + InternetDate.format($0) } ?? item.link
    }

    private static func resolve(_ item: inout FeedItem, against base: String) {
        item.link = FeedURLs.resolve(item.link, against: base)
        item.image = FeedURLs.resolve(item.image, against: base)
        for index in item.enclosures.indices {
            item.enclosures[index].url = FeedURLs.resolve(item.enclosures[index].url, against: base)
        }
        if !item.summary.isEmpty { item.summary = FeedURLs.resolveLinks(inHTML: item.summary, against: base) }
        if !item.content.isEmpty { item.content = FeedURLs.resolveLinks(inHTML: item.content, against: base) }
    }

    /// What a value turned out to be, read as the field wants it.
    enum Scalar {
        case string(String)
        /// A number, `true` or `false`, as written.
        case bare(String)
        case null
    }

    /// The feed while it is read: what has been seen so far, and the warnings.
    struct State {
        let limits: FeedLimits
        var feed = Feed(format: .jsonFeed11)
        var items: [FeedItem] = []
        var version: String?
        var feedURL = ""
        var feedAuthor = ""
        var warnings = BoundedWarnings()
        var skippedItems = false
        /// Where the value read last began, for its warnings.
        var valueLocation = SourceLocation(line: 1, column: 1)

        init(limits: FeedLimits) { self.limits = limits }

        mutating func readFeedMember(_ key: String, _ scanner: JSONScanner) throws(LoadError) {
            switch key {
            case "version":
                guard let text = try string(scanner, key) else { return }
                let location = valueLocation
                guard JSONFeedParser.versionPrefixes.contains(where: { text.hasPrefix($0) }) else {
                    throw LoadError(source: scanner.source, location: location,
                                    "not a feed: the document is JSON, but its version '\(TerminalSafeText.singleLine(String(text.prefix(80))))' is not a JSON Feed's (https://jsonfeed.org/version/1.1)")
                }
                version = text
            case "title": feed.title = try string(scanner, key).map(trimmed) ?? feed.title
            case "home_page_url": feed.link = try string(scanner, key).map(trimmed) ?? feed.link
            case "feed_url": feedURL = try string(scanner, key).map(trimmed) ?? feedURL
            case "description": feed.description = try string(scanner, key) ?? feed.description
            case "icon": feed.image = try string(scanner, key).map(trimmed) ?? feed.image
            case "favicon":
                if let favicon = try string(scanner, key).map(trimmed), feed.image.isEmpty { feed.image = favicon }
            case "author":
                // 1.0's one author; 1.1's `authors` wins when both are given.
                if let name = try author(scanner), feedAuthor.isEmpty { feedAuthor = name }
            case "authors":
                if let names = try authors(scanner), !names.isEmpty { feedAuthor = names }
            case "items":
                guard try scanner.peekSignificant() == UInt8(ascii: "[") else {
                    try wrongKind(scanner, "\"items\"", "an array")
                    return
                }
                try JSONFeedParser.forEachElement(scanner) { () throws(LoadError) in
                    if items.count >= limits.maximumItems {
                        _ = try scanner.peekSignificant()
                        if !skippedItems {
                            skippedItems = true
                            warnings.append(ParseWarning("more than \(limits.maximumItems) items, the limit for a feed: the rest is not read",
                                                         at: scanner.location))
                        }
                        try scanner.skipValue(maximumDepth: limits.maximumDepth)
                        return
                    }
                    if let item = try readItem(scanner) { items.append(item) }
                }
            default:
                // `_extension` objects, `user_comment`, `next_url`, `hubs`, `expired`, `language`, …
                try scanner.skipValue(maximumDepth: limits.maximumDepth)
            }
        }

        mutating func readItem(_ scanner: JSONScanner) throws(LoadError) -> FeedItem? {
            guard try scanner.peekSignificant() == UInt8(ascii: "{") else {
                try wrongKind(scanner, "an item", "an object")
                return nil
            }
            var item = FeedItem()
            var externalURL = ""
            var contentText = ""
            var bannerImage = ""
            try JSONFeedParser.forEachMember(scanner) { key throws(LoadError) in
                switch key {
                case "id":
                    // Numbers are coerced to strings, as the spec asks of readers.
                    switch try scalar(scanner, key) {
                    case .string(let text): item.id = trimmed(text)
                    case .bare(let token): item.id = token
                    case .null, nil: break
                    }
                case "url": item.link = try string(scanner, key).map(trimmed) ?? item.link
                case "external_url": externalURL = try string(scanner, key).map(trimmed) ?? externalURL
                case "title": item.title = try string(scanner, key).map { FeedBuilder.windows1252Controls(trimmed($0)) } ?? item.title
                case "content_html": item.content = try string(scanner, key) ?? item.content
                case "content_text": contentText = try string(scanner, key) ?? contentText
                // Plain text in JSON Feed; the model's summary is HTML.
                case "summary": item.summary = try string(scanner, key).map { FeedBuilder.escapeHTML($0) } ?? item.summary
                case "image": item.image = try string(scanner, key).map(trimmed) ?? item.image
                case "banner_image": bannerImage = try string(scanner, key).map(trimmed) ?? bannerImage
                case "date_published": item.published = try date(scanner, key)
                case "date_modified": item.updated = try date(scanner, key)
                case "author":
                    if let name = try author(scanner), item.author.isEmpty { item.author = name }
                case "authors":
                    if let names = try authors(scanner), !names.isEmpty { item.author = names }
                case "tags":
                    try strings(scanner, key) { tag in
                        if !tag.isEmpty, !item.categories.contains(tag) { item.categories.append(tag) }
                    }
                case "attachments":
                    try attachments(scanner, into: &item.enclosures)
                default:
                    try scanner.skipValue(maximumDepth: limits.maximumDepth)
                }
            }
            if item.link.isEmpty { item.link = externalURL }
            if item.content.isEmpty, !contentText.isEmpty { item.content = FeedBuilder.escapeHTML(contentText) }
            if item.image.isEmpty { item.image = bannerImage }
            return item
        }

        /// `{"name","url","avatar"}`: the name, else the address.
        mutating func author(_ scanner: JSONScanner) throws(LoadError) -> String? {
            guard try scanner.peekSignificant() == UInt8(ascii: "{") else {
                try wrongKind(scanner, "\"author\"", "an object")
                return nil
            }
            var name = "", url = ""
            try JSONFeedParser.forEachMember(scanner) { key throws(LoadError) in
                switch key {
                case "name": name = try string(scanner, "author's name").map(trimmed) ?? name
                case "url": url = try string(scanner, "author's url").map(trimmed) ?? url
                default: try scanner.skipValue(maximumDepth: limits.maximumDepth)
                }
            }
            let chosen = name.isEmpty ? url : name
            return chosen.isEmpty ? nil : FeedBuilder.windows1252Controls(chosen)
        }

        /// 1.1's `authors`: their names joined with commas.
        mutating func authors(_ scanner: JSONScanner) throws(LoadError) -> String? {
            guard try scanner.peekSignificant() == UInt8(ascii: "[") else {
                try wrongKind(scanner, "\"authors\"", "an array")
                return nil
            }
            var names: [String] = []
            try JSONFeedParser.forEachElement(scanner) { () throws(LoadError) in
                if let name = try author(scanner), names.count < 100 { names.append(name) }
            }
            return names.joined(separator: ", ")
        }

        mutating func attachments(_ scanner: JSONScanner, into enclosures: inout [FeedEnclosure]) throws(LoadError) {
            guard try scanner.peekSignificant() == UInt8(ascii: "[") else {
                try wrongKind(scanner, "\"attachments\"", "an array")
                return
            }
            try JSONFeedParser.forEachElement(scanner) { () throws(LoadError) in
                guard try scanner.peekSignificant() == UInt8(ascii: "{") else {
                    try wrongKind(scanner, "an attachment", "an object")
                    return
                }
                var enclosure = FeedEnclosure(url: "")
                try JSONFeedParser.forEachMember(scanner) { key throws(LoadError) in
                    switch key {
                    case "url": enclosure.url = try string(scanner, key).map(trimmed) ?? ""
                    case "mime_type": enclosure.type = try string(scanner, key).map(trimmed) ?? ""
                    case "size_in_bytes": enclosure.length = try wholeNumber(scanner, key)
                    case "duration_in_seconds": enclosure.duration = try wholeNumber(scanner, key)
                    default: try scanner.skipValue(maximumDepth: limits.maximumDepth)
                    }
                }
                if !enclosure.url.isEmpty, enclosures.count < 1000, !enclosures.contains(where: { $0.url == enclosure.url }) {
                    enclosures.append(enclosure)
                }
            }
        }

        mutating func strings(_ scanner: JSONScanner, _ key: String, _ body: (String) -> Void) throws(LoadError) {
            guard try scanner.peekSignificant() == UInt8(ascii: "[") else {
                try wrongKind(scanner, "\"\(key)\"", "an array of strings")
                return
            }
            var count = 0
            try JSONFeedParser.forEachElement(scanner) { () throws(LoadError) in
                if let text = try string(scanner, key), count < 1000 {
                    count += 1
                    body(trimmed(text))
                }
            }
        }

        /// A string, or nil (with a warning) when the value is of another kind; `null` is nil quietly.
        mutating func string(_ scanner: JSONScanner, _ key: String) throws(LoadError) -> String? {
            switch try scalar(scanner, key) {
            case .string(let text): return text
            case .bare:
                warnings.append(ParseWarning("\"\(key)\" should be a string: ignored", at: valueLocation))
                return nil
            case .null, nil: return nil
            }
        }

        mutating func scalar(_ scanner: JSONScanner, _ key: String) throws(LoadError) -> Scalar? {
            let next = try scanner.peekSignificant()
            let location = scanner.location
            valueLocation = location
            switch next {
            case UInt8(ascii: "\""):
                try scanner.readString()
                if scanner.stringBytes.count > limits.maximumFieldBytes {
                    warnings.append(ParseWarning("\"\(key)\" is longer than \(ByteCountText.describe(limits.maximumFieldBytes)), the limit for a field: the rest is dropped",
                                                 at: location))
                    var cut = limits.maximumFieldBytes
                    // Not inside a character: back up over continuation bytes.
                    while cut > 0, scanner.stringBytes[cut] & 0xC0 == 0x80 { cut -= 1 }
                    return .string(String(decoding: scanner.stringBytes[0..<cut], as: UTF8.self))
                }
                return .string(String(decoding: scanner.stringBytes, as: UTF8.self))
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try wrongKind(scanner, "\"\(key)\"", "a single value")
                return nil
            default:
                try scanner.readBareToken()
                let token = String(decoding: scanner.stringBytes, as: UTF8.self)
                guard token != "null" else { return .null }
                guard token == "true" || token == "false" || Double(token) != nil else {
                    throw LoadError(source: scanner.source, location: location, "not JSON: '\(TerminalSafeText.singleLine(String(token.prefix(40))))' is not a value")
                }
                return .bare(token)
            }
        }

        mutating func date(_ scanner: JSONScanner, _ key: String) throws(LoadError) -> Date? {
            guard let text = try string(scanner, key) else { return nil }
            let location = valueLocation
            guard let date = InternetDate.parse(text) else {
                warnings.append(ParseWarning("\"\(key)\": unreadable date '\(TerminalSafeText.singleLine(String(text.prefix(60))))'", at: location))
                return nil
            }
            return date
        }

        mutating func wholeNumber(_ scanner: JSONScanner, _ key: String) throws(LoadError) -> Int? {
            switch try scalar(scanner, key) {
            case .bare(let token):
                guard let value = Double(token), value >= 0, value < 1e15 else { return nil }
                return Int(value)
            case .string(let text):
                return Int(trimmed(text)).flatMap { $0 >= 0 ? $0 : nil }
            case .null, nil:
                return nil
            }
        }

        /// `what` is a key in quotes, or "an item".
        mutating func wrongKind(_ scanner: JSONScanner, _ what: String, _ expected: String) throws(LoadError) {
            _ = try scanner.peekSignificant()
            warnings.append(ParseWarning("\(what) should be \(expected): ignored", at: scanner.location))
            try scanner.skipValue(maximumDepth: limits.maximumDepth)
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
