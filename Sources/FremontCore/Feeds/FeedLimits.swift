/// Bounds on what one feed may cost. Each is enforced with a message naming the limit.
public struct FeedLimits: Sendable, Equatable {
    /// Real feeds are well under 1 MB; 32 MB leaves room while bounding the in-memory repair pass.
    public var maximumBytes: Int
    /// libxml2 stops at 256 on its own, with a vaguer message; feeds nest fewer than 20 deep.
    public var maximumDepth: Int
    /// Past this the rest of the document is not read and a warning says so.
    public var maximumItems: Int
    /// The most text kept for one field (a title, a summary, an article): long articles are tens
    /// of KB; past this the rest is dropped with a warning, so time and memory stay bounded.
    public var maximumFieldBytes: Int

    public init(maximumBytes: Int = 32 * 1024 * 1024, maximumDepth: Int = 128, maximumItems: Int = 10_000,
                maximumFieldBytes: Int = 1024 * 1024) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumItems = maximumItems
        self.maximumFieldBytes = maximumFieldBytes
    }
}
