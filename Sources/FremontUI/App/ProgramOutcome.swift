import FremontCore

/// How a program run for a `ProgramRequest` went, sent back to every view
/// (`ViewMessage.programFinished`) and said on the status line.
public struct ProgramOutcome: Sendable {
    /// The feeds file as read again after `.editFeedList`.
    public struct FeedListReload: Sendable {
        /// The file's path, for the Log.
        public var path: String
        /// The feeds it lists now, in its order.
        public var feeds: [FollowedFeed]
        /// Its lines fremont cannot use, each with its line number.
        public var warnings: [ParseWarning]

        public init(path: String, feeds: [FollowedFeed], warnings: [ParseWarning]) {
            self.path = path
            self.feeds = feeds
            self.warnings = warnings
        }
    }

    public var request: ProgramRequest
    /// For the status line: what ran, or why it could not, naming the setting it came from.
    public var message: String
    /// False when the program could not be found or started, or ended in failure.
    public var succeeded: Bool
    /// After `.editFeedList`, when the file could be read again.
    public var feedList: FeedListReload?

    public init(request: ProgramRequest, message: String, succeeded: Bool, feedList: FeedListReload? = nil) {
        self.request = request
        self.message = message
        self.succeeded = succeeded
        self.feedList = feedList
    }
}
