import Foundation

/// What the response said about itself, for the caller and the cache.
public struct HTTPResponseInfo: Sendable {
    /// Where the data came from in the end, after any redirects.
    public var url: URL
    public var status: Int
    public var etag: String?
    public var lastModified: String?
    public var contentType: String?
    /// A 206's `Content-Range` (`bytes 100-199/1000`), as sent.
    public var contentRange: String?
    /// The body's length as the server gave it, when no content coding changes it.
    public var contentLength: Int?

    public init(url: URL, status: Int, etag: String? = nil, lastModified: String? = nil, contentType: String? = nil,
                contentRange: String? = nil, contentLength: Int? = nil) {
        self.contentRange = contentRange
        self.contentLength = contentLength
        self.url = url
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
    }
}

extension HTTPResponseInfo {
    /// What to send next time for a conditional request.
    var validators: CacheValidators { CacheValidators(etag: etag, lastModified: lastModified) }
}
