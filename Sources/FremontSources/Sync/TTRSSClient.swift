import Foundation
import FremontCore
import Synchronization

/// Tiny Tiny RSS's JSON API (`POST /api/`), as newsboat's `ttrss` backend speaks it: `login` for a
/// session id, `getCategories` and `getFeeds`, `getHeadlines` paged with `since_id`,
/// `updateArticle` and `catchupFeed`. Each call is one request through the project's libcurl
/// transfer (time limits, a size cap); a session that expired is logged into again once.
///
/// The password travels in the login's body alone: never in an address, a message or a log line.
public final class TTRSSClient: Sendable {
    /// The API's address (`…/api/`), and the name messages give it (no user part).
    public let endpoint: URL
    public let name: String
    private let login: String
    private let password: SyncPassword
    private let fetcher: HTTPFetcher
    private let options: HTTPRequestOptions
    private let session = Mutex<String?>(nil)
    /// Calls made, for `fremont sync`'s report and the tests.
    private let calls = Mutex(0)

    /// An API answer is JSON of a page of headlines at most: 16 MB is far beyond any.
    public static let maximumReplyBytes = 16 << 20
    /// tt-rss gives at most 200 headlines a call.
    public static let pageSize = 200

    /// `url` is the server's address as `ttrss-url` gives it (`https://host/tt-rss/`); the API
    /// is `api/` under it.
    public init(url: URL, login: String, password: SyncPassword, fetcher: HTTPFetcher = HTTPFetcher(),
                timeout: TimeInterval = 30) {
        endpoint = url.path.hasSuffix("/api") || url.path.hasSuffix("/api/")
            ? url : url.appendingPathComponent("api", isDirectory: true)
        name = RedactedURL.text(endpoint)
        self.login = login
        self.password = password
        self.fetcher = fetcher
        var options = HTTPRequestOptions()
        options.connectTimeout = min(10, timeout)
        options.timeout = timeout
        options.maximumBytes = Self.maximumReplyBytes
        self.options = options
    }

    public var callCount: Int { calls.withLock { $0 } }

    // MARK: The API

    /// Logs in (again), keeping the session id for the calls that follow.
    @discardableResult
    public func logIn() throws(TTRSSError) -> String {
        let data = try post(["op": "login", "user": login, "password": password.value])
        let reply: TTRSSWire.Login = try decode("login", data)
        session.withLock { $0 = reply.session_id }
        return reply.session_id
    }

    public func categories() throws(TTRSSError) -> [TTRSSCategory] {
        let wire: [TTRSSWire.Category] = try call("getCategories", ["include_empty": true])
        return wire.map { TTRSSCategory(id: $0.id.value, title: $0.title?.value ?? "") }
    }

    /// Every feed subscribed to (`cat_id` -3: all of them, without the virtual ones).
    public func feeds() throws(TTRSSError) -> [TTRSSFeed] {
        let wire: [TTRSSWire.Feed] = try call("getFeeds", ["cat_id": -3])
        return wire.compactMap { feed in
            guard feed.id.value > 0 else { return nil }
            return TTRSSFeed(id: feed.id.value, title: feed.title?.value ?? "", feedURL: feed.feed_url?.value ?? "",
                             categoryID: feed.cat_id?.value ?? 0)
        }
    }

    /// What a headline query asks for.
    public enum View: String, Sendable {
        case all = "all_articles", unread, marked
    }

    /// One page of headlines: of a feed (or -4, all of them), newer than `sinceID`, from `skip`.
    public func headlines(feed: Int, view: View = .all, sinceID: Int = 0, skip: Int = 0, limit: Int = TTRSSClient.pageSize,
                          withContent: Bool = true) throws(TTRSSError) -> [TTRSSHeadline] {
        var parameters: [String: Any] = ["feed_id": feed, "view_mode": view.rawValue, "limit": min(limit, Self.pageSize),
                                         "skip": skip, "show_content": withContent, "include_attachments": withContent,
                                         "show_excerpt": false]
        if sinceID > 0 { parameters["since_id"] = sinceID }
        let wire: [TTRSSWire.Headline] = try call("getHeadlines", parameters)
        return wire.map(TTRSSHeadline.init)
    }

    public enum Field: Int, Sendable {
        case starred = 0
        case unread = 2
    }

    /// Sets a field of the articles to `value`; returns how many the server changed (articles it
    /// does not have are not counted).
    @discardableResult
    public func updateArticles(_ ids: [Int], field: Field, value: Bool) throws(TTRSSError) -> Int {
        let reply: TTRSSWire.Updated = try call("updateArticle", ["article_ids": ids.map(String.init).joined(separator: ","),
                                                                  "mode": value ? 1 : 0, "field": field.rawValue])
        return reply.updated?.value ?? 0
    }

