/// What a server said about a response so that the next request can be conditional
/// (`If-None-Match`, `If-Modified-Since`), as it sent them.
public struct CacheValidators: Sendable, Hashable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
