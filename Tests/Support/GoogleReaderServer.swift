import FlyingFox
import Foundation
import Synchronization

/// A Google Reader API server on loopback as FreshRSS's `docs/en/developers/06_GoogleReader_API.md`
/// and its `greader.php` answer it, under `/api/greader.php`: `accounts/ClientLogin` (Auth
/// `alice/<40 hex>`, 401 `Unauthorized!` to a wrong password), `reader/api/0/token` (40 hex padded
/// to 57 with `Z`), `subscription/list`, `tag/list`, `stream/items/ids` (`s=`, `xt=`, `n=`,
/// continuation `c=`, the short ids in decimal), `stream/items/contents` (`i=` in either form, the
/// long `tag:google.com,2005:reader/item/<16 hex>` given back), `edit-tag` (`a=`/`r=` read and
/// starred, the write token checked) and `mark-all-as-read` (`s=feed/N`, `ts=` µs). Entry ids are
/// FreshRSS's: microseconds since 1970 when the entry came.
///
/// The state is the test's to read and change (`entries`, `mark`), every change a client made is
/// logged (`edits`), and the server can go down and come back on the same port (`stop`, `start`).
public final class GoogleReaderServer: Sendable {
    public static let login = "alice"
    public static let password = "Abcdef123456"
    public static let base = "/api/greader.php"

    public struct Feed: Sendable, Equatable {
        public var id: Int
        public var title: String
        public var url: String
        public var category: String
    }

    public struct Entry: Sendable, Equatable {
        public var id: Int64
        public var feed: Int
        public var title: String
        public var content: String
        public var link: String
        public var published: Int
        public var read = false
        public var starred = false
    }

    /// A change a client made: `edit-tag` (`a`/`r` and the tag) or `mark-all-as-read`, per id.
    public struct Edit: Sendable, Equatable, Hashable {
        public var action: String
        public var id: Int64
    }

    private struct State {
        var feeds: [Feed] = []
        var entries: [Int64: Entry] = [:]
        var edits: [Edit] = []
        var nextID: Int64 = 1_700_000_000_000_000
        var auth = "alice/" + GoogleReaderServer.hex(40)
        var token = ""
        /// An answer to give instead of the next ones, for a server gone wrong.
        var junk: (@Sendable (String) -> HTTPResponse?)?
    }

    private let state = Mutex(State())
    private let server = Mutex<LoopbackServer?>(nil)
    public private(set) var port: UInt16 {
        get { portValue.withLock { $0 } }
        set { portValue.withLock { $0 = newValue } }
    }
    private let portValue = Mutex<UInt16>(0)

    public init() {
        state.withLock { $0.token = String($0.auth.dropFirst(6)) + String(repeating: "Z", count: 17) }
    }

    /// The address to give `freshrss-url`.
    public var url: String { "http://127.0.0.1:\(port)\(Self.base)" }

    /// Starts (again, on the same port once it had one).
    public func start() async throws {
        let loopback = try await LoopbackServer.start(port: port)
        port = loopback.port
        await loopback.route("\(Self.base)/*") { [self] request in try await answer(request) }
        server.withLock { $0 = loopback }
    }

    /// Stops: connections are refused until `start`.
    public func stop() async {
        guard let loopback = server.withLock({ value -> LoopbackServer? in defer { value = nil }; return value }) else { return }
        await loopback.stop()
    }

    // MARK: The test's side

    /// Subscribes to a feed with `count` entries, the newest last; returns the feed's id.
    @discardableResult
    public func subscribe(title: String, url: String, category: String, entries count: Int) -> Int {
        state.withLock { state in
            let id = (state.feeds.map(\.id).max() ?? 0) + 1
            state.feeds.append(Feed(id: id, title: title, url: url, category: category))
            for index in 0..<count {
                state.nextID += 1_000
                state.entries[state.nextID] = Entry(id: state.nextID, feed: id, title: "\(title) item \(index + 1)",
                                                    content: "<p>Entry \(index + 1) of \(title) &amp; more</p>",
                                                    link: "https://example.com/\(id)/\(index + 1)", published: 1_700_000_000 + index)
            }
            return id
        }
    }

