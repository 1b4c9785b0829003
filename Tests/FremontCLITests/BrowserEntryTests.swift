import Foundation
import FremontTestSupport
import Testing

/// Every way into the browser shows its data, tried in tmux with a fresh home: a feed named by
/// address (cold, then warm from the cache with the server gone, a password in the address), a
/// file, two feeds merged, a table with its span.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct BrowserEntryTests {
    private let fremont = Fremont.path
    private static let nasa = "feeds/real/nasa__breaking_news_2018-07-25.rss"
    private static let bbc = "feeds/real/feed-rs__rss_2.0_bbc.xml"

    /// `http://reader:hunter2@127.0.0.1:PORT/…`: the address as a person with a password gives it.
    private func withPassword(_ address: String) -> String {
        address.replacingOccurrences(of: "http://", with: "http://reader:hunter2@")
    }

    @Test func aFeedNamedByAddressShowsItsItemsColdAndWarm() async throws {
        let home = try TestHome()
        let server = try await LoopbackServer.start()
        let address = withPassword(server.address("/data/\(Self.nasa)"))
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) feed '\(address)'; echo EXIT=$?")
        let cold = try await tmux.waitFor("NASA Awards Facility Operations Support Contract")
        #expect(cold.contains("NASA Breaking News · 10 items"))
        #expect(!cold.contains("hunter2"))
        #expect(!cold.contains("No items"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
        // Warm: the server is gone; the cache has the items, and the list shows them at once.
        await server.stop()
        try await tmux.run("clear; \(fremont) feed '\(address)'; echo EXIT=$?")
        let warm = try await tmux.waitFor("NASA Awards Facility Operations Support Contract")
        #expect(!warm.contains("hunter2"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    @Test func twoFeedsNamedTogetherAreOneMergedList() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(fremont) feed '\(server.address("/data/\(Self.nasa)"))' '\(server.address("/data/\(Self.bbc)"))'; echo EXIT=$?")
            let screen = try await tmux.waitUntil("both feeds' items") { $0.contains("Marcus Aurelius") && $0.contains("NASA Launches Channel for Roku") }
            #expect(screen.contains("2 feeds · 11 items"))
            // Each item names its feed by the feed's own title.
            #expect(screen.contains("In Our Time"))
            #expect(screen.contains("NASA Breaking News"))
            #expect(!screen.contains("No items in 2 feeds"))
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    /// A feed only viewed and the same feed followed, opened from the feed list: the same list,
    /// the same keys (`*` stars), the same footer but for `q`.
    @Test func aFeedViewedAndTheSameFeedFollowedHaveOneListAndOneFooter() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let address = server.address("/data/feeds/real/nasa__breaking_news_2022-01-12.rss")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(fremont) feed '\(address)'; echo EXIT=$?")
            try await tmux.waitFor("Reaches Major Milestone")
            try await tmux.press("*")
            let viewed = try await tmux.waitFor("starred")
            #expect(viewed.contains("●★"))
            let viewedFooter = Self.footer(viewed)
            #expect(viewedFooter.hasPrefix("Enter read"))
            #expect(viewedFooter.hasSuffix("q quit"))
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")

            try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "\(address)\n".write(to: home.feedList, atomically: true, encoding: .utf8)
            try await tmux.run("clear; \(fremont); echo EXIT=$?")
            try await tmux.waitFor("NASA Breaking News")
            // The feed's row is the last of the list's four (All, Unread, Starred, the feed).
            try await tmux.press("G")
            try await tmux.press("Enter")
            try await tmux.waitFor("Reaches Major Milestone")
            try await tmux.press("j")
            try await tmux.press("*")
            let followed = try await tmux.waitFor("starred")
            #expect(followed.split(separator: "\n").filter { $0.hasPrefix("●★") }.count == 2)
            #expect(Self.footer(followed) == String(viewedFooter.dropLast("quit".count)) + "back")
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    /// A feed only viewed is kept (its marks, a warm start) but is not in All items, whose row and
    /// list agree; followed, it joins them.
    @Test func aFeedOnlyViewedIsNotInAllItemsUntilFollowed() async throws {
        let home = try TestHome()
        try await LoopbackServer.with { server in
            let viewed = server.address("/data/feeds/real/nasa__breaking_news_2022-01-12.rss")
            let followed = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
            try await tmux.ready()
            try await tmux.run("\(fremont) feed '\(viewed)'; echo EXIT=$?")
            try await tmux.waitFor("Reaches Major Milestone")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            try FileManager.default.createDirectory(at: home.feedList.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "\(followed)\n".write(to: home.feedList, atomically: true, encoding: .utf8)
            try await tmux.run("clear; \(fremont); echo EXIT=$?")
            let list = try await tmux.waitFor("NASA Breaking News")
            #expect(list.split(separator: "\n").first { $0.contains("All items") }?.hasSuffix("10/10") == true, "\(list)")
            try await tmux.press("g")
            try await tmux.press("Enter")
            let all = try await tmux.waitFor("All items · 10 items")
            #expect(!all.contains("Reaches Major Milestone"))
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
            // Followed too: its items join All items.
            try "\(followed)\n\(viewed)\n".write(to: home.feedList, atomically: true, encoding: .utf8)
            try await tmux.run("clear; \(fremont); echo EXIT=$?")
            try await tmux.waitFor("20/20")
            try await tmux.press("g")
            try await tmux.press("Enter")
            try await tmux.waitFor("All items · 20 items")
            try await tmux.press("q")
            try await tmux.press("q")
            try await tmux.expectShellRestored(status: "0")
        }
    }

    @Test func aTableOpensOnItsSpanOnly() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont) table '\(SharedData.path("bikes/fremont-2016-04.csv"))' --from 2016-04-10 --to 2016-04-12 --columns fremont_bridge_nb; echo EXIT=$?")
        let first = try await tmux.waitFor("Sunday, April 10, 2016 12:00 AM")
        #expect(!first.contains("April 9"))
        #expect(!first.contains("South"))
        try await tmux.press("G")
        let last = try await tmux.waitFor("Tuesday, April 12, 2016 11:00 PM")
        #expect(!last.contains("April 13"))
        try await tmux.press("q")
        try await tmux.expectShellRestored(status: "0")
    }

    /// The hints line: the second line from the bottom, trimmed.
    private static func footer(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let filled = lines.lastIndex { !$0.isEmpty } ?? 0
        return lines[max(0, filled - 1)]
    }
}
