import Foundation
import FremontCore

/// Where the feed list comes from and how to reach a sync service, with newsboat's names:
/// `urls-source` (`local`, the feeds file, or `ttrss`), `ttrss-url`, `ttrss-login`, the password
/// as `ttrss-password`, `ttrss-passwordfile` (its first line) or `ttrss-passwordeval` (a
/// command's first line of output, run without a shell), `ttrss-min-items` and `ttrss-flag-star`.
public struct SyncSettings: Sendable, Equatable {
    public enum Source: String, Sendable, Equatable {
        case local, ttrss
    }

    public var source = Source.local
    public var ttrssURL: URL?
    public var ttrssLogin: String?
    /// Compared by whether one is set: the value is never looked at but to send it.
    public var ttrssPassword: SyncPassword?
    public var ttrssPasswordFile: String?
    public var ttrssPasswordEval: String?
    /// New articles a sync takes per feed subscribed, at most (newsboat's name).
    public var ttrssMinItems = SyncSettings.defaultMinItems
    /// newsboat's flag letter for starred articles; here the star is the star, whatever the letter.
    public var ttrssFlagStar: String?

    public static let defaultMinItems = 100

    public init() {}

    /// The keys this reads, as the config file names them.
    public static let keys: Set<String> = ["urls-source", "ttrss-url", "ttrss-login", "ttrss-password", "ttrss-passwordfile",
                                           "ttrss-passwordeval", "ttrss-min-items", "ttrss-flag-star"]

    public static func == (lhs: SyncSettings, rhs: SyncSettings) -> Bool {
        lhs.source == rhs.source && lhs.ttrssURL == rhs.ttrssURL && lhs.ttrssLogin == rhs.ttrssLogin
            && (lhs.ttrssPassword == nil) == (rhs.ttrssPassword == nil) && lhs.ttrssPasswordFile == rhs.ttrssPasswordFile
            && lhs.ttrssPasswordEval == rhs.ttrssPasswordEval && lhs.ttrssMinItems == rhs.ttrssMinItems
            && lhs.ttrssFlagStar == rhs.ttrssFlagStar
    }

    /// Takes one config line's key and value; a warning for a value that cannot be used (never
    /// repeating a password).
    public mutating func apply(key: String, value raw: String, at location: SourceLocation) -> ParseWarning? {
        // newsboat quotes values: `urls-source "ttrss"`.
        var value = raw
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        func warning(_ message: String) -> ParseWarning { ParseWarning(message, at: location) }
        let shown = "'\(TerminalSafeText.singleLine(String(value.prefix(80))))'"
        switch key {
        case "urls-source":
            guard let source = Source(rawValue: value.lowercased()) else {
                return warning("urls-source must be local or ttrss (the Google Reader backends are not done yet), not \(shown); ignored")
            }
            self.source = source
        case "ttrss-url":
            guard case .url(let url)? = try? SourceLocator(value) else {
                return warning("ttrss-url must be an http or https address, not \(shown); ignored")
            }
            ttrssURL = url
        case "ttrss-login":
            ttrssLogin = value
        case "ttrss-password":
            ttrssPassword = SyncPassword(value)
        case "ttrss-passwordfile":
            ttrssPasswordFile = value
        case "ttrss-passwordeval":
            ttrssPasswordEval = value
        case "ttrss-min-items":
            guard let count = Int(value), (1...100_000).contains(count) else {
                return warning("ttrss-min-items must be a whole number from 1 to 100000, not \(shown); ignored")
            }
            ttrssMinItems = count
        case "ttrss-flag-star":
            guard value.count == 1, value.first?.isLetter == true else {
                return warning("ttrss-flag-star must be one letter, not \(shown); ignored")
            }
            ttrssFlagStar = value
        default:
            return warning("unknown setting '\(TerminalSafeText.singleLine(key))'; ignored")
        }
        return nil
    }

    /// The Tiny Tiny RSS account, or why it cannot be used (a setting missing, the password not
    /// to be had); nil when the feed list is the local one.
    public func ttrssAccount() throws(TTRSSError) -> (url: URL, login: String, password: SyncPassword)? {
        guard source == .ttrss else { return nil }
        guard let url = ttrssURL else { throw TTRSSError(.login, "urls-source is ttrss but the config has no ttrss-url") }
        guard let login = ttrssLogin, !login.isEmpty else { throw TTRSSError(.login, "urls-source is ttrss but the config has no ttrss-login") }
        return (url, login, try password())
    }

    /// The password: given, read from a file, or a command's output.
    func password() throws(TTRSSError) -> SyncPassword {
        if let password = ttrssPassword { return password }
        if let path = ttrssPasswordFile {
            let expanded = (path as NSString).expandingTildeInPath
            guard let handle = FileHandle(forReadingAtPath: expanded) else {
                throw TTRSSError(.login, "ttrss-passwordfile: cannot read \(TerminalSafeText.singleLine(expanded))")
            }
            defer { try? handle.close() }
            let data = (try? handle.read(upToCount: Self.maximumPasswordBytes)) ?? Data()
            return try Self.firstLine(data, what: "ttrss-passwordfile \(TerminalSafeText.singleLine(expanded))")
        }
        if let command = ttrssPasswordEval {
            return try PasswordCommand.run(command, what: "ttrss-passwordeval")
        }
        throw TTRSSError(.login, "urls-source is ttrss but the config gives no ttrss-password, ttrss-passwordfile or ttrss-passwordeval")
    }

    static let maximumPasswordBytes = 4_096

    static func firstLine(_ data: Data, what: String) throws(TTRSSError) -> SyncPassword {
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw TTRSSError(.login, "\(what) gives no password (its first line is empty)") }
        return SyncPassword(password)
    }
}
