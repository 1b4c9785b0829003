import CCurl
import Foundation
import FremontCore

/// One GET (or an API's POST) with libcurl's easy interface, on a thread of its own, feeding its `HTTPTransfer`:
/// the headers, the body as it arrives, redirects (each one checked by the transfer), the end.
///
/// Not URLSession: on Linux it drives libcurl through dispatch sources and never drops the
/// write source once curl only wants to read, so a socket that waits for a silent server
/// wakes it thousands of times a second (80 % of a core). Here the thread sleeps in curl's
/// poll, and a wait costs nothing however long it lasts.
final class CurlRequest: @unchecked Sendable {
    // Touched only by the request's own thread (curl calls back on it).
    private let transfer: HTTPTransfer
    private let headers: [String]
    private let options: HTTPRequestOptions
    /// The address being asked now: the first, then each redirect's.
    private var current: URL
    /// The response being read: its status and headers (names lowercased), reset by each status line.
    private var status = 0
    private var responseHeaders: [String: String] = [:]
    private var headerBytes = 0
    /// Set when a 3xx with a Location ends a response: the next request goes there.
    private var redirectLocation: String?
    private var headersTooLarge = false

    /// curl's own limit for response headers, which it reports only as "out of memory".
    static let maximumHeaderBytes = 100 * 1024

    private static let initialized: Bool = {
        fremont_curl_global_init() == CURLE_OK
    }()

    private init(transfer: HTTPTransfer, headers: [String], options: HTTPRequestOptions) {
        self.transfer = transfer
        self.headers = headers
        self.options = options
        current = transfer.url
    }

    /// Starts the request; the transfer hears of everything that happens to it.
    static func start(_ transfer: HTTPTransfer, headers: [String], options: HTTPRequestOptions) {
        let request = CurlRequest(transfer: transfer, headers: headers, options: options)
        NamedThread.start("fremont-http") { request.run() }
    }

    private func run() {
        guard Self.initialized, let handle = curl_easy_init() else {
            transfer.complete(.other("libcurl could not start"))
            return
        }
        defer { curl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }

        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = fremont_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // Redirects are followed here, one request each, so the transfer can check every one
        // (only http and https, ten at most); so curl is only ever asked for those.
        _ = fremont_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // Every coding curl can decode (gzip, deflate, …): the body arrives decoded.
        if options.decodesContent { _ = fremont_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        _ = fremont_curl_set_list(handle, CURLOPT_HTTPHEADER, list)
        // The transfer's own timers say which limit ran out; curl's stays out of their way.
        _ = fremont_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(((options.timeout + 5) * 1000).rounded()))
        _ = fremont_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        // Behind a proxy, the tunnel's own answer ("200 Connection established") is the proxy's,
        // not the server's: only the server's responses reach the header reader.
        _ = fremont_curl_set_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        if let proxy = options.tunnelProxy {
            _ = fremont_curl_set_string(handle, CURLOPT_PROXY, proxy)
            _ = fremont_curl_set_long(handle, CURLOPT_HTTPPROXYTUNNEL, 1)
        }
        _ = fremont_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            CurlRequest.from(context).header(data, size * count)
        }
        _ = fremont_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = fremont_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            CurlRequest.from(context).body(data, size * count)
        }
        _ = fremont_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        // Called at least once a second while nothing arrives: the way a stopped transfer
        // (Esc, a timer, the reader gone) stops curl too.
        _ = fremont_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = fremont_curl_set_progress_function(handle) { context, _, _, _, _ in
            CurlRequest.from(context).transfer.hasEnded ? 1 : 0
        }
        _ = fremont_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
        if let body = options.postBody {
            // Sized first, then copied by curl; a NUL after it, so an empty body is still a
            // string to curl (and never a read of standard input).
            _ = fremont_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
            ([UInt8](body) + [0]).withUnsafeBytes { bytes in
                _ = fremont_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }

        while true {
            status = 0
            responseHeaders = [:]
            headerBytes = 0
            redirectLocation = nil
            errorBuffer[0] = 0
            _ = fremont_curl_set_string(handle, CURLOPT_URL, current.absoluteString)
            let code = curl_easy_perform(handle)
            if let location = redirectLocation {
                guard options.postBody == nil, options.authorization == nil else {
                    // The server's answer (a 3xx), not this request's fault: the sync keeps its changes.
                    transfer.fail("the server redirected the request to \(RedactedURL.text(location)); a request with a body or a token is not sent on (give that address instead)",
                                  kind: .httpStatus(status))
                    transfer.complete(nil)
                    return
                }
                guard let target = transfer.redirect(to: location, from: current) else { return }
                current = target
                continue
            }
            if transfer.hasEnded {
                // Answered (an error status, a 304), stopped or failed: the transfer knows.
                transfer.complete(nil)
                return
            }
            transfer.complete(failure(code, handle, message: String(cString: errorBuffer)))
            return
        }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> CurlRequest {
        Unmanaged<CurlRequest>.fromOpaque(context!).takeUnretainedValue()
    }

    /// One header line (curl passes each whole, with its CRLF). Returns `count` to go on.
    private func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        headerBytes += count
        if headerBytes > Self.maximumHeaderBytes {
            headersTooLarge = true
            return 0
        }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new response (after a 100 Continue): its own status and headers.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            responseHeaders = [:]
            return count
        }
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            responseHeaders[name] = responseHeaders[name].map { "\($0), \(value)" } ?? value
            return count
        }
        guard line.isEmpty, status >= 200 else { return count }
        // The end of a final response's headers.
        if [301, 302, 303, 307, 308].contains(status), let location = responseHeaders["location"] {
            redirectLocation = location
            return 0
        }
        let headers = responseHeaders
        return transfer.receive(status: status, from: current, header: { headers[$0.lowercased()] }) ? count : 0
    }

    /// A piece of the body. Returns `count` to go on, 0 to stop.
    private func body(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        transfer.receive(Data(bytes: data, count: count))
        return transfer.hasEnded ? 0 : count
    }

    /// What a curl error means, in the transfer's terms.
    private func failure(_ code: CURLcode, _ handle: UnsafeMutableRawPointer, message: String) -> NetworkFailure? {
        let reason = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        let proxyStatus = Int(fremont_curl_connect_code(handle))
        if code != CURLE_OK, proxyStatus >= 300 { return .proxyRefused(proxyStatus) }
        switch code {
        case CURLE_OK:
            return nil
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotFindHost
        case CURLE_COULDNT_CONNECT:
            let number = Int32(fremont_curl_os_errno(handle))
            if number == ETIMEDOUT { return .timedOut }
            return .cannotConnect(number == ECONNREFUSED ? "connection refused" : reason)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_GOT_NOTHING:
            // The server closed the connection without an answer: the transfer says so.
            return nil
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .connectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .secureConnection(reason)
        case CURLE_WRITE_ERROR where headersTooLarge:
            return .headersTooLarge
        case CURLE_OUT_OF_MEMORY:
            // What curl says of a header line past its own 100 KB limit: nothing ran out of memory.
            return .headersTooLarge
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .other(reason)
        }
    }
}
