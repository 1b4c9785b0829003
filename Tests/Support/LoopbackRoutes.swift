import FlyingFox
import FlyingSocks
import Foundation

/// The loopback server's answers: the shared data as files (with an ETag), a Socrata endpoint,
/// the two forecast providers' addresses, and every failure a real server can hand a downloader.
public enum LoopbackRoutes {
    public static let etag = "\"fremont-test-1\""
    public static let lastModified = "Fri, 06 May 2016 10:00:00 GMT"
    /// The ETag every forecast answer carries.
    public static let forecastETag = "\"forecast-1\""

    static func install(on loopback: LoopbackServer) async {
        func route(_ pattern: String, _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async {
            await loopback.route(pattern, handler)
        }
        await route("GET /data/*") { request in
            let relative = String(request.path.dropFirst("/data/".count))
            if request.headers[HTTPHeader("If-None-Match")] == etag {
                return HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([HTTPHeader("ETag"): etag]))
            }
            return try file(relative, headers: [HTTPHeader("ETag"): etag, HTTPHeader("Last-Modified"): lastModified])
        }
        await route("GET /gzip/*") { request in
            let relative = String(request.path.dropFirst("/gzip/".count))
            let accepted = request.headers[HTTPHeader("Accept-Encoding")] ?? ""
            guard accepted.contains("gzip") else { return try file(relative) }
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([HTTPHeader("Content-Encoding"): "gzip", .contentType: contentType(relative)]),
                                body: try await gzip(SharedData.path(relative)))
        }
        await route("GET /status/404") { _ in
            HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.contentType: "text/html"]), body: Data("<html><body>gone</body></html>".utf8))
        }
        await route("GET /status/500") { _ in
            HTTPResponse(statusCode: .internalServerError, body: Data("oops".utf8))
        }
        await route("GET /redirect/*") { request in
            let relative = String(request.path.dropFirst("/redirect/".count))
            return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/data/\(relative)"]))
        }
        await route("GET /loop") { _ in
            HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/loop"]))
        }
        await route("GET /to-file") { _ in
            HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "file:///etc/passwd"]))
        }
        await route("GET /huge-header") { _ in
            HTTPResponse(statusCode: .ok, headers: HTTPHeaders([HTTPHeader("X-Padding"): String(repeating: "a", count: 2 << 20)]),
                         body: Data("<rss/>".utf8))
        }
        await route("GET /to-ftp") { _ in
            HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: "ftp://127.0.0.1/fremont.xml"]))
        }
        // `[]` after 3 s, or after `?seconds=N`: a load that stays in flight meanwhile.
        await route("GET /slow") { request in
            try await Task.sleep(for: .seconds(seconds(request)))
            return HTTPResponse(statusCode: .ok, body: Data("[]".utf8))
        }
        await route("GET /slow/*") { request in
            // Headers only after 3 s (or `?seconds=N`): a short --timeout must give up first.
            try await Task.sleep(for: .seconds(seconds(request)))
            return try file(String(request.path.dropFirst("/slow/".count)))
        }
        await route("GET /stall/*") { request in
            // Headers and the first half at once, then nothing until the client gives up and the
            // test stops the server (which cancels the pause), 60 s at most: a stall that ended
            // on its own (it was 3 s) could end before a loaded client's timer fired.
            let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path(String(request.path.dropFirst("/stall/".count)))))
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: ScriptedBody(data, pauseAt: data.count / 2, pause: .seconds(60)), count: data.count))
        }
        await route("GET /cut/*") { request in
            // Content-Length promises the whole file; the connection closes after half.
            let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path(String(request.path.dropFirst("/cut/".count)))))
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: ScriptedBody(data, failAt: data.count / 2), count: data.count))
        }
        await route("GET /unfinished/*") { request in
            // No Content-Length, half a document, and a clean close: only the parser can tell.
            let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path(String(request.path.dropFirst("/unfinished/".count)))))
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.connection: "close"]), body: HTTPBodySequence(from: ScriptedBody(data.prefix(data.count / 2))))
        }
        await route("GET /error-page") { _ in
            // What a portal's proxy sends with a 200 when the backend is down.
            try file("bikes/malformed/not-xml.html", type: "text/html")
        }
        await route("GET /resource/*") { request in
            try SocrataStub.answer(request)
        }
        // Open-Meteo's shape, in °F when asked for it; Pirate Weather's, refusing the key BAD-KEY.
        await route("GET /v1/forecast") { request in
            let imperial = request.query.contains { $0.name == "temperature_unit" && $0.value == "fahrenheit" }
            return try forecast(request, file: "open-meteo-seattle-2025-03-07-\(imperial ? "imperial" : "metric").json")
        }
        await route("GET /forecast/*") { request in
            if request.path.hasPrefix("/forecast/BAD-KEY/") { return HTTPResponse(statusCode: .unauthorized) }
            return try forecast(request, file: "pirate-weather-seattle-2025-03-07-si.json")
        }
    }

    public static func file(_ relative: String, type: String? = nil, headers: [HTTPHeader: String] = [:]) throws -> HTTPResponse {
        let path = SharedData.path(relative)
        guard FileManager.default.fileExists(atPath: path) else { return HTTPResponse(statusCode: .notFound) }
        var all = headers
        all[.contentType] = type ?? contentType(relative)
        return HTTPResponse(statusCode: .ok, headers: HTTPHeaders(all), body: try HTTPBodySequence(file: URL(fileURLWithPath: path)))
    }

    public static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension {
        case "xml", "rss", "atom": return "application/xml"
        case "json": return "application/json"
        case "csv": return "text/csv"
        default: return "application/octet-stream"
        }
    }

    /// The forecast fixture, with its ETag, or 304 to a request that offers it.
    static func forecast(_ request: HTTPRequest, file: String) throws -> HTTPResponse {
        let headers: HTTPHeaders = [HTTPHeader("ETag"): forecastETag]
        if request.headers[.ifNoneMatch] == forecastETag { return HTTPResponse(statusCode: .notModified, headers: headers) }
        let body = try Data(contentsOf: SharedData.forecastFixtures.appendingPathComponent(file))
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    /// `?seconds=N`, else 3.
    static func seconds(_ request: HTTPRequest) -> Int {
        request.query.first { $0.name == "seconds" }.flatMap { Int($0.value) } ?? 3
    }

    /// The gzip tool's output: Foundation on Linux has no compressor of its own.
    static func gzip(_ path: String) async throws -> Data {
        try await ChildProcess.run(["gzip", "-c", "-n", path], environment: ProcessInfo.processInfo.environment).standardOutput
    }
}
