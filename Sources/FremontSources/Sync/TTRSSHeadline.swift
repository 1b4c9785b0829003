import Foundation
import FremontCore

/// A feed the Tiny Tiny RSS account is subscribed to (`getFeeds`).
public struct TTRSSFeed: Sendable, Equatable {
    public var id: Int
    public var title: String
    public var feedURL: String
    public var categoryID: Int

    public init(id: Int, title: String, feedURL: String, categoryID: Int) {
        self.id = id
        self.title = title
        self.feedURL = feedURL
        self.categoryID = categoryID
    }
}

/// A category of feeds (`getCategories`): it becomes the feeds' tag.
public struct TTRSSCategory: Sendable, Equatable {
    public var id: Int
    public var title: String
}

/// An article as `getHeadlines` gives it, with its read and starred state on the server.
public struct TTRSSHeadline: Sendable, Equatable {
    public var id: Int
    public var feedID: Int
    public var unread: Bool
    public var starred: Bool
    public var item: FeedItem
}

/// The API's JSON shapes. PHP gives numbers as strings where they came from the database, and
/// null where a column was empty: both are read.
enum TTRSSWire {
    struct Status: Decodable { var status: Int }
    struct Failure: Decodable {
        struct Content: Decodable { var error: String? }
        var content: Content?
    }
    struct Reply<Content: Decodable>: Decodable { var content: Content }

    struct Login: Decodable {
        var session_id: String
    }

    struct Number: Decodable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                value = number
            } else if let text = try? container.decode(String.self), let number = Int(text.trimmingCharacters(in: .whitespaces)) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
            }
        }
    }

    /// A string, or nothing where PHP sends null, false or a number.
    struct Text: Decodable {
        var value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                value = text
            } else if let number = try? container.decode(Int.self) {
                value = String(number)
            } else {
                value = ""
            }
        }
    }

    struct Feed: Decodable {
        var id: Number
        var title: Text?
        var feed_url: Text?
        var cat_id: Number?
    }

    struct Category: Decodable {
        var id: Number
        var title: Text?
    }

    struct Attachment: Decodable {
        var content_url: Text?
        var content_type: Text?
        var duration: Text?
    }

    struct Headline: Decodable {
        var id: Number
        var feed_id: Number?
        var unread: Bool?
        var marked: Bool?
        var updated: Number?
        var title: Text?
        var link: Text?
        var content: Text?
        var author: Text?
        var tags: [Text]?
        var attachments: [Attachment]?
    }

    /// A counter of `getCounters`: a feed's (a number id) or another (`global-unread`, a category).
    struct Counter: Decodable {
        var id: Int?
        var counter: Int?
        var markedcounter: Int?
        var kind: String?

        private enum Keys: String, CodingKey { case id, counter, markedcounter, kind }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = (try? container.decode(Number.self, forKey: .id))?.value
            counter = (try? container.decode(Number.self, forKey: .counter))?.value
            markedcounter = (try? container.decode(Number.self, forKey: .markedcounter))?.value
            kind = try? container.decode(String.self, forKey: .kind)
        }
    }

    struct Updated: Decodable {
        var updated: Number?
    }
}

extension TTRSSHeadline {
    /// The article as a feed item: its id on the server is its id here too (as text), its title
    /// plain text (tt-rss keeps titles HTML-escaped), its date the server's.
    init(_ wire: TTRSSWire.Headline) {
        id = wire.id.value
        feedID = wire.feed_id?.value ?? 0
        unread = wire.unread ?? true
        starred = wire.marked ?? false
        let date = wire.updated.map { Date(timeIntervalSince1970: TimeInterval($0.value)) }
        let rawTitle = wire.title?.value ?? ""
        let title = rawTitle.contains("&") || rawTitle.contains("<") ? HTMLText.render(rawTitle).text : rawTitle
        let enclosures = (wire.attachments ?? []).compactMap { attachment -> FeedEnclosure? in
            guard let url = attachment.content_url?.value, !url.isEmpty else { return nil }
            return FeedEnclosure(url: url, type: attachment.content_type?.value ?? "",
                                 duration: attachment.duration.flatMap { Int($0.value) })
        }
        let tags = (wire.tags ?? []).map(\.value).filter { !$0.isEmpty }
        item = FeedItem(id: String(wire.id.value), title: title, link: wire.link?.value ?? "", content: wire.content?.value ?? "",
                        published: date, updated: date, author: wire.author?.value ?? "", categories: tags,
                        enclosures: enclosures)
    }
}
