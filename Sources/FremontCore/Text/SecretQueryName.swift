import Foundation

/// Query parameter names that carry a secret, so that their values are never shown or kept as a
/// cache key. A name is compared lowercased and percent-decoded, with `-` read as `_` and leading
/// `$`s (Socrata's `$$app_token`) dropped: it is one of the usual names (`key`, `auth`, `sig`, …)
/// or ends in `token`, `secret`, `password`, `apikey`, `signature` or `credential` (S3's
/// `X-Amz-Signature`). The list is kept narrow on purpose: two addresses that differ only in
/// such a value share a cache entry.
public enum SecretQueryName {
    static let names: Set<String> = [
        "key", "apikey", "api_key", "token", "auth", "authorization", "sig", "password", "passwd", "pwd", "secret",
    ]
    static let endings = ["token", "secret", "password", "apikey", "signature", "credential"]

    public static func matches(_ name: String) -> Bool {
        var name = (name.removingPercentEncoding ?? name).lowercased().replacingOccurrences(of: "-", with: "_")
        while name.hasPrefix("$") { name.removeFirst() }
        return names.contains(name) || endings.contains { name.hasSuffix($0) }
    }
}
