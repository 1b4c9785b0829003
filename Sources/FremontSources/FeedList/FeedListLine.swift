/// A line of the feed list as read, so that writing the list back keeps what a person wrote:
/// comments, blank lines and lines fremont could not read stay where they were, word for word.
enum FeedListLine: Sendable, Equatable {
    /// `text` is the line as it was read; nil once the entry was changed or added, so it is written anew.
    case entry(FeedListEntry, text: String?)
    case verbatim(String)
}
