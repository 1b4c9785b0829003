import Foundation

/// What a screen asks of the podcast download queue (the host keeps it, in the cache).
public enum DownloadRequest: Hashable, Sendable {
    /// newsboat's `e`: queue an item's enclosure for download.
    case enqueue(url: String, feedTitle: String, itemTitle: String, published: Date?)
    /// Take downloads out of the queue (a running one stops; files stay).
    case remove([Int64])
    /// Queue failed downloads again.
    case retry([Int64])
}
