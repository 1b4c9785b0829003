import FlyingFox
import Foundation
import Synchronization

/// The tests' one HTTP server: real, on 127.0.0.1 at a port the system picks, started and
/// stopped by one test. It serves `LoopbackRoutes` (the shared data, a Socrata endpoint, the two
/// forecast providers, and every odd answer a downloader must survive), or, when the test gives a
/// `Responder`, whatever that says (a feed that changes between fetches). Every request is logged
/// with the status it was answered with, so tests can check and count what was asked.
public final class LoopbackServer: Sendable {
    /// A request as it arrived.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var path: String
        /// The query as sent, still percent-encoded.
        public var rawQuery: String
        public var query: [String: String]
        /// Header names in lower case.
        public var headers: [String: String]
        /// The status it was answered with (nil while it is still being answered).
        public var status: Int?

        public var ifNoneMatch: String? { headers["if-none-match"] }
        public var ifModifiedSince: String? { headers["if-modified-since"] }
        /// Path and query, as the request line had them.
        public var target: String { rawQuery.isEmpty ? path : "\(path)?\(rawQuery)" }
        /// What a cache's request is judged by.
        public var conditional: Conditional {
            Conditional(path: path, ifNoneMatch: ifNoneMatch, ifModifiedSince: ifModifiedSince, rawQuery: rawQuery)
        }
    }

    /// A request's path, query and validators, for comparing a cache's requests whole.
    public struct Conditional: Sendable, Equatable {
        public var path: String
        public var ifNoneMatch: String?
        public var ifModifiedSince: String?
        public var rawQuery: String

        public init(path: String, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil, rawQuery: String = "") {
            self.path = path
            self.ifNoneMatch = ifNoneMatch
            self.ifModifiedSince = ifModifiedSince
            self.rawQuery = rawQuery
        }
    }

    /// What a test's responder answers.
    public struct Reply: Sendable {
        public var status: HTTPStatusCode
        public var body: Data
        public var etag: String?
        public var lastModified: String?

        public init(status: HTTPStatusCode = .ok, body: Data = Data(), etag: String? = nil, lastModified: String? = nil) {
            self.status = status
            self.body = body
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    public typealias Responder = @Sendable (Request) -> Reply

    /// A forecast request: path, query (percent-encoded), the ETag offered and the status answered.
    public struct ForecastRequest: Sendable, Equatable {
        public var path: String
        public var query: String
        public var ifNoneMatch: String?
        public var status: Int

        public init(path: String, query: String, ifNoneMatch: String?, status: Int) {
            self.path = path
            self.query = query
            self.ifNoneMatch = ifNoneMatch
            self.status = status
        }
    }

    public let port: UInt16
    let http: HTTPServer
    private let task: Task<Void, any Error>
    private let state: Mutex<State>

    private struct State {
        var log: [Request] = []
        var responder: Responder?
    }

    private init(http: HTTPServer, port: UInt16, task: Task<Void, any Error>, responder: Responder?) {
        self.http = http
        self.port = port
        self.task = task
        self.state = Mutex(State(responder: responder))
    }

    /// Runs `body` with a fresh server, and stops the server however `body` ends.
    public static func with<T: Sendable>(answering responder: Responder? = nil, _ body: (LoopbackServer) async throws -> T) async throws -> T {
        let server = try await start(answering: responder)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A started server; the test stops it. With a `responder`, that answers every request. On
    /// `port` when given (a server started again where it was), else one the system picks.
    public static func start(answering responder: Responder? = nil, port: UInt16 = 0) async throws -> LoopbackServer {
        let http = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled)
        // High priority, inherited by every task the server starts: in a parallel run the default
        // priority's threads (two on two cores) are busy with tests that compute for seconds, and
        // a server queued behind them answered too late for its client's timeout. Higher
        // priorities are served from threads of their own (LoopbackServerTests shows it).
        let task = Task(priority: .high) { try await http.run() }
        // Starting waits on the caller's (default priority) threads: in a parallel run on two
        // cores they can be busy for tens of seconds (a tt-rss test starting PostgreSQL and PHP, a
        // million-item cache), and five seconds failed every test starting a server then.
        try await http.waitUntilListening(timeout: 120)
        guard case .ip4(_, let port) = await http.listeningAddress else { throw CocoaError(.fileReadUnknown) }
        let server = LoopbackServer(http: http, port: port, task: task, responder: responder)
        // The responder, when there is one, comes first; otherwise the request goes on to the routes.
        await http.appendRoute("*") { [server] request in
            guard let responder = server.state.withLock({ $0.responder }) else { throw HTTPUnhandledError() }
            return try await server.logged(request) { seen in
                let reply = responder(seen)
                var headers: HTTPHeaders = [:]
                if let etag = reply.etag { headers[HTTPHeader("ETag")] = etag }
                if let lastModified = reply.lastModified { headers[.lastModified] = lastModified }
                return HTTPResponse(statusCode: reply.status, headers: headers, body: reply.body)
            }
        }
        await LoopbackRoutes.install(on: server)
        return server
    }

    public func stop() async {
        await http.stop()
        task.cancel()
    }

    public func url(_ path: String) -> URL {
        URL(string: address(path))!
    }

    /// The address as text, for a command line.
    public func address(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// From now on, `responder` answers every request.
    public func respond(_ responder: @escaping Responder) {
        state.withLock { $0.responder = responder }
    }

    /// Every request so far, in order of arrival.
    public var requests: [Request] { state.withLock { $0.log } }

    /// Every request's path and query, in order.
    public var targets: [String] { requests.map(\.target) }

    /// The requests to the forecast providers' addresses, in order.
    public var forecastRequests: [ForecastRequest] {
        requests.filter { $0.path == "/v1/forecast" || $0.path.hasPrefix("/forecast/") }
            .map { ForecastRequest(path: $0.path, query: $0.rawQuery, ifNoneMatch: $0.ifNoneMatch, status: $0.status ?? 0) }
    }

    /// Adds a route of the test's own (logged like the rest), tried after those already there.
    public func route(_ pattern: String, _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async {
        await http.appendRoute(HTTPRoute(pattern)) { [self] request in
            try await logged(request) { _ in try await handler(request) }
        }
    }

    /// Logs `request`, answers it with `answer`, and logs the status before the answer leaves.
    func logged(_ request: HTTPRequest, _ answer: (Request) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var headers: [String: String] = [:]
        for (key, value) in request.headers { headers[key.rawValue.lowercased()] = value }
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        let seen = Request(method: request.method.rawValue, path: request.path, rawQuery: request.target.query(), query: query,
                           headers: headers, status: nil)
        let index = state.withLock { state in
            state.log.append(seen)
            return state.log.count - 1
        }
        do {
            let response = try await answer(seen)
            state.withLock { $0.log[index].status = response.statusCode.code }
            return response
        } catch {
            // A handler that fails (a server stopping mid-answer) leaves the connection to close.
            state.withLock { $0.log[index].status = 0 }
            throw error
        }
    }
}
