/// Which item an expanded mark or the selection belongs to, stable across reloads: the feed's
/// source, the item's id, and which occurrence of that id it is (broken feeds repeat ids, and
/// two items must not open and close together).
public struct FeedItemKey: Hashable, Sendable {
    public var source: String
    public var id: String
    public var occurrence: Int

    public init(source: String, id: String, occurrence: Int = 0) {
        self.source = source
        self.id = id
        self.occurrence = occurrence
    }
}
