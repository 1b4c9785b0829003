import FlyingFox
import Foundation
import FremontTestSupport
import Testing

/// newsboat's `keep-articles-days`, the real binary in tmux over a feed served on loopback: old
/// items go, read or not, but a starred one stays starred; the feed list says so, and still does
/// after a restart.
@Suite(.serialized, .needs("tmux")) struct RetentionTerminalTests {
    /// A feed of one story from today and two from more than a year ago.
    static func rss(now: Date) -> Data {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let stories = [("fresh", "Fresh story", 0), ("old", "Old story", 400), ("kept", "Old starred story", 401)]
        let items = stories.map { id, title, days in
            "<item><guid>\(id)</guid><title>\(title)</title><link>http://example.com/\(id)</link>"
                + "<pubDate>\(format.string(from: now.addingTimeInterval(-Double(days) * 86_400)))</pubDate></item>"
        }
        return Data("<rss version=\"2.0\"><channel><title>Loopback</title>\(items.joined())</channel></rss>".utf8)
    }

    /// The feed list's row that names `text`, trailing spaces dropped.
    static func row(_ screen: String, _ text: String) -> String {
        String(screen.split(separator: "\n").first { $0.contains(text) } ?? "").trimmingCharacters(in: .whitespaces)
    }

    @Test func keepArticlesDaysRemovesOldUnreadItemsButNeverAStarredOne() async throws {
        let home = try TestHome()
        let body = Self.rss(now: Date())
        try await LoopbackServer.with { server in
            await server.route("GET /news.xml") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/rss+xml"], body: body)
            }
            try home.writeFeedList([server.address("/news.xml")])
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            // No retention yet: all three stored, unread; the oldest starred.
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            _ = try await tmux.waitUntil("the feed loaded") { Self.row($0, "Loopback").contains("3/3") }
            try await tmux.press("j", "j", "j", "Enter")
            _ = try await tmux.waitFor("Old starred story")
            try await tmux.press("j", "j")
            try await tmux.press("*")
            _ = try await tmux.waitUntil("the star shown") { Self.row($0, "Old starred story").contains("★") }
            try await tmux.press("q")
            _ = try await tmux.waitUntil("the star counted") { Self.row($0, "Starred items").hasSuffix(" 1") }
            try await tmux.press("q")
            _ = try await tmux.waitFor("EXIT=0")

            // Thirty days kept: the fetch takes the two old stories out, unread as they are.
            try home.writeConfig("keep-articles-days 30\n")
            try await tmux.run("clear; \(Fremont.path); echo EXIT=$?")
            let pruned = try await tmux.waitUntil("the old items gone") { Self.row($0, "Loopback").contains("1/1") }
            #expect(Self.row(pruned, "All items").hasSuffix("1/1"))
            #expect(Self.row(pruned, "Starred items").hasSuffix(" 1"))
            try await tmux.press("q")
            _ = try await tmux.waitFor("EXIT=0")

            // Restarted without the network: the cache says the same, and the star is whole.
            try await tmux.run("clear; \(Fremont.path) --offline; echo EXIT=$?")
            let restarted = try await tmux.waitUntil("the cached feed") { Self.row($0, "Loopback").contains("1/1") }
            #expect(Self.row(restarted, "All items").hasSuffix("1/1"))
            #expect(Self.row(restarted, "Unread items").hasSuffix(" 1"))
            #expect(Self.row(restarted, "Starred items").hasSuffix(" 1"))
            try await tmux.press("j", "j", "Enter")
            let starred = try await tmux.waitFor("Old starred story")
            #expect(!starred.contains("Old story") && !starred.contains("Fresh story"))
            try await tmux.press("q", "q")
            _ = try await tmux.waitFor("EXIT=0")
        }
    }
}
