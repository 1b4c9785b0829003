import FremontSources

/// How to reach the web for one run: live (through the cache) or `--offline` (the cache alone).
public struct FetchSettings: Sendable {
    public var offline = false
    public var requestOptions = HTTPRequestOptions()

    public init(offline: Bool = false, requestOptions: HTTPRequestOptions = HTTPRequestOptions()) {
        self.offline = offline
        self.requestOptions = requestOptions
    }
}
