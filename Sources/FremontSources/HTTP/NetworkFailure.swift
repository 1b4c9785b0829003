import FremontCore

/// How a request failed below HTTP, as the transfer words it.
enum NetworkFailure: Error, Equatable {
    case cannotFindHost
    /// The reason in words: "connection refused".
    case cannotConnect(String)
    case timedOut
    /// The connection closed or broke before the end.
    case connectionLost
    case secureConnection(String)
    /// Past libcurl's 100 KB limit for response headers.
    case headersTooLarge
    case cancelled
    case other(String)

    var kind: LoadError.Kind {
        switch self {
        case .cannotFindHost, .cannotConnect, .connectionLost: return .network
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .secureConnection: return .secureConnection
        case .headersTooLarge, .other: return .other
        }
    }
}
