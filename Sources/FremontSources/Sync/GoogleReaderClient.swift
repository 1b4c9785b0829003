import Foundation
import FremontCore
import Synchronization

/// The Google Reader API as FreshRSS (`…/api/greader.php`), Miniflux, Inoreader and The Old
/// Reader answer it: `accounts/ClientLogin` gives the Auth token every call carries
/// (`Authorization: GoogleLogin auth=…`), `reader/api/0/token` the write token each change
/// carries (`T=`). Each call is one request through the project's libcurl transfer (time limits,
/// a size cap, never redirected); a token refused (HTTP 401) is fetched again once.
///
/// The password travels in the login's body alone; the tokens in a header: neither in an
/// address, a message or a log line.
public final class GoogleReaderClient: Sendable {
    /// The API's base (`https://host/api/greader.php`), and the name messages give it.
    public let base: URL
    public let name: String
    /// `urls-source`'s name for this kind of server: messages name its settings by it.
    public let source: String
    private let login: String
    private let password: SyncPassword
    /// Inoreader's application id and key, sent with every call when given.
    private let application: (id: String, key: String)?
    private let fetcher: HTTPFetcher
    private let options: HTTPRequestOptions
    private let tokens = Mutex<(auth: String?, write: String?)>((nil, nil))
    private let calls = Mutex(0)

    /// An answer is a page of items at most: 16 MB is far beyond any.
    public static let maximumReplyBytes = 16 << 20
    /// Ids a listing page asks for, and ids a contents call asks for.
    public static let idsPageSize = 1_000
    public static let contentsPageSize = 250

    public init(base: URL, source: String, login: String, password: SyncPassword, application: (id: String, key: String)? = nil,
                fetcher: HTTPFetcher = HTTPFetcher(), timeout: TimeInterval = 30) {
        var trimmed = base.absoluteString
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.base = URL(string: trimmed) ?? base
        name = RedactedURL.text(self.base)
        self.source = source
        self.login = login
        self.password = password
        self.application = application
        self.fetcher = fetcher
        var options = HTTPRequestOptions()
        options.connectTimeout = min(10, timeout)
        options.timeout = timeout
        options.maximumBytes = Self.maximumReplyBytes
        self.options = options
    }

    public var callCount: Int { calls.withLock { $0 } }

    // MARK: The API

    /// Logs in (again): the Auth token for the calls that follow.
    @discardableResult
    public func logIn() throws(SyncError) -> String {
        let body = Self.form([("Email", login), ("Passwd", password.value)])
        // FreshRSS answers 400 to a user name it cannot have; others 401 or 403.
        let data = try request("accounts/ClientLogin", query: [], body: body, auth: nil, refusedLogin: [400, 401, 403])
        let text = String(decoding: data.prefix(8_192), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Auth=") {
            let token = String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            guard !token.isEmpty, token.utf8.count <= 1_024, !token.contains(where: { $0.isNewline }) else { break }
            tokens.withLock { $0 = (token, nil) }
            return token
        }
        throw SyncError(.junk, "\(name): ClientLogin's answer holds no Auth token")
    }

    /// The subscriptions, with their folders.
    public func subscriptions() throws(SyncError) -> [GoogleReaderSubscription] {
        let list: GoogleReaderWire.SubscriptionList = try decode("subscription/list", try get("subscription/list", []))
        return list.subscriptions.compactMap(\.value).map { wire in
            let labels = (wire.categories ?? []).compactMap(\.value).compactMap { category -> String? in
                if let label = category.label, !label.isEmpty { return label }
                guard let id = category.id, let range = id.range(of: "/label/") else { return nil }
                return String(id[range.upperBound...])
            }
            return GoogleReaderSubscription(stream: wire.id, title: wire.title ?? "", url: wire.url ?? wire.htmlUrl ?? "", labels: labels)
        }
    }

    /// The folders and labels (`tag/list`): their names.
    public func folders() throws(SyncError) -> Set<String> {
        let list: GoogleReaderWire.TagList = try decode("tag/list", try get("tag/list", []))
        return Set(list.tags.compactMap(\.value).compactMap { tag -> String? in
            guard tag.type == nil || tag.type == "folder", let range = tag.id.range(of: "/label/") else { return nil }
            return String(tag.id[range.upperBound...])
        })
    }

    /// One page of a stream's item ids, newest first (`s=`, less `xt=`), and the continuation.
    public func itemIDs(stream: String, excluding: String? = nil, count: Int = GoogleReaderClient.idsPageSize,
                       continuation: String? = nil) throws(SyncError) -> (ids: [String], continuation: String?) {
        var query = [("s", stream), ("n", String(min(count, Self.idsPageSize)))]
        if let excluding { query.append(("xt", excluding)) }
        if let continuation { query.append(("c", continuation)) }
        let page: GoogleReaderWire.ItemIDs = try decode("stream/items/ids", try get("stream/items/ids", query))
        let next = page.continuation?.value?.value
        return ((page.itemRefs ?? []).compactMap(\.value?.id), next?.isEmpty == false && next!.utf8.count <= 256 ? next : nil)
    }

    /// The items of these ids (the cache's form), whole.
    public func contents(_ ids: [String]) throws(SyncError) -> [GoogleReaderItem?] {
        let form = Self.form(ids.compactMap(GoogleReaderItemID.longForm).map { ("i", $0) })
        let contents: GoogleReaderWire.Contents = try decode("stream/items/contents",
                                                              try call("stream/items/contents", query: [("output", "json")], body: form))
        return contents.items.map { $0.value.flatMap(GoogleReaderItem.init) }
    }

