import FremontCore

/// What a failed request means to whoever would ask again: one reading of every failure the
/// HTTP layer gives, for the sync, the downloads and the feeds alike. The line that matters is
/// between a server that said no to this request (which asking again will not change) and
/// everything else (no answer, or an answer that is not the service's: a 502, a captive
/// portal's page, a redirect, a certificate not trusted), which never counts against what was
/// sent.
public enum HTTPFailureClass: Sendable, Equatable {
    /// No answer: the host unknown or unreachable, the connection lost, too slow.
    case unreachable
    /// Stopped on purpose (Esc, a newer request, quitting).
    case cancelled
    /// The credentials were refused (401, 403, 407).
    case credentials
    /// Something answered, but failing or not as the service: a 5xx, 429 or 408, a redirect not
    /// followed, a secure connection that failed. Worth trying again later.
    case failing
    /// The server says this request cannot be done: 404 or 410, another 4xx.
    case refused
    /// Over a size cap.
    case tooLarge
    /// Not the server's doing: a bad address, the disk, a permission, data that is not data.
    case local

    public init(_ error: LoadError) {
        switch error.kind {
        case .network, .timeout: self = .unreachable
        case .cancelled: self = .cancelled
        case .httpStatus(401), .httpStatus(403), .httpStatus(407): self = .credentials
        case .httpStatus(let status) where status >= 500 || status == 429 || status == 408 || (300..<400).contains(status): self = .failing
        case .secureConnection: self = .failing
        case .httpStatus, .notFound: self = .refused
        case .tooLarge: self = .tooLarge
        case .notData, .notCached, .permission, .other: self = .local
        }
    }

    /// Whether the same request may go through later unchanged (the downloads' retries).
    public var isTransient: Bool { self == .unreachable || self == .failing }
}
