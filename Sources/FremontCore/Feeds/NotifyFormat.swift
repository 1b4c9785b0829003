/// newsboat's `notify-format`: the message `notify-program` hears after a reload, its
/// placeholders `%d` (new articles), `%n` (unread articles), `%f` (unread feeds), `%D` (feeds
/// with new articles) and `%%` (a percent sign) filled in. Anything else after a `%` is kept as
/// written, so a typo shows in the message rather than silently vanishing.
public struct NotifyFormat: Sendable, Equatable {
    /// What a reload found, in the counts the placeholders name.
    public struct Counts: Sendable, Equatable {
        public var newArticles: Int
        public var unreadArticles: Int
        public var unreadFeeds: Int
        public var feedsWithNewArticles: Int

        public init(newArticles: Int, unreadArticles: Int, unreadFeeds: Int, feedsWithNewArticles: Int) {
            self.newArticles = newArticles
            self.unreadArticles = unreadArticles
            self.unreadFeeds = unreadFeeds
            self.feedsWithNewArticles = feedsWithNewArticles
        }
    }

    public let template: String

    public init(_ template: String) {
        self.template = template
    }

    /// newsboat's default, with fremont's name where newsboat names itself.
    public static let standard = NotifyFormat("Fremont: finished reload, %f unread feeds (%n unread articles total)")

    public func message(_ counts: Counts) -> String {
        var message = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                message.append(character)
                continue
            }
            guard let placeholder = characters.next() else {
                message.append("%")
                break
            }
            switch placeholder {
            case "d": message += String(counts.newArticles)
            case "n": message += String(counts.unreadArticles)
            case "f": message += String(counts.unreadFeeds)
            case "D": message += String(counts.feedsWithNewArticles)
            case "%": message.append("%")
            default:
                message.append("%")
                message.append(placeholder)
            }
        }
        return message
    }
}
