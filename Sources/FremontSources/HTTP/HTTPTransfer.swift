import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FremontCore
import Synchronization

/// One request from start to end: waiting for the headers, then streaming the body into its
/// channel. Every way it can end (an answer, an error, a timer, Esc, the size cap, the reader
/// going away) passes through the same lock, so exactly one ending is reported.
final class HTTPTransfer: Sendable {
    private enum Phase { case waiting, streaming, ended }

    private struct State {
        var phase = Phase.waiting
        var outcome: Result<HTTPFetchOutcome, LoadError>?
        var received = 0
        /// The body's length when the server gave one and no content coding changes it.
        var expected: Int?
        var redirects = 0
        /// The address of the last redirect followed (nil before any): a failure to connect names
        /// it, the address that failed, not the first one.
        var current: URL?
        var cancel: (@Sendable () -> Void)?

        /// The way to cancel, given up once the transfer has ended: it holds the session, which
        /// a finished transfer must not keep alive.
        mutating func takeCancel() -> (@Sendable () -> Void)? {
            defer { cancel = nil }
            return cancel
        }
    }

    static let maximumRedirects = 10

    let url: URL
    let name: String
    let options: HTTPRequestOptions
    private let progress: (@Sendable (Int, Int?) -> Void)?
    private let channel = ByteChannel()
    private let state = Mutex(State())
    private let headersArrived = DispatchSemaphore(value: 0)

    init(url: URL, name: String? = nil, options: HTTPRequestOptions, progress: (@Sendable (Int, Int?) -> Void)?) {
        self.url = url
        self.name = name ?? RedactedURL.text(url)
        self.options = options
        self.progress = progress
    }

    /// How to stop the network side (the task's `cancel`), set before the task starts.
    func setCancel(_ cancel: @escaping @Sendable () -> Void) {
        state.withLock { $0.cancel = cancel }
        // A parser that stops early (a bad root element, a limit) needs no more of the body.
        channel.whenClosed { [weak self] in self?.stop() }
    }

