import Foundation
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
        /// When the last byte (or the headers) arrived, for the stall limit.
        var lastActivity = ContinuousClock.now
    }

    static let maximumRedirects = 10

    /// The transfers' timers (no answer in time, too long in all, gone silent): a queue of their
    /// own, which gets a thread even while the shared pool is busy (blocked fetches, a test
    /// suite), so a limit ends a transfer when it runs out, not when a thread comes free.
    private static let timers = DispatchQueue(label: "fremont.http.timers", qos: .userInitiated)

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

    /// Ends the transfer when its reader goes away, before the request starts: a parser that
    /// stops early (a bad root element, a limit) needs no more of the body.
    func stopWhenTheReaderCloses() {
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
        Self.timers.asyncAfter(deadline: .now() + connect) { [weak self] in
            guard let self, self.isWaiting else { return }
            self.fail("no answer within \(Self.seconds(connect))", kind: .timeout)
        }
        Self.timers.asyncAfter(deadline: .now() + options.timeout) { [weak self] in
            guard let self else { return }
            let (waiting, received) = self.state.withLock { ($0.phase == .waiting, $0.received) }
            // With both limits equal (a short --timeout), either timer may fire first.
            if waiting {
                self.fail("no answer within \(Self.seconds(connect))", kind: .timeout)
            } else {
                self.fail("the download took longer than \(Self.seconds(self.options.timeout)) (--timeout) and was stopped after \(ByteCountText.describe(received))", kind: .timeout)
            }
        }
        if let stall = options.stallTimeout { watchForStalls(stall) }
    }

    /// Checks a few times a stall's length that bytes still come; past the limit without one,
    /// the transfer ends (and the one after it can start).
    private func watchForStalls(_ stall: TimeInterval) {
        Self.timers.asyncAfter(deadline: .now() + max(0.05, stall / 4)) { [weak self] in
            guard let self else { return }
            let (phase, idle, received) = self.state.withLock { ($0.phase, ContinuousClock.now - $0.lastActivity, $0.received) }
            guard phase != .ended else { return }
            if phase == .streaming, idle > .milliseconds(Int(stall * 1000)) {
                self.fail("no bytes for \(Self.seconds(stall)): the server went silent after \(ByteCountText.describe(received))", kind: .timeout)
                return
            }
            self.watchForStalls(stall)
        }
    }

    private var isWaiting: Bool { state.withLock { $0.phase == .waiting } }

    /// Whether the transfer has ended (answered, failed, stopped): the network side stops then.
    var hasEnded: Bool { state.withLock { $0.phase == .ended } }

    // MARK: Events from the network

    /// Whether to take the body: only a 2xx is data. Everything else ends the transfer here.
    /// `header` looks a response header up by its name, in any case.
    func receive(status: Int, from responseURL: URL, header: (String) -> String?) -> Bool {
        let info = HTTPResponseInfo(url: responseURL, status: status, etag: header("ETag"),
                                    lastModified: header("Last-Modified"), contentType: header("Content-Type"))
        switch status {
        case 304:
            end(with: .success(.notModified(info)), phase: .ended)
            return false
        case 200..<300:
            // A gzip body arrives decoded, so a Content-Length (of the coded bytes) says nothing then.
            let coding = header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let encoded = !coding.isEmpty && coding != "identity"
            let length = header("Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? -1
            if length > options.maximumBytes, !encoded {
                fail("the file is \(ByteCountText.describe(Int(length))), over the \(ByteCountText.describe(options.maximumBytes)) limit for a download", kind: .tooLarge)
                return false
            }
            state.withLock {
                $0.expected = encoded || length < 0 ? nil : Int(length)
                $0.lastActivity = ContinuousClock.now
            }
            var info = info
            info.contentRange = header("Content-Range")
            info.contentLength = encoded || length < 0 ? nil : length
            let base = RedactedURL.location(info.url.absoluteString)
            end(with: .success(.body(.stream(channel, name: name, base: base), info)), phase: .streaming)
            return true
        default:
            var message = HTTPStatusText.describe(status)
            if (300..<400).contains(status), let location = header("Location") {
                message += " to \(RedactedURL.text(location)), which was not followed"
            }
            fail(message, kind: status == 404 || status == 410 ? .notFound : .httpStatus(status))
            return false
        }
    }

    func receive(_ data: Data) {
        let (received, expected, over) = state.withLock { state -> (Int, Int?, Bool) in
            guard state.phase == .streaming else { return (0, nil, false) }
            state.received += data.count
            state.lastActivity = ContinuousClock.now
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

    /// The request ended: completely (`failure` nil) or not.
    func complete(_ failure: NetworkFailure?) {
        // Fewer bytes than the Content-Length: curl reports it as an error, or not at all.
        let cut = state.withLock { state -> String? in
            guard state.phase == .streaming, let expected = state.expected, state.received < expected else { return nil }
            return "the download is cut off: \(state.received) of \(expected) bytes arrived"
        }
        if let cut {
            fail(cut, kind: .network)
            return
        }
        if let failure {
            fail(describe(failure), kind: failure.kind)
            return
        }
        let before = state.withLock { state -> Phase in
            let phase = state.phase
            if phase == .streaming { state.phase = .ended }
            return phase
        }
        switch before {
        case .waiting: end(with: .failure(LoadError(source: name, "the server closed the connection without an answer")), phase: .ended)
        case .streaming: channel.finish()
        case .ended: break
        }
    }

    /// Follows http and https redirects, up to a limit; nil refuses (and ends the transfer).
    /// `location` is the header as sent, resolved against `base`, the address that answered.
    func redirect(to location: String, from base: URL) -> URL? {
        if let colon = location.firstIndex(of: ":"), !location[..<colon].contains("/") {
            let scheme = location[..<colon].lowercased()
            if scheme != "http" && scheme != "https" {
                fail("redirected to \(RedactedURL.text(location)), which is not an http or https address")
                return nil
            }
        }
        guard let target = URL(string: location, relativeTo: base)?.absoluteURL, let scheme = target.scheme?.lowercased(),
              scheme == "http" || scheme == "https", target.host?.isEmpty == false else {
            fail("redirected to \(RedactedURL.text(location)), which is not an http or https address")
            return nil
        }
        let count = state.withLock { state -> Int in
            state.redirects += 1
            state.current = target
            return state.redirects
        }
        guard count <= Self.maximumRedirects else {
            fail("more than \(Self.maximumRedirects) redirects (a redirect loop?)")
            return nil
        }
        return target
    }

    // MARK: Endings

    /// Ends the transfer with `message`: `fetch` throws it, or the body's reader does. The
    /// request sees the end (`hasEnded`) and stops.
    func fail(_ message: String, kind: LoadError.Kind = .other) {
        let error = LoadError(source: name, kind: kind, message)
        let signal = state.withLock { state -> Bool in
            switch state.phase {
            case .ended:
                return false
            case .waiting:
                state.phase = .ended
                state.outcome = .failure(error)
                return true
            case .streaming:
                state.phase = .ended
                channel.fail(error)
                return false
            }
        }
        if signal { headersArrived.signal() }
    }

    /// The reader went away: nothing to report, only the network to stop.
    private func stop() {
        state.withLock { state in
            if state.phase != .ended { state.phase = .ended }
        }
    }

    private func end(with outcome: Result<HTTPFetchOutcome, LoadError>, phase: Phase) {
        let signal = state.withLock { state -> Bool in
            guard state.phase == .waiting else { return false }
            state.phase = phase
            state.outcome = outcome
            return true
        }
        if signal { headersArrived.signal() }
    }

    /// One line for a failure of the network, in words rather than codes.
    private func describe(_ failure: NetworkFailure) -> String {
        let redirected = state.withLock { $0.current }
        let current = redirected ?? url
        let host = current.host ?? "the server"
        let place = current.port.map { "\(host):\($0)" } ?? host
        // After a redirect the address in front of the message is not the one that failed.
        let note = redirected.map { " after a redirect to \(RedactedURL.text($0))" } ?? ""
        switch failure {
        case .cannotFindHost:
            return "cannot find the server \(host) (DNS lookup failed)\(note)"
        case .cannotConnect(let reason):
            return "cannot connect to \(place) (\(reason))\(note)"
        case .timedOut:
            // curl's own limit races our timers: once the headers are in, it is the download
            // that stalled, and the words must say so whichever fired first.
            let (waiting, received) = state.withLock { ($0.phase == .waiting, $0.received) }
            if waiting { return "no answer within \(Self.seconds(min(options.connectTimeout, options.timeout)))" }
            return "the download took longer than \(Self.seconds(options.timeout)) (--timeout) and was stopped after \(ByteCountText.describe(received))"
        case .connectionLost:
            let (waiting, received) = state.withLock { ($0.phase == .waiting, $0.received) }
            if waiting { return "the server closed the connection without an answer" }
            return "the connection to \(place) was lost after \(ByteCountText.describe(received))\(note): the download is cut off"
        case .secureConnection(let reason):
            return "the secure connection to \(place)\(note) failed: \(reason)"
        case .proxyRefused(let status):
            return "the proxy refused the tunnel to \(place): \(HTTPStatusText.describe(status)) (the proxy's answer, from https_proxy or ALL_PROXY)"
        case .headersTooLarge:
            return "the server's response headers are too large (over 100 KB); not read"
        case .cancelled:
            return "cancelled"
        case .other(let reason):
            return "the download failed: \(reason)"
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
