import FremontCore

/// What another reader knew of one item: read or not, deleted (a tombstone), starred. The item
/// may not be in the cache yet; `ids` are the ids fremont may give it, the likeliest first.
public struct ImportedMark: Sendable, Equatable {
    public var feedURL: String
    public var ids: [String]
    public var isRead: Bool
    public var deleted: Bool
    /// The item as the other reader kept it, when it was starred there.
    public var star: StarredItem?

    public init(feedURL: String, ids: [String], isRead: Bool, deleted: Bool, star: StarredItem? = nil) {
        self.feedURL = feedURL
        self.ids = ids
        self.isRead = isRead
        self.deleted = deleted
        self.star = star
    }
}

/// What `importMarks` did: marks applied to items the cache holds, marks kept for items it does not
/// hold yet (applied when their feed is first fetched), stars and tombstones.
public struct ImportedMarksResult: Sendable, Equatable {
    public var appliedToStored = 0
    public var waiting = 0
    public var starred = 0
    public var tombstones = 0

    public init() {}

    public static func += (total: inout ImportedMarksResult, part: ImportedMarksResult) {
        total.appliedToStored += part.appliedToStored
        total.waiting += part.waiting
        total.starred += part.starred
        total.tombstones += part.tombstones
    }
}
