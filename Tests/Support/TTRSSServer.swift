import Foundation

/// A real Tiny Tiny RSS on loopback, started by the shared scripts in `../shared/tools/sync/`
/// (Debian's tt-rss with PHP 8.2 and PostgreSQL 15, user alice), for one test: its own folder,
/// free ports, stopped by `stop()`. Nil from `start` with the reason when it cannot run here (not
/// root, no scripts, no PostgreSQL): the tests say so and pass over it.
///
/// The server is checked through its own API with curl, not through fremont's client.
public final class TTRSSServer: Sendable {
    public static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/tools/sync")
    /// The .debs the scripts download, kept between tests so each start unpacks rather than downloads.
    static let debs = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-ttrss-debs")
    public static let login = "alice"
    public static let password = "AlicePass123"

    public let folder: URL
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/" }
    public var api: String { "http://127.0.0.1:\(port)/api/" }

    private init(folder: URL, port: UInt16) {
        self.folder = folder
        self.port = port
    }

    /// Why the server cannot run here, or nil.
    public static var unavailable: String? {
        if getuid() != 0 { return "tt-rss needs root to drop to nobody (the tests run as uid \(getuid()))" }
        if !FileManager.default.isExecutableFile(atPath: tools.appendingPathComponent("ttrss-up.sh").path) {
            return "no \(tools.path)/ttrss-up.sh"
        }
        for tool in ["/usr/bin/setpriv", "/usr/bin/curl"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "no \(tool)"
        }
        return nil
    }

    /// Starts a fresh server whose feeds come from the loopback server on `feedPort`.
    public static func start(feedPort: UInt16) async throws -> TTRSSServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fremont-ttrss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("debs"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: debs, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: debs.path)) ?? [] where name.hasSuffix(".deb") {
            try? FileManager.default.copyItem(at: debs.appendingPathComponent(name), to: folder.appendingPathComponent("debs/\(name)"))
        }
        let (http, postgres) = (try freePort(), try freePort())
        let server = TTRSSServer(folder: folder, port: http)
        let up = try await ChildProcess.run(["/bin/bash", tools.appendingPathComponent("ttrss-up.sh").path, folder.path,
                                             "\(http)", "\(postgres)", "\(feedPort)"],
                                            environment: ProcessInfo.processInfo.environment, timeout: .seconds(300))
        guard up.status == 0 else {
            await server.stop()
            throw ChildProcess.Failure(description: "ttrss-up.sh failed (\(up.status)): \(up.errors)")
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("debs").path)) ?? []
        where name.hasSuffix(".deb") && !FileManager.default.fileExists(atPath: debs.appendingPathComponent(name).path) {
            try? FileManager.default.copyItem(at: folder.appendingPathComponent("debs/\(name)"), to: debs.appendingPathComponent(name))
        }
        return server
    }

    /// Subscribes alice to the feeds and lets tt-rss's updater fetch them.
    public func seed(_ urls: [String]) async throws {
        let seed = try await ChildProcess.run(["/bin/bash", Self.tools.appendingPathComponent("ttrss-seed.sh").path, folder.path, "\(port)"] + urls,
                                              environment: ProcessInfo.processInfo.environment, timeout: .seconds(120))
        guard seed.status == 0 else { throw ChildProcess.Failure(description: "ttrss-seed.sh failed: \(seed.errors)") }
    }

    /// Stops the web server only (the database stays): the server is "down".
    public func stopHTTP() async throws {
        _ = try await ChildProcess.run(["/bin/sh", "-c", "kill $(cat '\(folder.path)/http.pid') 2>/dev/null; sleep 0.3"],
                                       environment: ProcessInfo.processInfo.environment)
    }

    /// Starts the web server again, as ttrss-up.sh did.
    public func startHTTP() async throws {
        let www = folder.appendingPathComponent("root/usr/share/tt-rss/www").path
        let script = """
            cd '\(www)' || exit 1
            # On a line of its own: `cd && server &` would put the cd in the background too, and
            # $! would be that subshell's, not the server's.
            setpriv --reuid=nobody --regid=nogroup --clear-groups nohup '\(folder.path)/php' -S 127.0.0.1:\(port) -t . \
                >'\(folder.path)/http.log' 2>&1 </dev/null &
            echo $! > '\(folder.path)/http.pid'
            for i in $(seq 100); do curl -sf -o /dev/null -X POST http://127.0.0.1:\(port)/api/ -d '{"op":"getApiLevel"}' && exit 0; sleep 0.1; done; exit 1
            """
        let start = try await ChildProcess.run(["/bin/bash", "-c", script], environment: ProcessInfo.processInfo.environment)
        guard start.status == 0 else { throw ChildProcess.Failure(description: "tt-rss did not start again: \(start.errors)") }
    }

    /// Stops everything and removes the folder.
    public func stop() async {
        _ = try? await ChildProcess.run(["/bin/bash", Self.tools.appendingPathComponent("ttrss-down.sh").path, folder.path],
                                        environment: ProcessInfo.processInfo.environment)
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: The API, through curl

    /// One API call in a fresh session; the reply's `content`.
    public func call(_ op: String, _ parameters: [String: Any] = [:]) async throws -> Any {
        let sid = try await post(["op": "login", "user": Self.login, "password": Self.password])
        guard let session = (sid as? [String: Any])?["session_id"] as? String else {
            throw ChildProcess.Failure(description: "tt-rss login failed: \(sid)")
        }
        var body = parameters
        body["op"] = op
        body["sid"] = session
        return try await post(body)
    }

    private func post(_ body: [String: Any]) async throws -> Any {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let result = try await ChildProcess.run(["/usr/bin/curl", "-s", "-X", "POST", api, "--data-binary", "@-"],
                                                environment: ProcessInfo.processInfo.environment, input: .data(Data(json.utf8)))
        guard let reply = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any],
              reply["status"] as? Int == 0, let content = reply["content"] else {
            throw ChildProcess.Failure(description: "tt-rss \(body["op"] ?? "?") failed: \(result.output)")
        }
        return content
    }

    /// The ids of the headlines of a feed (-4 all, -1 starred) in a view (`all_articles`, `unread`).
    public func articleIDs(feed: Int = -4, view: String = "all_articles") async throws -> Set<Int> {
        let content = try await call("getHeadlines", ["feed_id": feed, "view_mode": view, "limit": 200])
        return Set(((content as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int })
    }

    public func unreadIDs() async throws -> Set<Int> { try await articleIDs(view: "unread") }
    public func starredIDs() async throws -> Set<Int> { try await articleIDs(feed: -1) }

    /// Sets an article's field on the server (2 unread, 0 starred).
    public func update(_ id: Int, field: Int, to value: Bool) async throws {
        _ = try await call("updateArticle", ["article_ids": "\(id)", "mode": value ? 1 : 0, "field": field])
    }

    /// A port free now on loopback (bound, then let go).
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ChildProcess.Failure(description: "no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ChildProcess.Failure(description: "cannot bind a port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
