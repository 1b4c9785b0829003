import Foundation

/// An item while its element is open: every candidate a feed may offer for a field, so the
/// choice between them (guid or Atom id, `dc:creator` or `author`, …) is made once, at the end.
struct FeedItemDraft {
    var title = ""
    var titleIsHTML = false
    /// `dc:title`: the title when the item has no other.
    var dcTitle = ""
    var rssLink = ""
    /// Atom links, in document order: (rel, href). `rel` is "" when absent.
    var atomLinks: [(rel: String, href: String)] = []
    var guid = ""
    var guidIsPermaLink = true
    var atomID = ""
    /// RSS 1.0's `rdf:about`: the item's name, its id when it has no guid.
    var rdfAbout = ""
    /// `media:title`: the title when the item has no other (nor a `dc:title`).
    var mediaTitle = ""
    var summary = ""
    var content = ""
    /// `itunes:summary`, `media:description`: used only when there is no summary.
    var fallbackSummary = ""
    /// Plain text, escaped to HTML only if it is used.
    var fallbackSummaryIsText = false
    var published: Date?
    var dcDate: Date?
    var updated: Date?
    /// One field per source, no collection to allocate per item.
    private var authorDublinCore = "", authorAtom = "", authorRSS = "", authorITunes = ""
    var categories: [String] = []
    var enclosures: [FeedEnclosure] = []
    var mediaEnclosures: [FeedEnclosure] = []
    var comments = ""
    var sourceTitle = ""
    var sourceURL = ""
    var image = ""
    /// `itunes:duration`, in seconds: the first enclosure's playing time.
    var duration: Int?

    /// Where an author came from; `finish` prefers them in this order.
    enum AuthorSource {
        case dublinCore, atom, rss, itunes
    }

    /// Keeps the first author from `source`, unless `replacing` (an Atom name over its email).
    mutating func setAuthor(_ text: String, from source: AuthorSource, replacing: Bool = false) {
        switch source {
        case .dublinCore: if authorDublinCore.isEmpty || replacing { authorDublinCore = text }
        case .atom: if authorAtom.isEmpty || replacing { authorAtom = text }
        case .rss: if authorRSS.isEmpty || replacing { authorRSS = text }
        case .itunes: if authorITunes.isEmpty || replacing { authorITunes = text }
        }
    }

    /// No guid, Atom id, link or title: the id of `item` (as finished) was made from its
    /// enclosure or its text.
    func lacksIdentity(_ item: FeedItem) -> Bool {
        guid.isEmpty && atomID.isEmpty && item.link.isEmpty && item.title.isEmpty
    }

    func finish(plainTitle: (String) -> String) -> FeedItem {
        var item = FeedItem()
        item.title = titleIsHTML ? plainTitle(title) : !title.isEmpty ? title : !dcTitle.isEmpty ? dcTitle : mediaTitle
        item.link = chooseLink()
        if !summary.isEmpty {
            item.summary = summary
        } else {
            item.summary = fallbackSummaryIsText ? FeedBuilder.escapeHTML(fallbackSummary) : fallbackSummary
        }
        item.content = content
        item.published = published ?? dcDate
        item.updated = updated
        item.author = !authorDublinCore.isEmpty ? authorDublinCore : !authorAtom.isEmpty ? authorAtom
            : !authorRSS.isEmpty ? authorRSS : authorITunes
        // Few categories an item: a linear check beats hashing.
        for category in categories where !item.categories.contains(category) { item.categories.append(category) }
        item.enclosures = enclosures
        for media in mediaEnclosures where !item.enclosures.contains(where: { $0.url == media.url }) {
            item.enclosures.append(media)
        }
        if let duration, !item.enclosures.isEmpty, item.enclosures[0].duration == nil { item.enclosures[0].duration = duration }
        item.comments = comments
        item.sourceTitle = sourceTitle
        item.sourceURL = sourceURL
        item.image = image
        item.id = chooseID(link: item.link, date: item.published ?? item.updated, title: item.title,
                           enclosure: item.enclosures.first?.url ?? "", text: item.summary + item.content)
        return item
    }

    private func chooseLink() -> String {
        if !rssLink.isEmpty { return rssLink }
        if let alternate = atomLinks.first(where: { $0.rel == "alternate" }) { return alternate.href }
        if let plain = atomLinks.first(where: { $0.rel.isEmpty }) { return plain.href }
        // RSS 2.0: a guid is the item's permalink unless it says otherwise.
        if guidIsPermaLink, guid.hasPrefix("http://") || guid.hasPrefix("https://") { return guid }
        return ""
    }

    /// Stable across fetches, and distinct for items that differ: the guid or Atom id; else the
    /// link (with the date); else the title; else, for items with neither (RSS 0.92's podcasts:
    /// a description and an enclosure), the enclosure's address, else a digest of the text (each
    /// with the date), so twenty-two such items are twenty-two, not one id shared by all.
    private func chooseID(link: String, date: Date?, title: String, enclosure: String, text: String) -> String {
        func dated(_ id: String) -> String { date.map { id + "#" + InternetDate.format($0) } ?? id }
        if !guid.isEmpty { return guid }
        if !atomID.isEmpty { return atomID }
        if !rdfAbout.isEmpty { return rdfAbout }
        if !link.isEmpty { return dated(link) }
        if !title.isEmpty { return title }
        if !enclosure.isEmpty { return dated(enclosure) }
        return dated("text:" + Self.digest(text))
    }

    /// FNV-1a, 64 bits, in hex: the same text gives the same id in every run (Swift's own
    /// hashing is seeded per process).
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