    /// Blocks until the headers arrive or the transfer fails first.
    func waitForHeaders() throws(LoadError) -> HTTPFetchOutcome {
        headersArrived.wait()
        let outcome = state.withLock { $0.outcome }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        case nil: throw LoadError(source: name, "the download ended without an answer")
        }
    }

    /// Arms the connect and total timers.
    func startTimers() {
        let connect = min(options.connectTimeout, options.timeout)
        DispatchQueue.global().asyncAfter(deadline: .now() + connect) { [weak self] in
            guard let self, self.isWaiting else { return }
            self.fail("no answer within \(Self.seconds(connect))", kind: .timeout)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + options.timeout) { [weak self] in
            guard let self else { return }
            let (waiting, received) = self.state.withLock { ($0.phase == .waiting, $0.received) }
            // With both limits equal (a short --timeout), either timer may fire first.
            if waiting {
                self.fail("no answer within \(Self.seconds(connect))", kind: .timeout)
            } else {
                self.fail("the download took longer than \(Self.seconds(self.options.timeout)) (--timeout) and was stopped after \(ByteCountText.describe(received))", kind: .timeout)
            }
        }
    }

    private var isWaiting: Bool { state.withLock { $0.phase == .waiting } }

    // MARK: Events from the session

    /// Whether to take the body: only a 2xx is data. Everything else ends the transfer here.
    func receive(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            fail("the answer is not an HTTP response")
            return false
        }
        let header = { (name: String) -> String? in http.value(forHTTPHeaderField: name) }
        let info = HTTPResponseInfo(url: http.url ?? url, status: http.statusCode, etag: header("ETag"),
                                    lastModified: header("Last-Modified"), contentType: header("Content-Type"))
        switch http.statusCode {
        case 304:
            end(with: .success(.notModified(info)), phase: .ended)
            return false
        case 200..<300:
            // A gzip body arrives decoded, so a Content-Length (of the coded bytes) says nothing then.
            let coding = header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let encoded = !coding.isEmpty && coding != "identity"
            let length = http.expectedContentLength
            if length > options.maximumBytes, !encoded {
                fail("the file is \(ByteCountText.describe(Int(length))), over the \(ByteCountText.describe(options.maximumBytes)) limit for a download", kind: .tooLarge)
                return false
            }
            state.withLock { $0.expected = encoded || length < 0 ? nil : Int(length) }
            let base = RedactedURL.location(info.url.absoluteString)
            end(with: .success(.body(.stream(channel, name: name, base: base), info)), phase: .streaming)
            return true
        default:
            var message = HTTPStatusText.describe(http.statusCode)
            if (300..<400).contains(http.statusCode), let location = header("Location") {
                message += " to \(location), which was not followed"
            }
            let status = http.statusCode
            fail(message, kind: status == 404 || status == 410 ? .notFound : .httpStatus(status))
            return false
        }
    }

    func receive(_ data: Data) {
        let (received, expected, over) = state.withLock { state -> (Int, Int?, Bool) in
            guard state.phase == .streaming else { return (0, nil, false) }
            state.received += data.count
            return (state.received, state.expected, state.received > options.maximumBytes)
        }
        guard received > 0 else { return }
        if over {
            fail("stopped at the \(ByteCountText.describe(options.maximumBytes)) limit for a download: the server sent more", kind: .tooLarge)
            return
        }
        channel.push(data)
        progress?(received, expected)
    }

    func complete(_ error: (any Error)?) {
        // Fewer bytes than the Content-Length: curl reports it as an error, or not at all.
        let cut = state.withLock { state -> String? in
            guard state.phase == .streaming, let expected = state.expected, state.received < expected else { return nil }
            return "the download is cut off: \(state.received) of \(expected) bytes arrived"
        }
        if let cut {
            fail(cut, kind: .network, cancelling: false)
            return
        }
        if let error {
            fail(describe(error), kind: kind(of: error), cancelling: false)
            return
        }
        let before = state.withLock { state -> Phase in
            let phase = state.phase
            if phase == .streaming {
                state.phase = .ended
                _ = state.takeCancel()
            }
            return phase
        }
        switch before {
        case .waiting: end(with: .failure(LoadError(source: name, "the server closed the connection without an answer")), phase: .ended)
        case .streaming: channel.finish()
        case .ended: break
        }
    }

    /// Follows http and https redirects, up to a limit; nil refuses (the 3xx then ends it).
    /// `location` is the header as sent: Foundation turns a `file:` one into an http request of
    /// the same server, which would then report a 404 of a page nobody asked for.
    func redirect(_ request: URLRequest, location: String? = nil) -> URLRequest? {
        if let location, let colon = location.firstIndex(of: ":"), !location[..<colon].contains("/") {
            let scheme = location[..<colon].lowercased()
            if scheme != "http" && scheme != "https" {
                fail("redirected to \(RedactedURL.text(location)), which is not an http or https address", cancelling: false)
                return nil
            }
        }
        guard let target = request.url, let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            fail("redirected to \(request.url.map { RedactedURL.text($0.absoluteString) } ?? "an unreadable address"), which is not an http or https address", cancelling: false)
            return nil
        }
        let count = state.withLock { state -> Int in
            state.redirects += 1
            state.current = target
            return state.redirects
        }
        guard count <= Self.maximumRedirects else {
            fail("more than \(Self.maximumRedirects) redirects (a redirect loop?)", cancelling: false)
            return nil
        }
        return request
    }

    // MARK: Endings

    /// Ends the transfer with `message`: `fetch` throws it, or the body's reader does.
    /// `cancelling` is false where the task ends anyway (it completed, or a redirect was refused:
    /// cancelling during a redirect trips an assertion in URLSession).
    func fail(_ message: String, kind: LoadError.Kind = .other, cancelling: Bool = true) {
        let error = LoadError(source: name, kind: kind, message)
        let (cancel, signal) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
            switch state.phase {
            case .ended:
                return (nil, false)
            case .waiting:
                state.phase = .ended
                state.outcome = .failure(error)
                return (state.takeCancel(), true)
            case .streaming:
                state.phase = .ended
                channel.fail(error)
                return (state.takeCancel(), false)
            }
        }
        if signal { headersArrived.signal() }
        if cancelling { cancel?() }
    }

    /// The reader went away: nothing to report, only the network to stop.
    private func stop() {
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.phase != .ended else { return nil }
            state.phase = .ended
            return state.takeCancel()
        }
        cancel?()
    }

    private func end(with outcome: Result<HTTPFetchOutcome, LoadError>, phase: Phase) {
        let signal = state.withLock { state -> Bool in
            guard state.phase == .waiting else { return false }
            state.phase = phase
            state.outcome = outcome
            if phase == .ended { _ = state.takeCancel() }
            return true
        }
        if signal { headersArrived.signal() }
    }

    /// What kind of failure a URLSession error is.
    private func kind(of error: any Error) -> LoadError.Kind {
        guard let urlError = error as? URLError else { return .other }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost:
            return .network
        default: return .other
        }
    }

    /// One line for a URLSession error, in words rather than codes.
    private func describe(_ error: any Error) -> String {
        let redirected = state.withLock { $0.current }
        let current = redirected ?? url
        let host = current.host ?? "the server"
        let place = current.port.map { "\(host):\($0)" } ?? host
        // After a redirect the address in front of the message is not the one that failed.
        let note = redirected.map { " after a redirect to \(RedactedURL.text($0))" } ?? ""
        guard let urlError = error as? URLError else { return "the download failed: \(error.localizedDescription)" }
        switch urlError.code {
        case .cannotFindHost, .dnsLookupFailed:
            return "cannot find the server \(host) (DNS lookup failed)\(note)"
        case .cannotConnectToHost:
            return "cannot connect to \(place) (connection refused)\(note)"
        case .notConnectedToInternet:
            return "no network connection"
        case .timedOut:
            // URLSession's idle timer races ours: once the headers are in, it is the download
            // that stalled, and the words must say so whichever timer fired first.
            let (waiting, received) = state.withLock { ($0.phase == .waiting, $0.received) }
            if waiting { return "no answer within \(Self.seconds(min(options.connectTimeout, options.timeout)))" }
            return "the download took longer than \(Self.seconds(options.timeout)) (--timeout) and was stopped after \(ByteCountText.describe(received))"
        case .networkConnectionLost:
            let received = state.withLock { $0.received }
            return "the connection to \(place) was lost after \(ByteCountText.describe(received))\(note): the download is cut off"
        case .httpTooManyRedirects:
            return "more than \(Self.maximumRedirects) redirects (a redirect loop?)"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the secure connection to \(place)\(note) failed: \(urlError.localizedDescription)"
        case .cancelled:
            return "cancelled"
        case .unsupportedURL:
            return "cannot load this address (unsupported)"
        case .unknown where state.withLock({ $0.phase == .waiting }) && urlError.localizedDescription.contains("Out of memory"):
            // What curl says of response headers past its 100 KB limit: nothing ran out of memory.
            return "the server's response headers are too large (over 100 KB); not read"
        default:
            return "the download failed: \(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
