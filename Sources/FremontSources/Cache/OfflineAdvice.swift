import Foundation

/// What `--offline` says of a web source from the cache, with advice that fits how its last
/// fetch ended: "fetch it once" helps only what was never tried; an address that fetched into a
/// 404 needs checking, a server that was down needs another try.
public enum OfflineAdvice {
    /// Why there is no copy: never fetched, or every fetch failed (`lastError`, at `failedAt`).
    public static func notCached(lastError: String?, failedAt: Date?, now: Date = Date()) -> String {
        guard let lastError, !lastError.isEmpty else { return "not in the cache (--offline); fetch it once without --offline" }
        return "not in the cache (--offline): \(lastFetch(failedAt, now: now)) failed (\(lastError)); \(advice(for: lastError))"
    }

    /// The note for a copy that is there: its age, and when the fetches since it failed, how and
    /// what to do: "cached 3 h ago (offline); the last fetch, 1 h ago, failed (HTTP 503 Service
    /// Unavailable): try again without --offline later".
    public static func cached(fetchedAt: Date, lastError: String?, failedAt: Date?, now: Date = Date()) -> String {
        let age = CacheAge.text(since: fetchedAt, now: now) + " (offline)"
        guard let lastError, !lastError.isEmpty else { return age }
        return "\(age); \(lastFetch(failedAt, now: now)) failed (\(lastError)): \(advice(for: lastError))"
    }

    /// "the last fetch, 2 h ago," or "the last fetch", before "failed".
    private static func lastFetch(_ failedAt: Date?, now: Date) -> String {
        guard let failedAt else { return "the last fetch" }
        return "the last fetch, \(CacheAge.ago(max(0, now.timeIntervalSince(failedAt)))),"
    }

    /// What to do about a fetch that ended in `error` (the words the fetch gave, as the cache keeps them).
    static func advice(for error: String) -> String {
        if error.hasPrefix("HTTP 404") || error.hasPrefix("HTTP 410") {
            return "the server has nothing at that address: check it (fremont feeds list)"
        }
        if error.hasPrefix("HTTP 401") || error.hasPrefix("HTTP 403") {
            return "the server refuses it: check the address and any credentials in it"
        }
        if error.hasPrefix("HTTP 5") || error.hasPrefix("HTTP 429") {
            return "the server was failing: try again without --offline later"
        }
        if error.hasPrefix("cannot find the server") {
            return "the server's name did not resolve: check the address, or try again without --offline when online"
        }
        if error.hasPrefix("cannot connect") || error.hasPrefix("no answer within") || error.hasPrefix("the download took longer")
            || error.contains("connection") {
            return "the server could not be reached: try again without --offline when it answers"
        }
        if error.hasPrefix("not a feed") || error.contains("HTML page") {
            return "the address serves no feed: check it (a site's page, not its feed?)"
        }
        return "try again without --offline"
    }
}
