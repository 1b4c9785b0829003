import FremontCore

extension PreparedFeed {
    /// The starred items, as a feed of their own.
    public init(starred: [StarredItem]) {
        self.init(title: "Starred items", entries: starred.map { FeedEntry(starred: $0, isUnread: false) })
    }
}
