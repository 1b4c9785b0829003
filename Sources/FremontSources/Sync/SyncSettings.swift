import Foundation
import FremontCore

/// Where the feed list comes from and how to reach a sync service, with newsboat's names:
/// `urls-source` (`local`, the feeds file; `ttrss`; or a Google Reader API server: `freshrss`,
/// `miniflux`, `inoreader`, `oldreader`), and for each service `NAME-url`, `NAME-login`, the
/// password as `NAME-password`, `NAME-passwordfile` (its first line) or `NAME-passwordeval` (a
/// command's first line of output, run without a shell), `NAME-min-items` and `NAME-flag-star`.
public struct SyncSettings: Sendable, Equatable {
    public enum Source: String, Sendable, Equatable, CaseIterable {
        case local, ttrss, freshrss, miniflux, inoreader, oldreader

        /// Whether it speaks the Google Reader API.
        public var isGoogleReader: Bool { self != .local && self != .ttrss }

        /// Where the service is when the config does not say (the hosted ones).
        var defaultURL: URL? {
            switch self {
            case .inoreader: return URL(string: "https://www.inoreader.com")
            case .oldreader: return URL(string: "https://theoldreader.com")
            default: return nil
            }
        }

        /// newsboat's default of `NAME-min-items` (fremont's own for tt-rss, which newsboat lacks).
        var defaultMinItems: Int {
            switch self {
            case .freshrss, .inoreader, .oldreader: return 20
            default: return SyncSettings.defaultMinItems
            }
        }
    }

    /// One service's settings.
    public struct Account: Sendable, Equatable {
        public var url: URL?
        public var login: String?
        /// Compared by whether one is set: the value is never looked at but to send it.
        public var password: SyncPassword?
        public var passwordFile: String?
        public var passwordEval: String?
        /// New articles a sync takes per feed subscribed, at most (newsboat's name).
        public var minItems: Int
        /// newsboat's flag letter for starred articles; here the star is the star, whatever the letter.
        public var flagStar: String?
        /// Inoreader's application id and key (`inoreader-app-id`, `inoreader-app-key`).
        public var appID: String?
        public var appKey: String?

        init(minItems: Int) {
            self.minItems = minItems
        }

        public static func == (lhs: Account, rhs: Account) -> Bool {
            lhs.url == rhs.url && lhs.login == rhs.login && (lhs.password == nil) == (rhs.password == nil)
                && lhs.passwordFile == rhs.passwordFile && lhs.passwordEval == rhs.passwordEval && lhs.minItems == rhs.minItems
                && lhs.flagStar == rhs.flagStar && lhs.appID == rhs.appID && (lhs.appKey == nil) == (rhs.appKey == nil)
        }
    }

    public var source = Source.local
    private var accounts: [Source: Account] = [:]

    public static let defaultMinItems = 100

    public init() {}

    public func account(_ source: Source) -> Account {
        accounts[source] ?? Account(minItems: source.defaultMinItems)
    }

    /// The settings' last words, as the config file names them.
    static let suffixes = ["url", "login", "password", "passwordfile", "passwordeval", "min-items", "flag-star"]
    /// newsboat's keys of these services that change nothing here (they are taken silently).
    static let accepted: Set<String> = ["ttrss-flag-publish", "ttrss-mode", "freshrss-show-special-feeds", "miniflux-show-special-feeds",
                                        "inoreader-show-special-feeds", "oldreader-show-special-feeds", "inoreader-flag-share",
                                        "oldreader-flag-share"]

    /// The keys this reads, as the config file names them.
    public static let keys: Set<String> = {
        var keys: Set<String> = ["urls-source", "inoreader-app-id", "inoreader-app-key"]
        for source in Source.allCases where source != .local {
            for suffix in suffixes { keys.insert("\(source.rawValue)-\(suffix)") }
        }
        return keys.union(accepted)
    }()

    // Kept for the callers that knew tt-rss alone.
    public var ttrssMinItems: Int { account(.ttrss).minItems }

