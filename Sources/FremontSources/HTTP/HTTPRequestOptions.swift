import Foundation

/// How one request is made: its time limits, the size cap, and the validators of a conditional GET.
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

    public init() {}
}
