import FlyingFox
import FlyingSocks
import Foundation

/// The loopback server's answers: the shared data as files (with an ETag), and every failure a
/// real server can hand a downloader.
enum TestRoutes {
    static let etag = "\"fremont-test-1\""
    static let lastModified = "Fri, 06 May 2016 10:00:00 GMT"

    static func install(on loopback: LoopbackServer) async {
        let server = loopback.server
        func route(_ pattern: String, _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async {
            await server.appendRoute(HTTPRoute(pattern)) { [loopback] request in
                loopback.record(request)
                return try await handler(request)
            }
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
                                body: try gzip(SharedData.path(relative)))
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
        await route("GET /slow/*") { request in
            // Headers only after 3 s: a short --timeout must give up first.
            try await Task.sleep(for: .seconds(3))
            return try file(String(request.path.dropFirst("/slow/".count)))
        }
        await route("GET /stall/*") { request in
            // Headers and the first bytes at once, the rest only after 3 s.
            let data = try Data(contentsOf: URL(fileURLWithPath: SharedData.path(String(request.path.dropFirst("/stall/".count)))))
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: ScriptedBody(data, pauseAt: data.count / 2, pause: .seconds(3)), count: data.count))
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
    }

    static func file(_ relative: String, type: String? = nil, headers: [HTTPHeader: String] = [:]) throws -> HTTPResponse {
        let path = SharedData.path(relative)
        guard FileManager.default.fileExists(atPath: path) else { return HTTPResponse(statusCode: .notFound) }
        var all = headers
        all[.contentType] = type ?? contentType(relative)
        return HTTPResponse(statusCode: .ok, headers: HTTPHeaders(all), body: try HTTPBodySequence(file: URL(fileURLWithPath: path)))
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension {
        case "xml", "rss", "atom": return "application/xml"
        case "json": return "application/json"
        case "csv": return "text/csv"
        default: return "application/octet-stream"
        }
    }

    /// The gzip tool's output: Foundation on Linux has no compressor of its own.
    static func gzip(_ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

/// A body that pauses or breaks off part way, sent through FlyingFox's buffered sequence.
struct ScriptedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    struct BrokenOff: Error {}

    let bytes: [UInt8]
    var pauseAt: Int?
    var pause: Duration = .zero
    var failAt: Int?

    init(_ data: Data, pauseAt: Int? = nil, pause: Duration = .zero, failAt: Int? = nil) {
        self.bytes = [UInt8](data)
        self.pauseAt = pauseAt
        self.pause = pause
        self.failAt = failAt
    }

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let body: ScriptedBody
        var offset = 0
        var paused = false

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if let failAt = body.failAt, offset >= failAt { throw BrokenOff() }
            if let pauseAt = body.pauseAt, offset >= pauseAt, !paused {
                paused = true
                try await Task.sleep(for: body.pause)
            }
            guard offset < body.bytes.count else { return nil }
            var end = Swift.min(body.bytes.count, offset + Swift.max(count, 1))
            if let failAt = body.failAt, offset < failAt { end = Swift.min(end, failAt) }
            if let pauseAt = body.pauseAt, offset < pauseAt { end = Swift.min(end, pauseAt) }
            defer { offset = end }
            return body.bytes[offset..<end]
        }
    }
}