    /// Each feed's count of unread and of starred articles (`getCounters`), by feed id: one cheap
    /// call that says which feeds' state changed.
    public func counters() throws(TTRSSError) -> [Int: (unread: Int, starred: Int)] {
        let wire: [TTRSSWire.Counter] = try call("getCounters", ["output_mode": "f"])
        var counts: [Int: (unread: Int, starred: Int)] = [:]
        for counter in wire where counter.kind == nil {
            guard let id = counter.id, id > 0 else { continue }
            counts[id] = (counter.counter ?? 0, counter.markedcounter ?? 0)
        }
        return counts
    }

    /// Marks every article of a feed read.
    public func catchUp(feed: Int) throws(TTRSSError) {
        let _: TTRSSWire.Text = try call("catchupFeed", ["feed_id": feed, "is_cat": false])
    }

    // MARK: Calls

    /// One API call in the session, logged in first when there is none, and once again when the
    /// server says the session ended.
    private func call<Content: Decodable>(_ op: String, _ parameters: [String: Any]) throws(TTRSSError) -> Content {
        var retried = false
        while true {
            let sid: String
            if let current = session.withLock({ $0 }) { sid = current } else { sid = try logIn() }
            var body = parameters
            body["op"] = op
            body["sid"] = sid
            let data = try post(body)
            do {
                return try decode(op, data)
            } catch let error where error.reason == .login && !retried && op != "login" && error.description.contains("NOT_LOGGED_IN") {
                // The session ended (the server restarted, it timed out): log in once more.
                retried = true
                session.withLock { $0 = nil }
            }
        }
    }

    /// An answer's content, or the error it carries. Only what was asked is decoded: the body is
    /// never repeated in a message (it may echo what was sent).
    private func decode<Content: Decodable>(_ op: String, _ data: Data) throws(TTRSSError) -> Content {
        guard let status = try? JSONDecoder().decode(TTRSSWire.Status.self, from: data) else {
            throw TTRSSError(.failing, "\(name): \(op)'s answer is not tt-rss's JSON (a login page, a proxy's error?)")
        }
        if status.status != 0 {
            let error = (try? JSONDecoder().decode(TTRSSWire.Failure.self, from: data))?.content?.error ?? "an error"
            throw Self.refusal(op, error, name: name)
        }
        do {
            return try JSONDecoder().decode(TTRSSWire.Reply<Content>.self, from: data).content
        } catch {
            throw TTRSSError(.junk, "\(name): \(op)'s answer is not of the shape tt-rss gives (\(Self.describe(error)))")
        }
    }

    private static func refusal(_ op: String, _ error: String, name: String) -> TTRSSError {
        let said = TerminalSafeText.singleLine(String(error.prefix(100)))
        switch error {
        case "LOGIN_ERROR", "NOT_LOGGED_IN":
            return TTRSSError(.login, "\(name): the login was refused (\(said)); check ttrss-login and the password")
        case "API_DISABLED":
            return TTRSSError(.login, "\(name): the account does not allow API access (\(said)); enable it in tt-rss's preferences")
        default:
            return TTRSSError(.refused, "\(name): \(op) was refused (\(said))")
        }
    }

    /// POSTs `body` as JSON and returns the answer whole (bounded by the size cap).
    private func post(_ body: [String: Any]) throws(TTRSSError) -> Data {
        calls.withLock { $0 += 1 }
        var options = self.options
        do {
            options.postBody = try JSONSerialization.data(withJSONObject: body)
        } catch {
            throw TTRSSError(.failing, "\(name): the request could not be written")
        }
        let outcome: HTTPFetchOutcome
        do throws(LoadError) {
            outcome = try fetcher.fetch(endpoint, name: name, options: options)
        } catch {
            throw Self.failure(error)
        }
        guard case .body(let source, _) = outcome else {
            throw TTRSSError(.failing, "\(name): answered 304 Not Modified to an API call")
        }
        var data = Data()
        do throws(LoadError) {
            try source.open().forEachChunk { chunk in data.append(chunk) }
        } catch {
            throw Self.failure(error)
        }
        return data
    }

    /// Whatever the HTTP layer failed with, the API refused nothing: only `decode` reads a refusal.
    private static func failure(_ error: LoadError) -> TTRSSError {
        switch HTTPFailureClass(error) {
        case .unreachable, .cancelled:
            return TTRSSError(.unreachable, error.description)
        case .credentials:
            return TTRSSError(.login, "\(error.description): check ttrss-login and the password")
        case .failing, .refused, .tooLarge, .local:
            return TTRSSError(.failing, error.description)
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable" }
        switch error {
        case .keyNotFound(let key, _): return "no '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "unreadable" : "unreadable '\(path)'"
        @unknown default: return "unreadable"
        }
    }
}
