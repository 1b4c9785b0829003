import Foundation
import FremontCore

/// Fetches http and https URLs with libcurl, streaming each body into the parsers as it
/// arrives. Redirects are followed, gzip and deflate decoded, sizes capped, time limited; every
/// failure is one `LoadError` that names the URL. Each request runs on a thread of its own
/// (`CurlRequest`), asleep while it waits.
public final class HTTPFetcher: Sendable {
    /// Says what is asking, so a data portal's operators can tell it apart and reach its makers.
    public static let defaultUserAgent = "fremont/\(FremontVersion.current) (terminal open-data browser"
        + (FremontVersion.contact.map { "; +\($0))" } ?? ")")

    private let userAgent: String

    public init(userAgent: String = HTTPFetcher.defaultUserAgent) {
        self.userAgent = userAgent
    }

    /// Returns once the status and headers arrive; the body then streams through the InputSource.
    /// `name` is what errors and the body call the address, when it is not to be shown as it is
    /// (it holds a key).
    public func fetch(
        _ url: URL, name: String? = nil, options: HTTPRequestOptions = .init(), cancellation: FetchCancellation? = nil,
        progress: (@Sendable (_ bytes: Int, _ expected: Int?) -> Void)? = nil
    ) throws(LoadError) -> HTTPFetchOutcome {
        let name = name ?? RedactedURL.text(url)
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw LoadError(source: name, "only http and https addresses can be loaded")
        }
        guard url.host?.isEmpty == false else { throw LoadError(source: name, "not a valid web address (no host)") }
        if cancellation?.isCancelled == true { throw LoadError(source: name, kind: .cancelled, "cancelled") }

        // Header values are the caller's or the server's (an ETag): a line break would start a
        // header of its own.
        func line(_ name: String, _ value: String) -> String? {
            value.contains(where: { $0 == "\r" || $0 == "\n" }) ? nil : "\(name): \(value)"
        }
        let headers = [line("User-Agent", userAgent), line("Accept", "*/*"),
                       options.ifNoneMatch.flatMap { line("If-None-Match", $0) },
                       options.ifModifiedSince.flatMap { line("If-Modified-Since", $0) },
                       options.postBody == nil ? nil : line("Content-Type", options.postContentType),
                       options.authorization.flatMap { line("Authorization", $0) },
                       options.rangeStart.flatMap { $0 > 0 ? "Range: bytes=\($0)-" : nil },
                       options.rangeStart == nil ? nil : options.ifRange.flatMap { line("If-Range", $0) }].compactMap { $0 }

        let transfer = HTTPTransfer(url: url, name: name, options: options, progress: progress)
        // The request stops itself once the transfer has ended (it asks at least once a second).
        transfer.stopWhenTheReaderCloses()
        cancellation?.onCancel { transfer.fail("cancelled", kind: .cancelled) }
        transfer.startTimers()
        CurlRequest.start(transfer, headers: headers, options: options)
        return try transfer.waitForHeaders()
    }
}
