import Foundation
import FremontCore

/// A feed a Google Reader account subscribes to (`subscription/list`).
public struct GoogleReaderSubscription: Sendable, Equatable {
    /// Its stream id: `feed/52` (FreshRSS, Miniflux), `feed/http://…` (Inoreader), `feed/<ObjectId>`.
    public var stream: String
    public var title: String
    /// The feed's own address.
    public var url: String
    /// Its folders' labels (`user/-/label/News` gives `News`).
    public var labels: [String]
}

/// An article as `stream/items/contents` gives it, its id in the cache's form.
public struct GoogleReaderItem: Sendable, Equatable {
    public var id: String
    public var stream: String
    public var read: Bool
    public var starred: Bool
    /// Microseconds since 1970 the server took it in (its order in the feed).
    public var crawled: Int64
    public var item: FeedItem
}

/// The API's JSON shapes. Servers differ: numbers come as numbers or strings, fields go missing;
/// each item is read alone, so one that is junk is skipped, not the page.
enum GoogleReaderWire {
    static let readTag = "user/-/state/com.google/read"
    static let starredTag = "user/-/state/com.google/starred"
    static let readingList = "user/-/state/com.google/reading-list"

    /// A number, or a string holding one.
    struct Number: Decodable {
        var value: Int64
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                value = number
            } else if let number = try? container.decode(Double.self), number.isFinite, abs(number) < 9e18 {
                value = Int64(number)
            } else if let text = try? container.decode(String.self), let number = Int64(text.trimmingCharacters(in: .whitespaces)) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
            }
        }
    }

    /// What fails to decode as `Value` is nil, not the whole answer's failure.
    struct Lenient<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws {
            value = try? Value(from: decoder)
        }
    }

    struct Link: Decodable { var href: String? }
    struct Content: Decodable { var content: String? }
    struct Origin: Decodable { var streamId: String? }
    struct Enclosure: Decodable {
        var href: String?
        var type: String?
    }
    struct Category: Decodable {
        var id: String?
        var label: String?
    }

    struct Subscription: Decodable {
        var id: String
        var title: String?
        var url: String?
        var htmlUrl: String?
        var categories: [Lenient<Category>]?
    }
    struct SubscriptionList: Decodable { var subscriptions: [Lenient<Subscription>] }

    struct Tag: Decodable {
        var id: String
        var type: String?
    }
    struct TagList: Decodable { var tags: [Lenient<Tag>] }

    /// An item's short id: a string of digits (FreshRSS, Inoreader) or a number.
    struct ItemRef: Decodable {
        var id: String
        private enum Keys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if let text = try? container.decode(String.self, forKey: .id) { id = text } else { id = String(try container.decode(Int64.self, forKey: .id)) }
        }
    }
    struct ItemIDs: Decodable {
        var itemRefs: [Lenient<ItemRef>]?
        var continuation: Lenient<ContinuationText>?
    }
    /// A continuation token: a string (FreshRSS, Inoreader) or a number.
    struct ContinuationText: Decodable {
        var value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { value = text } else { value = String(try container.decode(Int64.self)) }
        }
    }

    struct Item: Decodable {
        var id: String
        var crawlTimeMsec: Number?
        var timestampUsec: Number?
        var published: Number?
        var updated: Number?
        var title: String?
        var summary: Content?
        var content: Content?
        var alternate: [Link]?
        var canonical: [Link]?
        var categories: [String]?
        var origin: Origin?
        var author: String?
        var enclosure: [Enclosure]?
    }
    struct Contents: Decodable { var items: [Lenient<Item>] }
}

extension GoogleReaderItem {
    /// The article, or nil when its id or feed is junk. Its title is plain text (servers give
    /// it HTML-escaped), its date the server's.
    init?(_ wire: GoogleReaderWire.Item) {
        guard let id = GoogleReaderItemID.canonical(wire.id), let stream = wire.origin?.streamId, !stream.isEmpty else { return nil }
        self.id = id
        self.stream = stream
        let categories = wire.categories ?? []
        read = categories.contains { $0 == GoogleReaderWire.readTag || ($0.hasPrefix("user/") && $0.hasSuffix("/state/com.google/read")) }
        starred = categories.contains { $0 == GoogleReaderWire.starredTag || ($0.hasPrefix("user/") && $0.hasSuffix("/state/com.google/starred")) }
        let published = wire.published.map { Date(timeIntervalSince1970: TimeInterval($0.value)) }
        let updated = wire.updated.map { Date(timeIntervalSince1970: TimeInterval($0.value)) } ?? published
        crawled = wire.timestampUsec?.value ?? wire.crawlTimeMsec.map { $0.value &* 1_000 } ?? (wire.published?.value ?? 0) &* 1_000_000
        let rawTitle = wire.title ?? ""
        let title = rawTitle.contains("&") || rawTitle.contains("<") ? HTMLText.render(rawTitle).text : rawTitle
        let rawAuthor = wire.author ?? ""
        let author = rawAuthor.contains("&") ? HTMLText.render(rawAuthor).text : rawAuthor
        let link = wire.canonical?.first?.href ?? wire.alternate?.first?.href ?? ""
        let enclosures = (wire.enclosure ?? []).compactMap { enclosure -> FeedEnclosure? in
            guard let url = enclosure.href, !url.isEmpty else { return nil }
            return FeedEnclosure(url: url, type: enclosure.type ?? "", duration: nil)
        }
        // Folders and labels, without the states.
        let labels = categories.compactMap { category -> String? in
            guard let range = category.range(of: "/label/") else { return nil }
            let label = String(category[range.upperBound...])
            return label.isEmpty ? nil : label
        }
        item = FeedItem(id: id, title: title, link: link, content: wire.content?.content ?? wire.summary?.content ?? "",
                        published: published, updated: updated, author: author, categories: labels, enclosures: enclosures)
    }
}
