import Foundation

/// One download of the queue as the Downloads tab shows it.
public struct DownloadRow: Sendable, Hashable {
    public var id: Int64
    public var url: String
    public var fileName: String
    public var path: String
    public var feedTitle: String
    public var itemTitle: String
    /// queued, downloading, done, failed, interrupted, in another fremont.
    public var state: String
    public var bytes: Int
    public var total: Int?
    public var bytesPerSecond: Double?
    public var error: String?

    public init(id: Int64, url: String, fileName: String, path: String, feedTitle: String, itemTitle: String, state: String,
                bytes: Int, total: Int?, bytesPerSecond: Double?, error: String?) {
        self.id = id
        self.url = url
        self.fileName = fileName
        self.path = path
        self.feedTitle = feedTitle
        self.itemTitle = itemTitle
        self.state = state
        self.bytes = bytes
        self.total = total
        self.bytesPerSecond = bytesPerSecond
        self.error = error
    }

    public var isDone: Bool { state == "done" }
    public var isFailed: Bool { state == "failed" }

    /// 0…1 when the size is known.
    var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(bytes) / Double(total))
    }
}