    /// Adds entries to a feed (they came in just now).
    public func add(feed: Int, count: Int) {
        state.withLock { state in
            for index in 0..<count {
                state.nextID += 1_000
                state.entries[state.nextID] = Entry(id: state.nextID, feed: feed, title: "New \(index + 1) of feed \(feed)", content: "new",
                                                    link: "https://example.com/new/\(state.nextID)", published: 1_800_000_000 + index)
            }
        }
    }

    public var entries: [Entry] { state.withLock { $0.entries.values.sorted { $0.id < $1.id } } }
    public var edits: [Edit] { state.withLock { $0.edits } }
    public var readIDs: Set<Int64> { Set(entries.filter(\.read).map(\.id)) }
    public var starredIDs: Set<Int64> { Set(entries.filter(\.starred).map(\.id)) }

    /// Marks on the server's side, as another device would.
    public func mark(_ id: Int64, read: Bool? = nil, starred: Bool? = nil) {
        state.withLock { state in
            if let read { state.entries[id]?.read = read }
            if let starred { state.entries[id]?.starred = starred }
        }
    }

    /// From now on, `answer` answers the API calls it gives a response for (by path after `reader/api/0/`).
    public func misbehave(_ answer: (@Sendable (String) -> HTTPResponse?)?) {
        state.withLock { $0.junk = answer }
    }

    /// Makes every Auth and write token held by a client stale (as a password change would).
    public func rotateTokens() {
        state.withLock { state in
            state.auth = "alice/" + Self.hex(40)
            state.token = String(state.auth.dropFirst(6)) + String(repeating: "Z", count: 17)
        }
    }

    // MARK: The API

    static func hex(_ count: Int) -> String {
        String((0..<count).map { _ in "0123456789abcdef".randomElement()! })
    }