    /// Takes one config line's key and value; a warning for a value that cannot be used (never
    /// repeating a password).
    public mutating func apply(key: String, value raw: String, at location: SourceLocation) -> ParseWarning? {
        // newsboat quotes values: `urls-source "ttrss"`.
        var value = raw
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        func warning(_ message: String) -> ParseWarning { ParseWarning(message, at: location) }
        let shown = "'\(TerminalSafeText.singleLine(String(value.prefix(80))))'"
        if key == "urls-source" {
            guard let source = Source(rawValue: value.lowercased()) else {
                let names = Source.allCases.map(\.rawValue).joined(separator: ", ")
                return warning("urls-source must be one of \(names), not \(shown); ignored")
            }
            self.source = source
            return nil
        }
        if Self.accepted.contains(key) { return nil }
        guard let dash = key.firstIndex(of: "-"), let service = Source(rawValue: String(key[..<dash])), service != .local else {
            return warning("unknown setting '\(TerminalSafeText.singleLine(key))'; ignored")
        }
        var account = self.account(service)
        switch key[key.index(after: dash)...] {
        case "url":
            guard case .url(let url)? = try? SourceLocator(value) else {
                return warning("\(key) must be an http or https address, not \(shown); ignored")
            }
            account.url = url
        case "login":
            account.login = value
        case "password":
            account.password = SyncPassword(value)
        case "passwordfile":
            account.passwordFile = value
        case "passwordeval":
            account.passwordEval = value
        case "min-items":
            guard let count = Int(value), (1...100_000).contains(count) else {
                return warning("\(key) must be a whole number from 1 to 100000, not \(shown); ignored")
            }
            account.minItems = count
        case "flag-star":
            guard value.count == 1, value.first?.isLetter == true else {
                return warning("\(key) must be one letter, not \(shown); ignored")
            }
            account.flagStar = value
        case "app-id" where service == .inoreader:
            account.appID = value
        case "app-key" where service == .inoreader:
            // Secret like a password: never repeated.
            account.appKey = value
        default:
            return warning("unknown setting '\(TerminalSafeText.singleLine(key))'; ignored")
        }
        accounts[service] = account
        return nil
    }

    /// The account of the configured service, or why it cannot be used (a setting missing, the
    /// password not to be had); nil when the feed list is the local one.
    public func activeAccount() throws(SyncError) -> (source: Source, url: URL, login: String, password: SyncPassword, account: Account)? {
        guard source != .local else { return nil }
        let account = account(source)
        let name = source.rawValue
        guard let url = account.url ?? source.defaultURL else {
            throw SyncError(.login, "urls-source is \(name) but the config has no \(name)-url")
        }
        guard let login = account.login, !login.isEmpty else {
            throw SyncError(.login, "urls-source is \(name) but the config has no \(name)-login")
        }
        return (source, url, login, try password(of: account, name: name), account)
    }

    /// The Tiny Tiny RSS account, or why it cannot be used; nil when the source is another.
    public func ttrssAccount() throws(SyncError) -> (url: URL, login: String, password: SyncPassword)? {
        guard source == .ttrss, let active = try activeAccount() else { return nil }
        return (active.url, active.login, active.password)
    }

    /// The password: given, read from a file, or a command's output.
    func password(of account: Account, name: String) throws(SyncError) -> SyncPassword {
        if let password = account.password { return password }
        if let path = account.passwordFile {
            let expanded = FremontDirectories.expandingTilde(path)
            guard let handle = FileHandle(forReadingAtPath: expanded) else {
                throw SyncError(.login, "\(name)-passwordfile: cannot read \(TerminalSafeText.singleLine(expanded))")
            }
            defer { try? handle.close() }
            let data = (try? handle.read(upToCount: Self.maximumPasswordBytes)) ?? Data()
            return try Self.firstLine(data, what: "\(name)-passwordfile \(TerminalSafeText.singleLine(expanded))")
        }
        if let command = account.passwordEval {
            return try PasswordCommand.run(command, what: "\(name)-passwordeval")
        }
        throw SyncError(.login, "urls-source is \(name) but the config gives no \(name)-password, \(name)-passwordfile or \(name)-passwordeval")
    }

    static let maximumPasswordBytes = 4_096

    static func firstLine(_ data: Data, what: String) throws(SyncError) -> SyncPassword {
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw SyncError(.login, "\(what) gives no password (its first line is empty)") }
        return SyncPassword(password)
    }
}
