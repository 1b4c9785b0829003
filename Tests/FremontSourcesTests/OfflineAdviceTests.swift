import Foundation
import Testing
@testable import FremontSources

/// `--offline`'s words fit what the cache knows: never fetched, fetched into an error, or a copy
/// with failures since; the advice follows the error.
@Suite struct OfflineAdviceTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func neverFetchedSaysFetchItOnce() {
        #expect(OfflineAdvice.notCached(lastError: nil, failedAt: nil, now: Self.now)
                == "not in the cache (--offline); fetch it once without --offline")
    }

    @Test(arguments: [
        ("HTTP 404 Not Found", "the server has nothing at that address: check it (fremont feeds list)"),
        ("HTTP 410 Gone", "the server has nothing at that address: check it (fremont feeds list)"),
        ("HTTP 403 Forbidden", "the server refuses it: check the address and any credentials in it"),
        ("HTTP 503 Service Unavailable", "the server was failing: try again without --offline later"),
        ("cannot find the server feeds.example (DNS lookup failed)",
         "the server's name did not resolve: check the address, or try again without --offline when online"),
        ("cannot connect to 127.0.0.1:9 (connection refused)", "the server could not be reached: try again without --offline when it answers"),
        ("no answer within 10 s", "the server could not be reached: try again without --offline when it answers"),
        ("not a feed: the root element is <html>", "the address serves no feed: check it (a site's page, not its feed?)"),
        ("the document ends before </rss>", "try again without --offline"),
    ])
    func theAdviceFitsTheError(_ error: String, _ advice: String) {
        #expect(OfflineAdvice.notCached(lastError: error, failedAt: Self.now.addingTimeInterval(-7200), now: Self.now)
                == "not in the cache (--offline): the last fetch, 2 h ago, failed (\(error)); \(advice)")
    }

    @Test func aCopyWithFailuresSinceSaysBoth() {
        let fetched = Self.now.addingTimeInterval(-3 * 86400)
        #expect(OfflineAdvice.cached(fetchedAt: fetched, lastError: nil, failedAt: nil, now: Self.now) == "cached 3 days ago (offline)")
        #expect(OfflineAdvice.cached(fetchedAt: fetched, lastError: "HTTP 503 Service Unavailable", failedAt: Self.now.addingTimeInterval(-600), now: Self.now)
                == "cached 3 days ago (offline); the last fetch, 10 min ago, failed (HTTP 503 Service Unavailable): the server was failing: try again without --offline later")
    }
}