    /// Adds (`a=`) or removes (`r=`) a state tag of the items: `…/read`, `…/starred`.
    public func editTag(_ ids: [String], tag: String, add: Bool) throws(SyncError) {
        let items = ids.compactMap(GoogleReaderItemID.longForm).map { ("i", $0) }
        try write("edit-tag", items + [(add ? "a" : "r", tag)])
    }

    /// Every item of the stream read, those older than `before` (`ts`: microseconds; The Old
    /// Reader's documentation says milliseconds).
    public func markAllAsRead(stream: String, before: Date) throws(SyncError) {
        let scale: Double = source == "oldreader" ? 1_000 : 1_000_000
        try write("mark-all-as-read", [("s", stream), ("ts", String(Int64(before.timeIntervalSince1970 * scale)))])
    }

    // MARK: Calls

    private func get(_ path: String, _ query: [(String, String)]) throws(SyncError) -> Data {
        try call(path, query: query + [("output", "json")], body: nil)
    }

    /// A change: the write token joins the form; the answer must be `OK`.
    private func write(_ path: String, _ form: [(String, String)]) throws(SyncError) {
        var retried = false
        while true {
            let token = try writeToken()
            do throws(SyncError) {
                let data = try call(path, query: [], body: Self.form(form + [("T", token)]), retry: false)
                let answer = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard answer == "OK" else { throw SyncError(.failing, "\(name): \(path) did not answer OK (a login page, a proxy's error?)") }
                return
            } catch where error.reason == .login && !retried {
                // The write token (or the Auth token) expired: fetch both again, once.
                retried = true
                tokens.withLock { $0 = (nil, nil) }
            }
        }
    }

    private func writeToken() throws(SyncError) -> String {
        if let token = tokens.withLock({ $0.write }) { return token }
        let data = try call("token", query: [], body: nil)
        let token = String(decoding: data.prefix(1_024), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: { $0.isNewline || $0 == "&" }) else {
            throw SyncError(.junk, "\(name): the write token's answer is not a token")
        }
        tokens.withLock { $0.write = token }
        return token
    }

    /// One call of `reader/api/0/…`, logged in first when there is no Auth token, and once again
    /// when the server refuses the one held (HTTP 401: it expired, the server restarted).
    private func call(_ path: String, query: [(String, String)], body: Data?, retry: Bool = true) throws(SyncError) -> Data {
        var retried = !retry
        while true {
            let auth: String
            if let held = tokens.withLock({ $0.auth }) { auth = held } else { auth = try logIn() }
            do throws(SyncError) {
                return try request("reader/api/0/" + path, query: query, body: body, auth: auth)
            } catch where error.reason == .login && !retried {
                retried = true
                tokens.withLock { $0 = (nil, nil) }
            }
        }
    }

    /// A GET (no body) or a form POST, the answer whole (bounded by the size cap).
    private func request(_ path: String, query: [(String, String)], body: Data?, auth: String?,
                         refusedLogin: Set<Int> = [401, 403]) throws(SyncError) -> Data {
        calls.withLock { $0 += 1 }
        var query = query
        if let application { query += [("AppId", application.id), ("AppKey", application.key)] }
        let text = base.absoluteString + "/" + path + (query.isEmpty ? "" : "?" + String(decoding: Self.form(query), as: UTF8.self))
        guard let url = URL(string: text) else { throw SyncError(.failing, "\(name): \(path): the address could not be made") }
        var options = self.options
        options.postBody = body
        options.postContentType = "application/x-www-form-urlencoded"
        options.authorization = auth.map { "GoogleLogin auth=\($0)" }
        let outcome: HTTPFetchOutcome
        do throws(LoadError) {
            // Named without the query: it may carry Inoreader's key.
            outcome = try fetcher.fetch(url, name: "\(name)/\(path)", options: options)
        } catch {
            throw failure(error, refusedLogin: refusedLogin)
        }
        guard case .body(let source, _) = outcome else {
            throw SyncError(.failing, "\(name): answered 304 Not Modified to an API call")
        }
        var data = Data()
        do throws(LoadError) {
            try source.open().forEachChunk { chunk in data.append(chunk) }
        } catch {
            throw failure(error)
        }
        return data
    }

    private func decode<Content: Decodable>(_ what: String, _ data: Data) throws(SyncError) -> Content {
        do {
            return try JSONDecoder().decode(Content.self, from: data)
        } catch {
            // The body is never repeated: it may echo what was sent.
            throw SyncError(.failing, "\(name): \(what)'s answer is not the Google Reader API's JSON (a login page, a proxy's error?)")
        }
    }

    /// Whatever the HTTP layer failed with, the API refused no change: the Google Reader API has
    /// no answer refusing one change (an edit answers `OK` or an HTTP error), so no answer of the
    /// server drops a change queued here.
    private func failure(_ error: LoadError, refusedLogin: Set<Int> = [401, 403]) -> SyncError {
        if case .httpStatus(let status) = error.kind, refusedLogin.contains(status) {
            return SyncError(.login, "\(error.description): check \(source)-login and the password")
        }
        switch HTTPFailureClass(error) {
        case .unreachable, .cancelled: return SyncError(.unreachable, error.description)
        case .credentials: return SyncError(.login, "\(error.description): check \(source)-login and the password")
        case .failing, .refused, .tooLarge, .local: return SyncError(.failing, error.description)
        }
    }

    /// `application/x-www-form-urlencoded`: everything but letters, digits and `-._~` escaped.
    static func form(_ pairs: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        let text = pairs.map { key, value in
            (key.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return Data(text.utf8)
    }
}
