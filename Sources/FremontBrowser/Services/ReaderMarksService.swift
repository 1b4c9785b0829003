import FremontCore
import FremontSources
import FremontUI

/// The reader's read marks and stars, kept in the run's cache (a file's marks apart from its
/// items, so they outlive them).
struct ReaderMarksService: ReaderMarks {
    func markRead(source: String, ids: [String], read: Bool) throws(LoadError) {
        do {
            try WebSources.markRead(source: source, ids: ids, read: read)
        } catch {
            throw Self.failure(error)
        }
    }

    func markFeedsRead(sources: [String]) throws(LoadError) {
        do {
            try WebSources.markAllRead(sources: sources)
        } catch {
            throw Self.failure(error)
        }
    }

    func star(_ item: StarredItem, _ starred: Bool) throws(LoadError) {
        var record = item
        record.source = WebSources.readKey(item.source)
        do {
            try WebSources.cache.setStar(record, starred: starred)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The cache's own words say it best (read-only, locked).
    private static func failure(_ error: any Error) -> LoadError {
        LoadError(source: "the cache", TerminalSafeText.singleLine(String(describing: error)))
    }
}
