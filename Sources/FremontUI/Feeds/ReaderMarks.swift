import FremontCore

/// Where the reader's read marks and stars are kept (the cache): a port the feed screens'
/// writes reach, implemented once per run by the program.
public protocol ReaderMarks: Sendable {
    /// Marks these items of the feed read (or unread again).
    func markRead(source: String, ids: [String], read: Bool) throws(LoadError)
    /// Marks every item the cache holds of these feeds read, a statement a feed.
    func markFeedsRead(sources: [String]) throws(LoadError)
    /// Keeps a copy of the item (never pruned), or takes its star away.
    func star(_ item: StarredItem, _ starred: Bool) throws(LoadError)
}

/// What a write of the reader's asks, as its command's subject (what a test looks at).
public enum ReaderMarkChange: Sendable, Hashable {
    case read(source: String, ids: [String], read: Bool)
    case feedsRead(sources: [String])
    case star(StarredItem, Bool)

    /// The write, on the write lane: one at a time, waited for (bounded) when quitting. A
    /// failure comes back for the status line, and is said again on exit.
    public var command: Command {
        Command(.write, key: "reader-mark", subject: self) { [self] (services, _) -> StatusReport? in
            do throws(LoadError) {
                let marks = try services.port((any ReaderMarks).self)
                switch self {
                case .read(let source, let ids, let read): try marks.markRead(source: source, ids: ids, read: read)
                case .feedsRead(let sources): try marks.markFeedsRead(sources: sources)
                case .star(let item, let starred): try marks.star(item, starred)
                }
                return nil
            } catch {
                return StatusReport("\(what) not kept: \(TerminalSafeText.singleLine(error.message))", isLostWrite: true)
            }
        }
    }

    /// What is lost when the write fails.
    private var what: String {
        switch self {
        case .read(let source, let ids, let read):
            (ids.count == 1 ? "a \(read ? "read" : "unread") mark" : "\(ids.count) read marks") + " of \(SourceName.file(source))"
        case .feedsRead(let sources): "\(NumberText.count(sources.count, "feed")) marked read"
        case .star(let item, let starred): "the \(starred ? "star" : "unstarring") of '\(TextLayout.truncate(TerminalSafeText.singleLine(item.title), to: 30))'"
        }
    }
}
