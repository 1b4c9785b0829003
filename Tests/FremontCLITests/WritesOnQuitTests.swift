import Foundation
import FremontTestSupport
import Testing

/// What the reader does while feeds hang is kept: read marks and stars are written on a queue of
/// their own, and quitting finishes them. (They waited on the four load slots behind the hanging
/// fetches, and quitting dropped them: the cache had none of it.)
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct WritesOnQuitTests {
    @Test func marksAndAStarMadeWhileEightFeedsHangAreInTheCacheAfterQuit() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            var lines = [server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")]
            // Eight feeds whose servers answer only after a minute: every load slot taken.
            lines += (0..<8).map { server.address("/slow/feeds/real/feed-rs__rss_2.0_nightvale.xml?seconds=60&n=\($0)") }
            try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: home.feedList)
            let tmux = try await TmuxSession(width: 100, height: 30, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(Fremont.path); echo EXIT=$?")
            // The list, NASA's ten items unread, eight feeds still loading.
            _ = try await tmux.waitUntil("NASA's items counted", { $0.contains("10/10") })
            // NASA's feed: read the first two items, star the second, back, quit.
            try await tmux.press("j", "j", "j", "Enter")
            _ = try await tmux.waitFor("NASA")
            try await tmux.press("Enter")
            _ = try await tmux.waitFor("Title:")
            try await tmux.press("n", "*")
            // Back a screen at a time, each seen before the next `q`: three sent at once let one
            // land in the shell once (`qstty`) when a screen was not yet where the test thought.
            try await tmux.press("q")
            _ = try await tmux.waitUntil("back at NASA's items", { !$0.contains("Title:") })
            try await tmux.press("q")
            _ = try await tmux.waitUntil("back at the feed list, two of NASA's read", { $0.contains("8/10") })
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            let cache = home.cacheDatabase.path
            let read = try await ChildProcess.run(["/usr/bin/sqlite3", cache, "SELECT count(*) FROM item WHERE isRead"], environment: ProcessInfo.processInfo.environment)
            #expect(String(decoding: read.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "2")
            let starred = try await ChildProcess.run(["/usr/bin/sqlite3", cache, "SELECT count(*) FROM starred"], environment: ProcessInfo.processInfo.environment)
            #expect(String(decoding: starred.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        }
    }
}
