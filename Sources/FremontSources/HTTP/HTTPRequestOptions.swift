import Foundation

/// How one request is made: its time limits, the size cap, the validators of a conditional GET,
/// or the body of a POST.
public struct HTTPRequestOptions: Sendable {
    /// Seconds to wait for the status and headers ("no answer within 10 s").
    public var connectTimeout: TimeInterval = 10
    /// Seconds for the whole transfer, body included.
    public var timeout: TimeInterval = 60
    /// The download stops past this many bytes (after decompression): a wrong URL must not fill memory.
    public var maximumBytes = 64 << 20
    /// A cached `ETag`: the server answers `304 Not Modified` when it still holds.
    public var ifNoneMatch: String?
    /// A cached `Last-Modified` date, for servers without ETags.
    public var ifModifiedSince: String?
    /// Sent as a POST with this body (an API call) instead of a GET. Such a request is never
    /// redirected: its body may hold a password, which must not follow a redirect elsewhere.
    public var postBody: Data?
    /// The POST body's `Content-Type`.
    public var postContentType = "application/json"
    /// An `Authorization` header's value (an API's token). Like a body, never sent on to a
    /// redirect: the token must not follow a redirect elsewhere.
    public var authorization: String?
    /// Asks for the body from this byte on (`Range: bytes=N-`), to resume a download; the
    /// answer is a 206 from there, or a 200 with the whole body from a server that ignores it.
    public var rangeStart: Int?
    /// Sent with the range (`If-Range`): the ETag or Last-Modified the first part came with, so
    /// a file changed meanwhile comes whole (200) instead of a part of another file.
    public var ifRange: String?
    /// Whether to ask for compressed codings (curl decodes them). A download of a file asks for
    /// its bytes as they are: ranges and sizes count those.
    public var decodesContent = true
    /// Seconds the body may go without a byte before the transfer is given up (a server gone
    /// silent after its headers); nil for no such limit (the total `timeout` still holds).
    public var stallTimeout: TimeInterval?
    /// A proxy to tunnel through (CONNECT), for the tests: in use, the proxy comes from the
    /// environment (`https_proxy`, `ALL_PROXY`), as libcurl reads it.
    var tunnelProxy: String?

    public init() {}
}
