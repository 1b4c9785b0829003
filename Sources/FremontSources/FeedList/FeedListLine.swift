/// A line of the feed list as read, so that writing the list back keeps what a person wrote:
/// comments, blank lines and lines fremont could not read stay where they were, byte for byte
/// (whatever their encoding).
enum FeedListLine: Sendable, Equatable {
    /// `raw` is the line as it was read (without its `\n`); nil once the entry was changed or
    /// added, so it is written anew.
    case entry(FeedListEntry, raw: [UInt8]?)
    case verbatim([UInt8])
}
