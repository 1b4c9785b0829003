/// A file attached to an item: RSS `enclosure`, Atom `link rel="enclosure"`, `media:content`.
public struct FeedEnclosure: Sendable, Hashable {
    public var url: String
    /// MIME type as written; empty when not given.
    public var type: String
    /// Size in bytes; nil when missing or not a number (feeds often write 0 or junk).
    public var length: Int?
    /// Playing time in seconds (`itunes:duration`, `media:content duration`); nil when not given.
    public var duration: Int?

    public init(url: String, type: String = "", length: Int? = nil, duration: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }

    /// `1:02:03`, `2:03`, `123`, as `itunes:duration` is written; nil for anything else.
    public static func seconds(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0
        for part in parts {
            guard let value = Int(part.split(separator: ".").first ?? ""), value >= 0, value < 1_000_000_000 else { return nil }
            total = total * 60 + value
        }
        return total
    }
}