    static func longID(_ id: Int64) -> String {
        let digits = String(UInt64(bitPattern: id), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `i=` in either form, as greader.php reads it.
    static func entryID(_ text: String) -> Int64? {
        if let slash = text.lastIndex(of: "/") { return UInt64(text[text.index(after: slash)...], radix: 16).map { Int64(bitPattern: $0) } }
        return Int64(text)
    }

    /// The form's pairs, repeated names kept (`i=` many times).
    static func pairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String { part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private static func text(_ status: HTTPStatusCode, _ body: String, headers: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var all = headers
        all[.contentType] = "text/plain; charset=UTF-8"
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(all), body: Data(body.utf8))
    }

    private static func json(_ value: Any) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes])) ?? Data()
        return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "application/json; charset=UTF-8"]), body: data)
    }

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = String(request.path.dropFirst(Self.base.count + 1))
        let body = String(decoding: try await request.bodyData, as: UTF8.self)
        let form = request.query.map { ($0.name, $0.value) } + Self.pairs(body)
        func value(_ name: String) -> String? { form.first { $0.0 == name }?.1 }
        func values(_ name: String) -> [String] { form.filter { $0.0 == name }.map(\.1) }

        if path == "accounts/ClientLogin" {
            guard value("Email") == Self.login, value("Passwd") == Self.password else {
                return Self.text(.unauthorized, "Unauthorized!", headers: [HTTPHeader("Google-Bad-Token"): "true"])
            }
            let auth = state.withLock { $0.auth }
            return Self.text(.ok, "SID=\(auth)\nLSID=null\nAuth=\(auth)\n")
        }
        guard path.hasPrefix("reader/api/0/") else { return Self.text(.badRequest, "Bad Request!") }
        let call = String(path.dropFirst("reader/api/0/".count))
        let header = request.headers[HTTPHeader("Authorization")] ?? ""
        let (auth, token, junk) = state.withLock { ($0.auth, $0.token, $0.junk) }
        guard header == "GoogleLogin auth=\(auth)" else {
            return Self.text(.unauthorized, "Unauthorized!", headers: [HTTPHeader("Google-Bad-Token"): "true"])
        }
        if let junk, let response = junk(call) { return response }
        switch call {
        case "token":
            return Self.text(.ok, token + "\n")
        case "subscription/list":
            let feeds = state.withLock { $0.feeds }
            return Self.json(["subscriptions": feeds.map { feed in
                ["id": "feed/\(feed.id)", "title": feed.title, "url": feed.url, "htmlUrl": "https://example.com/\(feed.id)",
                 "iconUrl": "", "categories": [["id": "user/-/label/\(feed.category)", "label": feed.category]]] as [String: Any]
            }])
        case "tag/list":
            let categories = Set(state.withLock { $0.feeds.map(\.category) }).sorted()
            return Self.json(["tags": [["id": "user/-/state/com.google/starred"]] + categories.map { ["id": "user/-/label/\($0)", "type": "folder"] }])
        case "stream/items/ids":
            let count = value("n").flatMap(Int.init) ?? 20
            let stream = value("s") ?? ""
            let continuation = value("c").flatMap(Int64.init)
            var listed = entries.reversed().filter { entry in
                switch stream {
                case "user/-/state/com.google/reading-list": return true
                case "user/-/state/com.google/starred": return entry.starred
                default: return stream == "feed/\(entry.feed)"
                }
            }
            if value("xt") == "user/-/state/com.google/read" { listed = listed.filter { !$0.read } }
            if let continuation { listed = listed.filter { $0.id < continuation } }
            let page = listed.prefix(count)
            var reply: [String: Any] = ["itemRefs": page.map { ["id": String($0.id)] }]
            if page.count >= count, let last = page.last { reply["continuation"] = String(last.id) }
            return Self.json(reply)
        case "stream/items/contents":
            let wanted = values("i").compactMap(Self.entryID)
            let (all, feeds) = state.withLock { state in (state.entries, Dictionary(state.feeds.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })) }
            let items: [[String: Any]] = wanted.compactMap { all[$0] }.map { entry in
                let feed = feeds[entry.feed]
                var categories = ["user/-/state/com.google/reading-list", "user/-/label/\(feed?.category ?? "_")"]
                if entry.read { categories.append("user/-/state/com.google/read") }
                if entry.starred { categories.append("user/-/state/com.google/starred") }
                return ["id": Self.longID(entry.id), "crawlTimeMsec": String(entry.id / 1_000), "timestampUsec": String(entry.id),
                        "published": entry.published, "title": entry.title, "summary": ["content": entry.content],
                        "alternate": [["href": entry.link]], "categories": categories,
                        "origin": ["streamId": "feed/\(entry.feed)", "title": feed?.title ?? "_"], "author": "Alice &amp; Bob"]
            }
            return Self.json(["id": "user/-/state/com.google/reading-list", "updated": Int(Date().timeIntervalSince1970), "items": items])
        case "edit-tag", "mark-all-as-read":
            guard request.method == .POST, value("T") == token else {
                return Self.text(.unauthorized, "Unauthorized!", headers: [HTTPHeader("Google-Bad-Token"): "true"])
            }
            state.withLock { state in
                if call == "mark-all-as-read" {
                    let stream = value("s") ?? ""
                    let before = value("ts").flatMap(Int64.init) ?? Int64.max
                    for (id, entry) in state.entries where "feed/\(entry.feed)" == stream && id < before && !entry.read {
                        state.entries[id]?.read = true
                        state.edits.append(Edit(action: "mark-all-as-read", id: id))
                    }
                    return
                }
                for id in values("i").compactMap(Self.entryID) where state.entries[id] != nil {
                    for (name, field) in [("a", true), ("r", false)] {
                        guard let tag = value(name) else { continue }
                        if tag == "user/-/state/com.google/read" { state.entries[id]?.read = field }
                        if tag == "user/-/state/com.google/starred" { state.entries[id]?.starred = field }
                        state.edits.append(Edit(action: "\(name)=\(tag.split(separator: "/").last ?? "")", id: id))
                    }
                }
            }
            return Self.text(.ok, "OK")
        default:
            return Self.text(.badRequest, "Bad Request!")
        }
    }
}
