/// A file attached to an item: RSS `enclosure`, Atom `link rel="enclosure"`, `media:content`.
public struct FeedEnclosure: Sendable, Equatable {
    public var url: String
    /// MIME type as written; empty when not given.
    public var type: String
    /// Size in bytes; nil when missing or not a number (feeds often write 0 or junk).
    public var length: Int?

    public init(url: String, type: String = "", length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
