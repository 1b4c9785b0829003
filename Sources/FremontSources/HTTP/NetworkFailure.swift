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
    /// The proxy in the way refused the tunnel with this status (407 Proxy Authentication
    /// Required, 502…): the proxy's answer, never the server's.
    case proxyRefused(Int)
    /// Past libcurl's 100 KB limit for response headers.
    case headersTooLarge
    case cancelled
    case other(String)

    var kind: LoadError.Kind {
        switch self {
        case .cannotFindHost, .cannotConnect, .connectionLost, .proxyRefused: return .network
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .secureConnection: return .secureConnection
        case .headersTooLarge, .other: return .other
        }
    }
}
