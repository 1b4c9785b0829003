/// An item handed to the config's `bookmark-cmd` (newsboat's): its address, title, description
/// and feed's title, the program's four arguments in that order.
public struct Bookmark: Sendable, Hashable {
    public var url: String
    public var title: String
    public var description: String
    public var feedTitle: String

    public init(url: String, title: String, description: String, feedTitle: String) {
        self.url = url
        self.title = title
        self.description = description
        self.feedTitle = feedTitle
    }
}
