import Foundation

/// An address as it may be shown, logged or used as a cache key: a password in it
/// (`https://user:secret@host/…`) becomes `***`. The address itself, password and all, is only
/// ever used to fetch.
public enum RedactedURL {
    public static func text(_ url: URL) -> String { text(url.absoluteString) }

    public static func text(_ address: String) -> String {
        guard let scheme = address.range(of: "://") else { return address }
        let authorityStart = scheme.upperBound
        let rest = address[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? address.endIndex
        let authority = address[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return address }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return address }
        return String(address[..<colon]) + ":***" + String(address[at...])
    }
}
