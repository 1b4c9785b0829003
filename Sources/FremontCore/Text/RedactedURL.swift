import Foundation

/// An address as it may be shown, logged or used as a cache key, with every credential in it
/// replaced by `***`:
/// - a password: `https://user:secret@host/…` → `https://user:***@host/…`;
/// - a user part without a password, which is how tokens travel (`https://TOKEN@host/…`):
///   `https://***@host/…`;
/// - the value of a query parameter whose name says it is a secret (`SecretQueryName`):
///   `…?api_key=abc&page=2` → `…?api_key=***&page=2`.
///
/// The address itself, credentials and all, is only ever used to fetch. Relative links in a
/// document resolve against `location(_:)`, the real address without its user part.
public enum RedactedURL {
    public static func text(_ url: URL) -> String { text(url.absoluteString) }

    public static func text(_ address: String) -> String {
        guard let parts = Parts(address) else { return address }
        var result = String(address[..<parts.authorityStart])
        if let at = parts.at {
            let userInfo = address[parts.authorityStart..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                result += address[parts.authorityStart..<colon] + ":***"
            } else {
                result += "***"
            }
            result += address[at..<parts.authorityEnd]
        } else {
            result += address[parts.authorityStart..<parts.authorityEnd]
        }
        let queryEnd = address[parts.authorityEnd...].firstIndex(of: "#") ?? address.endIndex
        guard let question = address[parts.authorityEnd..<queryEnd].firstIndex(of: "?") else {
            return result + address[parts.authorityEnd...]
        }
        result += address[parts.authorityEnd...question]
        let query = address[address.index(after: question)..<queryEnd]
        result += query.split(separator: "&", omittingEmptySubsequences: false).map { field -> String in
            guard let equals = field.firstIndex(of: "="), field.index(after: equals) < field.endIndex,
                  SecretQueryName.matches(String(field[..<equals])) else { return String(field) }
            return field[...equals] + "***"
        }.joined(separator: "&")
        return result + address[queryEnd...]
    }

    /// The real address without its user part (`https://user:secret@host/a` → `https://host/a`):
    /// the base relative links resolve against. A link made from it neither carries the password
    /// into the cache nor breaks on a `***`.
    public static func location(_ address: String) -> String {
        guard let parts = Parts(address), let at = parts.at else { return address }
        return String(address[..<parts.authorityStart]) + address[address.index(after: at)...]
    }

    /// Where the authority (`user:password@host:port`) of `scheme://…` is, and its `@`.
    private struct Parts {
        var authorityStart: String.Index
        var authorityEnd: String.Index
        var at: String.Index?

        init?(_ address: String) {
            guard let scheme = address.range(of: "://") else { return nil }
            authorityStart = scheme.upperBound
            authorityEnd = address[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? address.endIndex
            at = address[authorityStart..<authorityEnd].lastIndex(of: "@")
        }
    }
}
