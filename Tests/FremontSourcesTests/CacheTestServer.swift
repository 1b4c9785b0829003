import Foundation
import FlyingFox
import Synchronization

/// A real HTTP server on 127.0.0.1 for the cache's tests, on a port the system picks: started by
/// the test, answering with whatever the test sets (LoopbackServer's routes are fixed; the cache
/// needs a feed that changes between fetches), recording each request's conditional headers.
final class CacheTestServer: Sendable {
    struct Request: Sendable, Equatable {
        var path: String
        var ifNoneMatch: String?
        var ifModifiedSince: String?
        /// The query as sent, still percent-encoded.
        var query = ""
    }

    struct Reply: Sendable {
        var status: HTTPStatusCode = .ok
        var body = Data()
        var etag: String?
        var lastModified: String?
    }

    typealias Responder = @Sendable (Request) -> Reply

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let box: StateBox
    let port: UInt16

    private init(server: HTTPServer, task: Task<Void, any Error>, box: StateBox, port: UInt16) {
        self.server = server
        self.task = task
        self.box = box
        self.port = port
    }

    static func start(_ responder: @escaping Responder) async throws -> CacheTestServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0))
        let box = StateBox(responder)
        await server.appendRoute("GET *") { request in
            let seen = Request(path: request.path, ifNoneMatch: request.headers[.ifNoneMatch],
                               ifModifiedSince: request.headers[HTTPHeader("If-Modified-Since")], query: request.target.query())
            let reply = box.record(seen)
            var headers: HTTPHeaders = [:]
            if let etag = reply.etag { headers[HTTPHeader("ETag")] = etag }
            if let lastModified = reply.lastModified { headers[.lastModified] = lastModified }
            return HTTPResponse(statusCode: reply.status, headers: headers, body: reply.body)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = await server.listeningAddress else { throw CocoaError(.fileReadUnknown) }
        return CacheTestServer(server: server, task: task, box: box, port: port)
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func respond(_ responder: @escaping Responder) { box.state.withLock { $0.responder = responder } }

    var requests: [Request] { box.state.withLock { $0.requests } }

    func stop() async {
        await server.stop()
        task.cancel()
    }

    /// Shared between the route (on the server's tasks) and the test.
    private final class StateBox: Sendable {
        let state: Mutex<(responder: Responder, requests: [Request])>

        init(_ responder: @escaping Responder) { state = Mutex((responder, [])) }

        func record(_ request: Request) -> Reply {
            state.withLock { state in
                state.requests.append(request)
                return state.responder(request)
            }
        }
    }
}
