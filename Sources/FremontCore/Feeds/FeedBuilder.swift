import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Maps `XMLParser` events onto `Feed`, by namespace and by position (an item's `title` is not the
/// channel's, nor its `source`'s). Streams: only the item being read and the field being read are
/// held, besides the finished items. One builder serves one parse.
///
/// Every stored property is `@exclusivity(unchecked)`: XMLParser calls back on the one thread
/// running `parse()`, one callback at a time, and the dynamic check on each access of a class's
/// property cost several percent of a large feed's parse.
final class FeedBuilder: NSObject, XMLParserDelegate {
    /// Why the builder stopped the parse on purpose.
    enum Stop: Equatable {
        case notAFeed(root: String, at: SourceLocation)
        case tooDeep(at: SourceLocation)
        case tooManyItems(at: SourceLocation)
    }

    @exclusivity(unchecked) private(set) var stop: Stop?
    /// The first error libxml2 reported (it reads on in recovery mode; later errors follow from it).
    @exclusivity(unchecked) private(set) var firstError: (code: Int, location: SourceLocation)?
    @exclusivity(unchecked) private(set) var sawRoot = false
    /// The root element's name as written (`rss`, `rdf:RDF`), to look for its end tag.
    @exclusivity(unchecked) private(set) var rootName = ""
    @exclusivity(unchecked) private(set) var rootClosed = false
    @exclusivity(unchecked) private var boundedWarnings = BoundedWarnings()
    /// What the reading warned of (the first thousand, and a tally of the rest).
    var warnings: [ParseWarning] { boundedWarnings.all }

    private let limits: FeedLimits
    private let abortOnError: Bool
    /// The feed's own address, when it came from the web: the base of relative addresses where
    /// no `xml:base` says otherwise.
    private let documentBase: String?
    /// The elements that set `xml:base`, with the base in effect inside each (resolved against
    /// the one around it). Kept only for those elements: most feeds have none.
    @exclusivity(unchecked) private var bases: [(depth: Int, base: String)] = []
    /// `rel="self"`: the feed's address as the feed gives it, the base of last resort.
    @exclusivity(unchecked) private var selfLink = ""
    /// The attributes of the Atom link whose text is being read (`beginLinkText`).
    @exclusivity(unchecked) private var pendingLinkAttributes: [String: String] = [:]
    /// Atom 0.3's `mode` of the element starting, for `begin`.
    @exclusivity(unchecked) private var currentMode: String?

    @exclusivity(unchecked) private var format = FeedFormat.rss2
    @exclusivity(unchecked) private var isAtom = false
    @exclusivity(unchecked) private var feed = Feed(format: .rss2)
    @exclusivity(unchecked) private var feedTitleIsHTML = false
    @exclusivity(unchecked) private var feedAuthor = ""
    @exclusivity(unchecked) private var feedLastBuild: Date?
    @exclusivity(unchecked) private var feedPublished: Date?
    @exclusivity(unchecked) private var feedDCDate: Date?
    @exclusivity(unchecked) private var feedDCTitle = ""
    @exclusivity(unchecked) private var feedIcon = ""
    @exclusivity(unchecked) private var feedDCDescription = ""

    @exclusivity(unchecked) private var frames: [Role] = []
    /// Items in the order they started; a placeholder while still open (and for good, if the
    /// document is cut), which `completed` tells apart.
    @exclusivity(unchecked) private var items: [FeedItem] = []
    @exclusivity(unchecked) private var completed: [Bool] = []
    @exclusivity(unchecked) private var openItems: [(draft: FeedItemDraft, slot: Int)] = []
    /// How often each id made for an item without guid, link or title has come (at most one
    /// entry an item).
    @exclusivity(unchecked) private var weakIDCounts: [String: Int] = [:]
    @exclusivity(unchecked) private var capture: Capture?
    /// The text of the one element being read (with its descendants when it holds markup), as
    /// UTF-8: pieces and CDATA blocks are appended as bytes into one reused buffer and become a
    /// String once, trimmed, at the element's end.
    @exclusivity(unchecked) private var captureBytes: [UInt8] = []
    /// A field's text that came in one piece (a title, most `content:encoded` blocks) is kept as
    /// it came and used as it is at the end, without a copy through `captureBytes`; a second
    /// piece flushes it there. While one is pending, `captureBytes` is empty.
    @exclusivity(unchecked) private var pending = Pending.none
    /// Set when text past `maximumFieldBytes` was dropped from the field being read.
    @exclusivity(unchecked) private var fieldCut = false

    private enum Pending {
        case none
        case text(String)
        case block(Data)
    }
    /// The last namespace URI seen and what it is: elements come in runs of one vocabulary.
    @exclusivity(unchecked) private var lastURI = ""
    @exclusivity(unchecked) private var lastNamespace = FeedNamespace.none

    private enum Owner { case feed, item }

    /// What an open element is to the feed.
    private enum Role { case root, channel, item, author(Owner), mediaGroup, feedImage, other }

    private enum TextKind { case text, html, xhtml }

    private enum Field {
        case title, link, description, summary, content, fallbackSummary, guid, atomID
        case published, dcDate, updated, lastBuildDate, dcTitle, dcDescription
        case author(FeedItemDraft.AuthorSource), authorName, authorEmail, category
        case imageURL, logo, icon, comments, source, duration
        /// An Atom link's text, its address when it has no `href`.
        case linkText
        /// `media:title`: the title when the item has no other.
        case mediaTitle
    }

    /// The field being read; its text is in `captureBytes`.
    private struct Capture {
        var field: Field
        var owner: Owner
        var kind: TextKind
        /// Child elements are kept as tags (summaries and content); elsewhere only their text counts.
        var keepsMarkup: Bool
        var depth: Int
        var element: String
        var location: SourceLocation
        /// The base of relative addresses in the field.
        var base: String?
        /// Depth of Atom's required `<div xmlns="…xhtml">` wrapper, whose tags are not content.
        var wrapperDepth: Int?
        /// Atom 0.3 `mode="base64"`: the text is the Base64 of the field.
        var isBase64 = false
    }

    init(limits: FeedLimits, abortOnError: Bool, documentBase: String? = nil) {
        self.limits = limits
        self.abortOnError = abortOnError
        self.documentBase = documentBase
    }

    private var currentBase: String? { bases.last?.base ?? documentBase }

    /// The feed as far as it was read: items whose end was never seen (a cut document) are left out.
    func result(plainText: (String) -> String) -> Feed {
        var result = feed
        result.format = format
        if result.title.isEmpty { result.title = feedDCTitle }
        if result.description.isEmpty { result.description = feedDCDescription }
        if result.image.isEmpty { result.image = feedIcon }
        if feedTitleIsHTML { result.title = plainText(result.title) }
        result.updated = feed.updated ?? feedLastBuild ?? feedPublished ?? feedDCDate
        // Handed over without a copy unless some item never ended.
        result.items = openItems.isEmpty && !completed.contains(false) ? items : items.indices.compactMap { completed[$0] ? items[$0] : nil }
        // Without an address of its own or an xml:base, the feed's self link is where it lives.
        if documentBase == nil, FeedURLs.needsNoBase(selfLink), !selfLink.isEmpty {
            result.link = FeedURLs.resolve(result.link, against: selfLink)
            for index in result.items.indices { Self.resolve(&result.items[index], against: selfLink) }
        }
        if !feedAuthor.isEmpty {
            // Atom: an entry without an author has the feed's.
            for index in result.items.indices where result.items[index].author.isEmpty {
                result.items[index].author = feedAuthor
            }
        }
        return result
    }

    /// What is still relative in `item` resolved against `base`.
    private static func resolve(_ item: inout FeedItem, against base: String) {
        item.link = FeedURLs.resolve(item.link, against: base)
        for index in item.enclosures.indices {
            item.enclosures[index].url = FeedURLs.resolve(item.enclosures[index].url, against: base)
        }
        if !item.summary.isEmpty { item.summary = FeedURLs.resolveLinks(inHTML: item.summary, against: base) }
        if !item.content.isEmpty { item.content = FeedURLs.resolveLinks(inHTML: item.content, against: base) }
    }

    // MARK: - XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String]) {
        let depth = frames.count + 1
        if depth > limits.maximumDepth {
            halt(parser, .tooDeep(at: location(parser)))
            return
        }
        if !attributes.isEmpty {
            if let base = Self.value(of: "xml:base", in: attributes) {
                bases.append((depth, FeedURLs.resolve(base.trimmingCharacters(in: .whitespaces), against: currentBase)))
            }
            if format == .atom03 { currentMode = attributes["mode"] }
        } else if currentMode != nil {
            currentMode = nil
        }
        if capture != nil {
            captureChild(name, namespaceURI: namespaceURI, attributes: attributes, depth: depth)
            frames.append(.other)
            return
        }
        var namespace = classify(namespaceURI)
        // RSS and iTunes are read as iTunes reads them, element names in any letter case
        // (`<TITLE>`, `itunes:Author`); Atom's are case-sensitive.
        var name = namespace == .none || namespace == .rss || namespace == .itunes ? Self.caseFolded(name) : name
        if format == .rss10, depth == 2, let uri = namespaceURI, FeedNamespace.rss090URIs.contains(uri) { format = .rss090 }
        guard let parent = frames.last else {
            frames.append(startRoot(parser, name, namespace, qualifiedName: qualifiedName))
            // CDF (Microsoft's Channel Definition Format): the channel's address is its HREF.
            if name == "channel", let href = Self.cdfHref(attributes) { feed.link = FeedURLs.resolve(href, against: currentBase) }
            return
        }
        // An undeclared prefix fails the strict parse; only a recovered one can meet it.
        if !abortOnError, namespace == .none, let qualified = qualifiedName, let colon = qualified.utf8.firstIndex(of: UInt8(ascii: ":")),
           let known = FeedNamespace.conventional(prefix: qualified[..<colon]) {
            namespace = known
            name = String(qualified[qualified.index(after: colon)...])
        }
        let core = isCore(namespace)
        if core, name == "item" || name == "entry" {
            if !openItems.isEmpty {
                boundedWarnings.append(ParseWarning("an item inside another item: read as two items", at: location(parser)))
            }
            if items.count >= limits.maximumItems {
                halt(parser, .tooManyItems(at: location(parser)))
                return
            }
            var draft = FeedItemDraft()
            if !attributes.isEmpty {
                // RSS 1.0 names each item by its rdf:about; CDF gives an item's address as HREF.
                if let about = Self.value(of: "rdf:about", in: attributes) ?? Self.value(of: "about", in: attributes) {
                    draft.rdfAbout = FeedURLs.resolve(trimmed(about), against: currentBase)
                }
                if let href = Self.cdfHref(attributes) { draft.rssLink = FeedURLs.resolve(href, against: currentBase) }
            }
            openItems.append((draft, items.count))
            items.append(FeedItem())
            completed.append(false)
            frames.append(.item)
            return
        }
        let role: Role
        switch parent {
        case .root, .channel:
            role = startFeedChild(parser, name, qualifiedName, namespace, core: core, attributes: attributes, depth: depth)
        case .item:
            role = startItemChild(parser, name, qualifiedName, namespace, core: core, attributes: attributes, depth: depth)
        case .author(let owner):
            if core || namespace == .atom || namespace == .atom03, name == "name" || name == "email" {
                begin(parser, name, qualifiedName, name == "name" ? .authorName : .authorEmail, owner, .text, depth: depth)
            }
            role = .other
        case .mediaGroup:
            startMedia(parser, name, qualifiedName, namespace, attributes: attributes, depth: depth)
            role = .other
        case .feedImage:
            if core, name == "url" { begin(parser, name, qualifiedName, .imageURL, .feed, .text, depth: depth) }
            role = .other
        case .other:
            role = .other
        }
        frames.append(role)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let last = bases.last, last.depth == frames.count { bases.removeLast() }
        guard let role = frames.popLast() else { return }
        // Only scalars are read out of `capture` before appending: holding a copy of it would
        // share its text buffer and make every append copy the whole text.
        if let captureDepth = capture?.depth {
            let depth = frames.count + 1
            if depth == captureDepth {
                let finished = capture.take()!
                finish(finished, parser)
            } else if capture?.keepsMarkup == true {
                if capture?.wrapperDepth == depth {
                    capture?.wrapperDepth = nil
                } else if !FeedBuilder.voidElements.contains(name) {
                    append("</\(name)>")
                }
            }
            return
        }
        switch role {
        case .item:
            if let (draft, slot) = openItems.popLast() {
                var item = draft.finish(plainTitle: FeedBuilder.plainText)
                // An item with nothing of its own to name it (no guid, link or title) that repeats
                // another's enclosure and text is still an item of its own: its occurrence tells it apart.
                if draft.lacksIdentity(item) {
                    let occurrence = weakIDCounts[item.id, default: 0] + 1
                    weakIDCounts[item.id] = occurrence
                    if occurrence > 1 { item.id += "#\(occurrence)" }
                }
                items[slot] = item
                completed[slot] = true
            }
        default:
            break
        }
        if frames.isEmpty { rootClosed = true }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let kind = capture?.kind else { return }
        let piece = kind == .xhtml ? FeedBuilder.escapeHTML(string) : string
        if captureBytes.isEmpty, case .none = pending {
            pending = .text(piece)
        } else {
            append(piece)
        }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        // On Linux, CDATA never reaches foundCharacters: without this, most `content:encoded` is lost.
        guard let kind = capture?.kind else { return }
        if kind == .xhtml {
            append(FeedBuilder.escapeHTML(String(decoding: CDATABlock, as: UTF8.self)))
            return
        }
        if onlyWhitespaceSoFar() {
            // Whitespace before the block goes: trimming would drop it anyway.
            pending = .block(CDATABlock)
            captureBytes.removeAll(keepingCapacity: true)
        } else {
            flushPending()
            guard captureBytes.count < limits.maximumFieldBytes else { fieldCut = true; return }
            captureBytes.append(contentsOf: CDATABlock)
        }
    }

    private func append(_ string: String) {
        flushPending()
        guard captureBytes.count < limits.maximumFieldBytes else { fieldCut = true; return }
        captureBytes.append(contentsOf: string.utf8)
    }

    private func flushPending() {
        switch pending {
        case .none: return
        case .text(let text): captureBytes.append(contentsOf: text.utf8)
        case .block(let block): captureBytes.append(contentsOf: block)
        }
        pending = .none
    }

    /// At most `bytes` of `text`'s UTF-8, ending on a whole character.
    static func prefix(_ text: String, bytes: Int) -> String {
        let utf8 = Array(text.utf8.prefix(bytes + 1))
        var end = min(bytes, utf8.count)
        // Not in the middle of a character: back off over continuation bytes.
        while end > 0, end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    private func onlyWhitespaceSoFar() -> Bool {
        switch pending {
        case .none: return captureBytes.allSatisfy(DoctypeGuard.Scanner.isSpace)
        case .text(let text): return text.utf8.allSatisfy(DoctypeGuard.Scanner.isSpace)
        case .block: return false
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard stop == nil, firstError == nil else { return }
        firstError = ((parseError as NSError).code, location(parser))
        if abortOnError { parser.abortParsing() }
    }

    // MARK: - Where an element belongs

    private func startRoot(_ parser: XMLParser, _ name: String, _ namespace: FeedNamespace,
                           qualifiedName: String?) -> Role {
        sawRoot = true
        rootName = qualifiedName ?? name
        switch (name, namespace) {
        case ("rss", _), ("channel", .none):
            format = .rss2
        case ("RDF", .rdf):
            format = .rss10
        case ("feed", .atom03):
            format = .atom03
            isAtom = true
        case ("feed", _):
            format = .atom10
            isAtom = true
        case ("entry", .atom), ("entry", .atom03):
            // An Atom Entry Document (RFC 4287 4.1.2): a feed of one entry.
            format = namespace == .atom03 ? .atom03 : .atom10
            isAtom = true
            openItems.append((FeedItemDraft(), items.count))
            items.append(FeedItem())
            completed.append(false)
            return .item
        default:
            halt(parser, .notAFeed(root: qualifiedName ?? name, at: location(parser)))
            return .other
        }
        return name == "channel" ? .channel : .root
    }

    private func startFeedChild(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ namespace: FeedNamespace, core: Bool,
                                attributes: [String: String], depth: Int) -> Role {
        if core {
            switch name {
            case "channel":
                return .channel
            case "title":
                beginTitle(parser, name, qualifiedName, .feed, attributes, depth: depth)
            case "link" where isAtom:
                if !addFeedLink(attributes) { beginLinkText(parser, name, qualifiedName, .feed, attributes, depth: depth) }
            case "link":
                // `<link href="…"/>` in RSS: an Atom link written without its namespace, which
                // readers take over the text links before it.
                if !attributes.isEmpty, let href = attributes["href"].map(trimmed), !href.isEmpty {
                    if Self.isAlternate(attributes) { feed.link = FeedURLs.resolve(href, against: currentBase) }
                } else {
                    begin(parser, name, qualifiedName, .link, .feed, .text, depth: depth)
                }
            case "description", "subtitle", "tagline":
                begin(parser, name, qualifiedName, .description, .feed, .text, depth: depth)
            case "lastBuildDate":
                begin(parser, name, qualifiedName, .lastBuildDate, .feed, .text, depth: depth)
            case "pubDate":
                begin(parser, name, qualifiedName, .published, .feed, .text, depth: depth)
            case "updated", "modified":
                begin(parser, name, qualifiedName, .updated, .feed, .text, depth: depth)
            case "author" where isAtom:
                return .author(.feed)
            case "image" where !isAtom:
                return .feedImage
            case "logo" where isAtom:
                begin(parser, name, qualifiedName, .logo, .feed, .text, depth: depth)
            case "icon" where isAtom:
                begin(parser, name, qualifiedName, .icon, .feed, .text, depth: depth)
            case "id" where isAtom:
                begin(parser, name, qualifiedName, .atomID, .feed, .text, depth: depth)
            case "category" where isAtom:
                if let term = (attributes["term"] ?? attributes["label"]).map(trimmed), !term.isEmpty, !feed.categories.contains(term) {
                    feed.categories.append(term)
                }
            case "category":
                begin(parser, name, qualifiedName, .category, .feed, .text, depth: depth)
            default:
                break
            }
            return .other
        }
        switch (namespace, name) {
        case (.dublinCore, "date"):
            begin(parser, name, qualifiedName, .dcDate, .feed, .text, depth: depth)
        case (.dublinCore, "title"):
            begin(parser, name, qualifiedName, .dcTitle, .feed, .text, depth: depth)
        case (.dublinCore, "description"):
            begin(parser, name, qualifiedName, .dcDescription, .feed, .text, depth: depth)
        case (.atom, "link"):
            if !addFeedLink(attributes) { beginLinkText(parser, name, qualifiedName, .feed, attributes, depth: depth) }
        case (.itunes, "image"):
            if feed.image.isEmpty, let href = attributes["href"].map(trimmed), !href.isEmpty {
                feed.image = FeedURLs.resolve(href, against: currentBase)
            }
        case (.itunes, "category"):
            if let text = attributes["text"].map(trimmed), !text.isEmpty, !feed.categories.contains(text) { feed.categories.append(text) }
        default:
            break
        }
        return .other
    }

    private func startItemChild(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ namespace: FeedNamespace, core: Bool,
                                attributes: [String: String], depth: Int) -> Role {
        if core {
            switch name {
            case "title":
                beginTitle(parser, name, qualifiedName, .item, attributes, depth: depth)
            case "link" where isAtom:
                if !addItemLink(attributes) { beginLinkText(parser, name, qualifiedName, .item, attributes, depth: depth) }
            case "link":
                if !attributes.isEmpty, let href = attributes["href"].map(trimmed), !href.isEmpty {
                    if Self.isAlternate(attributes) { openItems[openItems.count - 1].draft.rssLink = FeedURLs.resolve(href, against: currentBase) }
                } else {
                    begin(parser, name, qualifiedName, .link, .item, .text, depth: depth)
                }
            case "description":
                begin(parser, name, qualifiedName, .summary, .item, .html, depth: depth, keepsMarkup: true)
            case "summary" where isAtom:
                if let kind = atomKind(attributes) { begin(parser, name, qualifiedName, .summary, .item, kind, depth: depth, keepsMarkup: true) }
            case "content" where isAtom:
                if attributes["src"] == nil, let kind = atomKind(attributes) {
                    begin(parser, name, qualifiedName, .content, .item, kind, depth: depth, keepsMarkup: true)
                }
            case "guid":
                openItems[openItems.count - 1].draft.guidIsPermaLink = attributes["isPermaLink"]?.lowercased() != "false"
                begin(parser, name, qualifiedName, .guid, .item, .text, depth: depth)
            case "id" where isAtom:
                begin(parser, name, qualifiedName, .atomID, .item, .text, depth: depth)
            case "pubDate", "published", "issued", "created":
                begin(parser, name, qualifiedName, .published, .item, .text, depth: depth)
            case "updated", "modified":
                begin(parser, name, qualifiedName, .updated, .item, .text, depth: depth)
            case "author" where isAtom:
                return .author(.item)
            case "author":
                begin(parser, name, qualifiedName, .author(.rss), .item, .text, depth: depth)
            case "category" where isAtom:
                if let term = (attributes["term"] ?? attributes["label"]).map(trimmed), !term.isEmpty {
                    openItems[openItems.count - 1].draft.categories.append(term)
                }
            case "category":
                begin(parser, name, qualifiedName, .category, .item, .text, depth: depth)
            case "comments" where !isAtom:
                begin(parser, name, qualifiedName, .comments, .item, .text, depth: depth)
            case "source" where !isAtom:
                if let url = attributes["url"].map(trimmed), !url.isEmpty {
                    openItems[openItems.count - 1].draft.sourceURL = FeedURLs.resolve(url, against: currentBase)
                }
                begin(parser, name, qualifiedName, .source, .item, .text, depth: depth)
            case "enclosure":
                if let url = attributes["url"].map(trimmed), !url.isEmpty {
                    openItems[openItems.count - 1].draft.enclosures.append(
                        FeedEnclosure(url: FeedURLs.resolve(url, against: currentBase), type: trimmed(attributes["type"] ?? ""), length: length(attributes["length"])))
                }
            default:
                break
            }
            return .other
        }
        switch (namespace, name) {
        case (.content, "encoded"):
            begin(parser, name, qualifiedName, .content, .item, .html, depth: depth, keepsMarkup: true)
        case (.dublinCore, "creator"), (.dublinCore, "author"):
            begin(parser, name, qualifiedName, .author(.dublinCore), .item, .text, depth: depth)
        case (.dublinCore, "date"), (.dublinCoreTerms, "issued"), (.dublinCoreTerms, "created"):
            begin(parser, name, qualifiedName, .dcDate, .item, .text, depth: depth)
        case (.dublinCore, "subject"):
            begin(parser, name, qualifiedName, .category, .item, .text, depth: depth)
        case (.dublinCore, "title"):
            begin(parser, name, qualifiedName, .dcTitle, .item, .text, depth: depth)
        case (.dublinCore, "description"):
            begin(parser, name, qualifiedName, .fallbackSummary, .item, .text, depth: depth)
        case (.atom, "content"):
            if attributes["src"] == nil, let kind = atomKind(attributes) {
                begin(parser, name, qualifiedName, .content, .item, kind, depth: depth, keepsMarkup: true)
            }
        case (.atom, "summary"):
            if let kind = atomKind(attributes) { begin(parser, name, qualifiedName, .summary, .item, kind, depth: depth, keepsMarkup: true) }
        case (.atom, "category"):
            if let term = (attributes["term"] ?? attributes["label"]).map(trimmed), !term.isEmpty {
                openItems[openItems.count - 1].draft.categories.append(term)
            }
        case (.atom, "published"):
            begin(parser, name, qualifiedName, .published, .item, .text, depth: depth)
        case (.atom, "author"):
            return .author(.item)
        case (.dublinCoreTerms, "modified"), (.atom, "updated"):
            begin(parser, name, qualifiedName, .updated, .item, .text, depth: depth)
        case (.atom, "link"):
            if !addItemLink(attributes) { beginLinkText(parser, name, qualifiedName, .item, attributes, depth: depth) }
        case (.itunes, "author"):
            begin(parser, name, qualifiedName, .author(.itunes), .item, .text, depth: depth)
        case (.itunes, "summary"):
            begin(parser, name, qualifiedName, .fallbackSummary, .item, .text, depth: depth)
        case (.itunes, "duration"):
            begin(parser, name, qualifiedName, .duration, .item, .text, depth: depth)
        case (.itunes, "image"):
            if let href = attributes["href"].map(trimmed), !href.isEmpty, openItems[openItems.count - 1].draft.image.isEmpty {
                openItems[openItems.count - 1].draft.image = FeedURLs.resolve(href, against: currentBase)
            }
        case (.media, "group"):
            return .mediaGroup
        case (.media, _):
            startMedia(parser, name, qualifiedName, namespace, attributes: attributes, depth: depth)
        default:
            break
        }
        return .other
    }

    private func startMedia(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ namespace: FeedNamespace,
                            attributes: [String: String], depth: Int) {
        guard namespace == .media else { return }
        if name == "title" {
            begin(parser, name, qualifiedName, .mediaTitle, .item, .text, depth: depth)
        } else if name == "content", let url = attributes["url"].map(trimmed), !url.isEmpty {
            openItems[openItems.count - 1].draft.mediaEnclosures.append(
                FeedEnclosure(url: FeedURLs.resolve(url, against: currentBase), type: trimmed(attributes["type"] ?? ""),
                              length: length(attributes["fileSize"]), duration: attributes["duration"].flatMap(FeedEnclosure.seconds)))
        } else if name == "thumbnail", let url = attributes["url"].map(trimmed), !url.isEmpty,
                  openItems[openItems.count - 1].draft.image.isEmpty {
            openItems[openItems.count - 1].draft.image = FeedURLs.resolve(url, against: currentBase)
        } else if name == "description" {
            begin(parser, name, qualifiedName, .fallbackSummary, .item, attributes["type"] == "html" ? .html : .text, depth: depth)
        }
    }

    /// False when the link has no `href` (its address may be its text, as feedparser reads it).
    @discardableResult
    private func addFeedLink(_ attributes: [String: String]) -> Bool {
        let rel = trimmed(attributes["rel"] ?? "")
        guard let href = attributes["href"].map(trimmed), !href.isEmpty else { return false }
        if rel == "self", selfLink.isEmpty { selfLink = FeedURLs.resolve(href, against: currentBase) }
        guard feed.link.isEmpty, rel.isEmpty || rel == "alternate" else { return true }
        feed.link = FeedURLs.resolve(href, against: currentBase)
        return true
    }

    /// `<link rel="alternate">http://…</link>`: an Atom link without `href`, its address written
    /// as its text, read when the element ends.
    private func beginLinkText(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ owner: Owner,
                               _ attributes: [String: String], depth: Int) {
        pendingLinkAttributes = attributes
        begin(parser, name, qualifiedName, .linkText, owner, .text, depth: depth)
    }

    /// False when the link has no `href`.
    @discardableResult
    private func addItemLink(_ attributes: [String: String]) -> Bool {
        guard let raw = attributes["href"].map(trimmed), !raw.isEmpty else { return false }
        let href = FeedURLs.resolve(raw, against: currentBase)
        let rel = trimmed(attributes["rel"] ?? "")
        if rel == "enclosure" {
            openItems[openItems.count - 1].draft.enclosures.append(
                FeedEnclosure(url: href, type: trimmed(attributes["type"] ?? ""), length: length(attributes["length"])))
        } else {
            openItems[openItems.count - 1].draft.atomLinks.append((rel, href))
        }
        return true
    }

    /// An attribute looked for on every element: the few attributes an element has are compared
    /// in turn, which costs less than hashing the name.
    private static func value(of name: String, in attributes: [String: String]) -> String? {
        for (key, value) in attributes where key == name { return value }
        return nil
    }

    /// CDF's `HREF` attribute (any case), trimmed; nil when absent or empty.
    private static func cdfHref(_ attributes: [String: String]) -> String? {
        for (key, value) in attributes where key.utf8.count == 4 && key.lowercased() == "href" {
            let href = value.trimmingCharacters(in: .whitespaces)
            return href.isEmpty ? nil : href
        }
        return nil
    }

    /// An RSS or iTunes element name as the vocabulary spells it, whatever case it was written
    /// in. Most names are lower case already and cost one look at their bytes.
    static func caseFolded(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        let lowered = name.lowercased()
        return camelCaseNames[lowered] ?? lowered
    }

    /// The names RSS, RSS 1.0 and iTunes spell with capitals, by their lower-case form.
    private static let camelCaseNames: [String: String] = [
        "pubdate": "pubDate", "lastbuilddate": "lastBuildDate", "managingeditor": "managingEditor", "webmaster": "webMaster",
        "skiphours": "skipHours", "skipdays": "skipDays", "textinput": "textInput", "rdf": "RDF", "new-feed-url": "new-feed-url",
    ]

    /// A link to the page itself: no `rel`, or `alternate` (not `self`, `hub`, `replies`, …).
    private static func isAlternate(_ attributes: [String: String]) -> Bool {
        let rel = attributes["rel"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return rel.isEmpty || rel == "alternate"
    }

    // MARK: - Reading text

    private func begin(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ field: Field, _ owner: Owner, _ kind: TextKind, depth: Int,
                       keepsMarkup: Bool = false) {
        capture = Capture(field: field, owner: owner, kind: kind, keepsMarkup: keepsMarkup, depth: depth,
                          element: qualifiedName ?? name, location: location(parser), base: currentBase)
        if currentMode?.lowercased() == "base64" {
            capture?.isBase64 = true
        }
    }

    /// A title; in Atom, of its declared type. A type that is neither text nor XML is Base64
    /// (RFC 4287 4.1.3.3, as feedparser reads a title so declared): decoded, and read as text.
    private func beginTitle(_ parser: XMLParser, _ name: String, _ qualifiedName: String?, _ owner: Owner,
                            _ attributes: [String: String], depth: Int) {
        guard isAtom else {
            begin(parser, name, qualifiedName, .title, owner, .text, depth: depth)
            return
        }
        let kind = atomKind(attributes)
        begin(parser, name, qualifiedName, .title, owner, kind ?? .text, depth: depth)
        if kind == nil { capture?.isBase64 = true }
    }

    private func captureChild(_ name: String, namespaceURI: String?, attributes: [String: String], depth: Int) {
        guard let kind = capture?.kind, let captureDepth = capture?.depth, capture?.keepsMarkup == true else { return }
        if kind == .xhtml, depth == captureDepth + 1, onlyWhitespaceSoFar(), capture?.wrapperDepth == nil,
           name == "div", FeedNamespace(uri: namespaceURI) == .xhtml {
            capture?.wrapperDepth = depth
            return
        }
        var tag = "<" + name
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) where !key.hasPrefix("xmlns") && key != "xml:base" {
            let shown = key == "href" || key == "src" ? FeedURLs.resolve(value, against: currentBase) : value
            tag += " \(key)=\"\(FeedBuilder.escapeHTML(shown, quotes: true))\""
        }
        append(tag + ">")
    }

    private func finish(_ capture: Capture, _ parser: XMLParser) {
        var text: String
        switch pending {
        case .text(let piece):
            text = trimmed(piece)
        case .block(let block):
            text = block.withUnsafeBytes { FeedBuilder.trimmedText($0.bindMemory(to: UInt8.self)) }
        case .none:
            text = captureBytes.withUnsafeBufferPointer { FeedBuilder.trimmedText($0) }
            captureBytes.removeAll(keepingCapacity: true)
        }
        pending = .none
        if fieldCut || text.utf8.count > limits.maximumFieldBytes {
            fieldCut = false
            text = FeedBuilder.prefix(text, bytes: limits.maximumFieldBytes)
            boundedWarnings.append(ParseWarning("the text of <\(capture.element)> is longer than \(ByteCountText.describe(limits.maximumFieldBytes)): the rest is not kept",
                                         at: location(parser)))
        }
        if capture.isBase64 {
            // What does not decode to UTF-8 text was not Base64 of text after all: kept as written.
            text = Data(base64Encoded: text, options: .ignoreUnknownCharacters).flatMap { String(data: $0, encoding: .utf8) } ?? text
            text = trimmed(text)
        }
        if capture.kind == .text, capture.keepsMarkup { text = FeedBuilder.escapeHTML(text) }
        if capture.kind == .html, let base = capture.base { text = FeedURLs.resolveLinks(inHTML: text, against: base) }
        switch capture.field {
        case .title, .author, .authorName, .category: text = FeedBuilder.windows1252Controls(text)
        default: break
        }
        if case .linkText = capture.field {
            // The link's address, resolved against the element's own base as an href would be.
            guard !text.isEmpty else { return }
            let attributes = pendingLinkAttributes.merging(["href": FeedURLs.resolve(text, against: capture.base)]) { $1 }
            if capture.owner == .feed { addFeedLink(attributes) } else if !openItems.isEmpty { addItemLink(attributes) }
            return
        }
        switch capture.owner {
        case .feed:
            finishFeedField(capture, text, parser)
        case .item:
            guard !openItems.isEmpty else { return }
            finishItemField(capture, text, &openItems[openItems.count - 1].draft)
        }
    }

    private func finishFeedField(_ capture: Capture, _ text: String, _ parser: XMLParser) {
        switch capture.field {
        case .title where feed.title.isEmpty:
            feed.title = text
            feedTitleIsHTML = capture.kind != .text
        case .link where feed.link.isEmpty:
            feed.link = FeedURLs.resolve(text, against: capture.base)
        case .description where feed.description.isEmpty:
            feed.description = text
        case .lastBuildDate:
            feedLastBuild = feedLastBuild ?? date(text, capture)
        case .published:
            feedPublished = feedPublished ?? date(text, capture)
        case .dcDate:
            feedDCDate = feedDCDate ?? date(text, capture)
        case .updated:
            feed.updated = feed.updated ?? date(text, capture)
        case .authorName where feedAuthor.isEmpty:
            feedAuthor = text
        case .dcTitle where feedDCTitle.isEmpty:
            feedDCTitle = text
        case .imageURL where feed.image.isEmpty, .logo where !text.isEmpty:
            feed.image = FeedURLs.resolve(text, against: capture.base)
        case .icon where feedIcon.isEmpty:
            feedIcon = FeedURLs.resolve(text, against: capture.base)
        case .category where !text.isEmpty && !feed.categories.contains(text):
            feed.categories.append(text)
        case .dcDescription where feedDCDescription.isEmpty:
            feedDCDescription = text
        case .atomID where feed.id.isEmpty:
            feed.id = FeedURLs.resolve(text, against: capture.base)
        default:
            break
        }
    }

    private func finishItemField(_ capture: Capture, _ text: String, _ draft: inout FeedItemDraft) {
        switch capture.field {
        case .title where draft.title.isEmpty:
            draft.title = text
            draft.titleIsHTML = capture.kind != .text
        case .link where draft.rssLink.isEmpty:
            draft.rssLink = FeedURLs.resolve(text, against: capture.base)
        case .summary where draft.summary.isEmpty:
            draft.summary = text
        case .content where draft.content.isEmpty:
            draft.content = text
        case .fallbackSummary where draft.fallbackSummary.isEmpty:
            draft.fallbackSummary = text
            draft.fallbackSummaryIsText = capture.kind == .text
        case .dcTitle where draft.dcTitle.isEmpty:
            draft.dcTitle = text
        case .comments where draft.comments.isEmpty:
            draft.comments = FeedURLs.resolve(text, against: capture.base)
        case .source where draft.sourceTitle.isEmpty:
            draft.sourceTitle = text
        case .duration where draft.duration == nil:
            draft.duration = FeedEnclosure.seconds(text)
        case .guid where draft.guid.isEmpty:
            draft.guid = text
        case .atomID where draft.atomID.isEmpty:
            draft.atomID = FeedURLs.resolve(text, against: capture.base)
        case .published:
            draft.published = draft.published ?? date(text, capture)
        case .dcDate:
            draft.dcDate = draft.dcDate ?? date(text, capture)
        case .updated:
            draft.updated = draft.updated ?? date(text, capture)
        case .author(let source) where !text.isEmpty:
            draft.setAuthor(text, from: source)
        case .authorName where !text.isEmpty:
            draft.setAuthor(text, from: .atom, replacing: true)
        case .authorEmail where !text.isEmpty:
            draft.setAuthor(text, from: .atom)
        case .category where !text.isEmpty:
            draft.categories.append(text)
        case .mediaTitle where draft.mediaTitle.isEmpty:
            draft.mediaTitle = text
        default:
            break
        }
    }

    private func date(_ text: String, _ capture: Capture) -> Date? {
        guard !text.isEmpty else { return nil }
        if let date = InternetDate.parse(text) { return date }
        boundedWarnings.append(ParseWarning("unreadable date \(quoted(text)) in <\(capture.element)>: left empty",
                                     at: capture.location))
        return nil
    }

    // MARK: - Helpers

    private func halt(_ parser: XMLParser, _ reason: Stop) {
        guard stop == nil else { return }
        stop = reason
        parser.abortParsing()
    }

    private func classify(_ uri: String?) -> FeedNamespace {
        guard let uri, !uri.isEmpty else { return .none }
        if uri == lastURI { return lastNamespace }
        lastNamespace = FeedNamespace(uri: uri)
        lastURI = uri
        return lastNamespace
    }

    private func isCore(_ namespace: FeedNamespace) -> Bool {
        switch namespace {
        case .none: return true
        case .rss: return !isAtom
        case .atom, .atom03: return isAtom
        default: return false
        }
    }

    /// Atom text construct type; nil for content that is not text (other media types). Atom
    /// 0.3's `mode="base64"` text is decoded when the field ends (`isBase64`).
    private func atomKind(_ attributes: [String: String]) -> TextKind? {
        if format == .atom03, let mode = attributes["mode"]?.lowercased() {
            if mode == "xml" { return .xhtml }
            if mode == "escaped" { return .html }
        }
        let type = trimmed(attributes["type"] ?? "text").lowercased()
        switch type {
        case "text", "text/plain", "": return .text
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default:
            if type.hasPrefix("text/") { return .text }
            if type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
            return nil
        }
    }

    private func location(_ parser: XMLParser) -> SourceLocation {
        SourceLocation(line: parser.lineNumber, column: parser.columnNumber)
    }

    /// The bytes as text, XML whitespace (space, tab, CR, LF) off both ends.
    static func trimmedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        while start < end, DoctypeGuard.Scanner.isSpace(bytes[start]) { start += 1 }
        while end > start, DoctypeGuard.Scanner.isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// XML whitespace off both ends, without copying text that has none there (most of it).
    private func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        if !DoctypeGuard.Scanner.isSpace(first), !DoctypeGuard.Scanner.isSpace(last) { return text }
        guard let start = utf8.firstIndex(where: { !DoctypeGuard.Scanner.isSpace($0) }) else { return "" }
        let end = utf8.lastIndex(where: { !DoctypeGuard.Scanner.isSpace($0) })!
        return String(text[start...end])
    }

    private func length(_ text: String?) -> Int? {
        guard let text, let value = Int(trimmed(text)), value >= 0 else { return nil }
        return value
    }

    /// Atom `type="html"` titles: a title is one line of text, not markup.
    static func plainText(_ html: String) -> String {
        HTMLText.line(html)
    }

    /// `&#146;` and friends: feeds written on Windows name windows-1252 bytes as if they were code
    /// points, which makes C1 controls a terminal would drop. Read them as browsers do. Only for
    /// short plain fields (titles, names, categories): HTML goes through `HTMLText`, which does the same.
    static func windows1252Controls(_ text: String) -> String {
        // U+0080–U+009F are 0xC2 0x80–0x9F in UTF-8.
        guard text.utf8.contains(0xC2), text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append((0x80...0x9F).contains(scalar.value) ? HTMLEntities.scalar(forCodePoint: scalar.value) : scalar)
        }
        return String(scalars)
    }

    /// HTML elements that have no end tag: `<br></br>` would read as two line breaks.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    static func escapeHTML(_ text: String, quotes: Bool = false) -> String {
        // On bytes: most text needs nothing, and Character iteration is slow.
        let needs: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }
        guard text.utf8.contains(where: needs) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        for byte in text.utf8 {
            switch byte {
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22 where quotes: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
