import FremontCore

/// An enclosure as JSON in the `item.enclosures` column.
struct StoredEnclosure: Codable {
    var url: String
    var type: String
    var length: Int?
    /// Absent in what fremont stored before it read durations: decoded as nil.
    var duration: Int?

    init(_ enclosure: FeedEnclosure) {
        url = enclosure.url
        type = enclosure.type
        length = enclosure.length
        duration = enclosure.duration
    }

    var enclosure: FeedEnclosure { FeedEnclosure(url: url, type: type, length: length, duration: duration) }
}
