import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A real HTTP server on 127.0.0.1 at a port the system picks, started and stopped by one test.
/// It serves `../shared/data` under `/data/` and the odd answers the fetcher must survive; every
/// request is logged so tests can check what was asked.
final class LoopbackServer: Sendable {
    struct Logged: Sendable {
        var path: String
        /// The query as sent, still percent-encoded.
        var rawQuery: String
        var query: [String: String]
        var headers: [String: String]
    }

    let server: HTTPServer
    let port: UInt16
    private let task: Task<Void, any Error>
    private let log = Mutex<[Logged]>([])

    private init(server: HTTPServer, port: UInt16, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.task = task
    }

    /// Runs `body` with a fresh server, and stops the server however `body` ends.
    static func with<T: Sendable>(_ body: (LoopbackServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    static func start() async throws -> LoopbackServer {
        let http = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let task = Task { try await http.run() }
        try await http.waitUntilListening()
        guard case .ip4(_, let port) = await http.listeningAddress else { throw CocoaError(.fileReadUnknown) }
        let server = LoopbackServer(server: http, port: port, task: task)
        await TestRoutes.install(on: server)
        return server
    }

    func stop() async {
        await server.stop()
        task.cancel()
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    func record(_ request: HTTPRequest) {
        var headers: [String: String] = [:]
        for (key, value) in request.headers { headers[key.rawValue.lowercased()] = value }
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        let entry = Logged(path: request.path, rawQuery: request.target.query(), query: query, headers: headers)
        log.withLock { $0.append(entry) }
    }

    var requests: [Logged] { log.withLock { $0 } }
}

/// Runs blocking work (a fetch waits on a semaphore) on a thread of its own, away from the
/// small cooperative pool the server's tasks need.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// `../shared/data` beside the checkout.
enum SharedData {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
