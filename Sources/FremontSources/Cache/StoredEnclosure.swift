import FremontCore

/// An enclosure as JSON in the `item.enclosures` column.
struct StoredEnclosure: Codable {
    var url: String
    var type: String
    var length: Int?

    init(_ enclosure: FeedEnclosure) {
        url = enclosure.url
        type = enclosure.type
        length = enclosure.length
    }

    var enclosure: FeedEnclosure { FeedEnclosure(url: url, type: type, length: length) }
}
