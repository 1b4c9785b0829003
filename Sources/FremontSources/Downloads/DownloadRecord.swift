import Foundation

/// One enclosure in the download queue, as the cache keeps it.
public struct DownloadRecord: Sendable, Equatable {
    public enum State: String, Sendable {
        case queued, downloading, done, failed
    }

    public var id: Int64
    public var url: String
    public var feedTitle: String
    public var itemTitle: String
    public var published: Date?
    /// The final file's absolute path; the bytes arrive in `partPath` first.
    public var path: String
    public var state: State
    /// Bytes on disk so far (all of them once done).
    public var bytes: Int
    /// The file's whole size, when the server said.
    public var total: Int?
    public var etag: String?
    public var lastModified: String?
    /// Why it failed, in one line.
    public var error: String?

    public init(id: Int64 = 0, url: String, feedTitle: String = "", itemTitle: String = "", published: Date? = nil, path: String,
                state: State = .queued, bytes: Int = 0, total: Int? = nil, etag: String? = nil, lastModified: String? = nil, error: String? = nil) {
        self.id = id
        self.url = url
        self.feedTitle = feedTitle
        self.itemTitle = itemTitle
        self.published = published
        self.path = path
        self.state = state
        self.bytes = bytes
        self.total = total
        self.etag = etag
        self.lastModified = lastModified
        self.error = error
    }

    /// Where the bytes arrive until the file is whole: never under the final name.
    public var partPath: String { path + ".part" }

    /// The file's name, for lists and messages.
    public var fileName: String { (path as NSString).lastPathComponent }
}
