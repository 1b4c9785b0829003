import FremontCore

/// A successful fetch: either the copy the caller holds is still good, or a body to parse.
public enum HTTPFetchOutcome: Sendable {
    /// `304 Not Modified` to a conditional request.
    case notModified(HTTPResponseInfo)
    /// A 2xx response; the body streams through the source as it arrives (read it once).
    case body(InputSource, HTTPResponseInfo)
}
