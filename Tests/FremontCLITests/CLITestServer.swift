import FlyingFox
import Foundation
import Synchronization

/// A loopback HTTP server for the command-line tests: the shared data under `/data/`, a 404, a
/// slow answer, a Socrata endpoint whose April 2016 rows are the shared file's own, and the two
/// forecast providers' addresses answering with the forecast fixtures (and 304 to their ETag).
final class CLITestServer: Sendable {
    /// A forecast request as it arrived: path, query (percent-encoded) and the ETag it offered.
    struct ForecastRequest: Sendable, Equatable {
        var path: String
        var query: String
        var ifNoneMatch: String?
        /// The server's answer: 200, 304 or 401.
        var status: Int
    }

    let server: HTTPServer
    let port: UInt16
    private let task: Task<Void, any Error>
    private let log = Mutex<[String]>([])
    private let forecastLog = Mutex<[ForecastRequest]>([])

    private init(server: HTTPServer, port: UInt16, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.task = task
    }

    static func with<T: Sendable>(_ body: (CLITestServer) async throws -> T) async throws -> T {
        let http = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let task = Task { try await http.run() }
        try await http.waitUntilListening()
        guard case .ip4(_, let port) = await http.listeningAddress else { throw CocoaError(.fileReadUnknown) }
        let server = CLITestServer(server: http, port: port, task: task)
        await server.install()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func stop() async {
        await server.stop()
        task.cancel()
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// The paths and queries asked, in order.
    var requests: [String] { log.withLock { $0 } }

    /// The forecast requests, in order.
    var forecastRequests: [ForecastRequest] { forecastLog.withLock { $0 } }

    /// Where the forecast fixtures are.
    static let forecastFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FremontCoreTests/Fixtures/weather")

    /// The ETag every forecast answer carries.
    static let forecastETag = "\"forecast-1\""

    private func install() async {
        await server.appendRoute("GET /data/*") { [self] request in
            record(request)
            let path = Fremont.data(String(request.path.dropFirst("/data/".count)))
            guard FileManager.default.fileExists(atPath: path) else { return HTTPResponse(statusCode: .notFound) }
            return HTTPResponse(statusCode: .ok, body: try HTTPBodySequence(file: URL(fileURLWithPath: path)))
        }
        // An answer after 3 s, or after `?seconds=N`: a load that stays in flight meanwhile.
        await server.appendRoute("GET /slow") { [self] request in
            record(request)
            let seconds = request.query.first { $0.name == "seconds" }.flatMap { Int($0.value) } ?? 3
            try await Task.sleep(for: .seconds(seconds))
            return HTTPResponse(statusCode: .ok, body: Data("[]".utf8))
        }
        await server.appendRoute("GET /resource/4xy5-26gy.json") { [self] request in
            record(request)
            return try Self.socrata(request)
        }
        // Open-Meteo's shape, in °F when asked for it; Pirate Weather's, refusing the key BAD-KEY.
        await server.appendRoute("GET /v1/forecast") { [self] request in
            let imperial = request.query.contains { $0.name == "temperature_unit" && $0.value == "fahrenheit" }
            return try forecast(request, file: "open-meteo-seattle-2025-03-07-\(imperial ? "imperial" : "metric").json")
        }
        await server.appendRoute("GET /forecast/*") { [self] request in
            if request.path.hasPrefix("/forecast/BAD-KEY/") {
                forecastLog.withLock { $0.append(ForecastRequest(path: request.path, query: request.target.query(), ifNoneMatch: nil, status: 401)) }
                return HTTPResponse(statusCode: .unauthorized)
            }
            return try forecast(request, file: "pirate-weather-seattle-2025-03-07-si.json")
        }
    }

    private func forecast(_ request: HTTPRequest, file: String) throws -> HTTPResponse {
        let offered = request.headers[.ifNoneMatch]
        let notModified = offered == Self.forecastETag
        forecastLog.withLock {
            $0.append(ForecastRequest(path: request.path, query: request.target.query(), ifNoneMatch: offered, status: notModified ? 304 : 200))
        }
        let headers: HTTPHeaders = [HTTPHeader("ETag"): Self.forecastETag]
        if notModified { return HTTPResponse(statusCode: .notModified, headers: headers) }
        let body = try Data(contentsOf: Self.forecastFixtures.appendingPathComponent(file))
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    private func record(_ request: HTTPRequest) {
        let query = request.target.query()
        log.withLock { $0.append(query.isEmpty ? request.path : "\(request.path)?\(query)") }
    }

    /// `$where=date between '…' and '…'`, `$limit` (1,000 unless given) and `$offset` over the
    /// shared April JSON, in Socrata's own shape.
    private static func socrata(_ request: HTTPRequest) throws -> HTTPResponse {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        let data = try Data(contentsOf: URL(fileURLWithPath: Fremont.data("bikes/fremont-2016-04.json")))
        var rows = try JSONSerialization.jsonObject(with: data) as? [[String: String]] ?? []
        if let clause = query["$where"], let match = clause.wholeMatch(of: /date between '([0-9T:-]+)' and '([0-9T:-]+)'/) {
            rows = rows.filter { row in
                let date = String(row["date", default: ""].prefix(19))
                return date >= match.1 && date <= match.2
            }
        }
        let offset = Int(query["$offset"] ?? "0") ?? 0
        let limit = Int(query["$limit"] ?? "1000") ?? 1000
        let page = Array(rows.dropFirst(offset).prefix(limit))
        return HTTPResponse(statusCode: .ok, body: try JSONSerialization.data(withJSONObject: page))
    }
}
