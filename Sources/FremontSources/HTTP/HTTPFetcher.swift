import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FremontCore

/// Fetches http and https URLs with URLSession, streaming each body into the parsers as it
/// arrives. Redirects are followed, gzip and deflate decoded, sizes capped, time limited; every
/// failure is one `LoadError` that names the URL.
public final class HTTPFetcher: Sendable {
    /// Says what is asking, so a data portal's operators can tell it apart and reach its makers.
    public static let defaultUserAgent = "fremont/\(FremontVersion.current) (terminal open-data browser"
        + (FremontVersion.contact.map { "; +\($0))" } ?? ")")

    private let userAgent: String
    private let delegate = HTTPSessionDelegate()
    private let session: URLSession

    public init(userAgent: String = HTTPFetcher.defaultUserAgent) {
        self.userAgent = userAgent
        let configuration = URLSessionConfiguration.ephemeral
        // Conditional requests are the caller's business (the cache's ETags), not URLCache's.
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "fremont.http"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // The session holds its delegate strongly until it is invalidated. Bodies still
        // streaming finish first: a caller may drop the fetcher as soon as `fetch` returns.
        session.finishTasksAndInvalidate()
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

        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("*/*", forHTTPHeaderField: "Accept")
        if let etag = options.ifNoneMatch { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = options.ifModifiedSince { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        // The transfer's own timers say which limit ran out; URLSession's stays out of their way.
        request.timeoutInterval = options.timeout + 5

        let transfer = HTTPTransfer(url: url, name: name, options: options, progress: progress)
        let task = session.dataTask(with: request)
        let handle = TaskHandle(task, session: session)
        transfer.setCancel { handle.cancel() }
        delegate.register(transfer, for: task)
        cancellation?.onCancel { transfer.fail("cancelled", kind: .cancelled) }
        transfer.startTimers()
        task.resume()
        return try transfer.waitForHeaders()
    }
}

/// Lets the transfer cancel its task from any thread (URLSessionTask is thread-safe, but not
/// marked Sendable on Linux).
private struct TaskHandle: @unchecked Sendable {
    let task: URLSessionTask
    /// Kept until the transfer ends (the delegate then lets it go), so the body keeps streaming
    /// after the fetcher itself is gone.
    let session: URLSession

    init(_ task: URLSessionTask, session: URLSession) {
        self.task = task
        self.session = session
    }

    /// Later, never inside a session callback: `cancel` waits on the session's work queue, which
    /// may be the very queue the caller is on.
    func cancel() {
        DispatchQueue.global().async { task.cancel() }
    }
}
