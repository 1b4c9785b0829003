import Foundation
import Testing
import FremontCore
@testable import FremontUI

/// Whole screens at 80×24, every line compared: what a person sees, not a fragment of it.
@Suite(.needsSharedData) struct WholeScreenTests {
    /// Compares every line, and names the first that differs.
    private func expectScreen(_ state: BrowserState, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let lines = screen(state).lines
        #expect(lines.count == expected.count, sourceLocation: sourceLocation)
        for (row, (line, want)) in zip(lines, expected).enumerated() where line != want {
            Issue.record("row \(row):\n  got  '\(line)'\n  want '\(want)'", sourceLocation: sourceLocation)
        }
    }

    @Test func theTableOfAprilAt80x24() throws {
        expectScreen(April.browser(width: 80, height: 24), [
            " 1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  fremont-2016-04.xml",
            " ▲ North 46,905  ▼ South 46,734  Total 93,639  N/S ratio 1.004",
            " Busiest ▲ 455 Tue 2016-04-19 08:00  ▼ 593 Mon 2016-04-18 17:00",
            " Shade:  ▲ more north   ▲ quiet   ▼ more south   ▼ quiet   = even   — missing",
            "  Date                                     North  South  Total",
            "── Friday, April 1, 2016 ────────────────────────────── ▲1,928 ▼1,988 = 3,916 ──",
            "▼ Friday, April 1, 2016 12:00 AM               6      7     13  ▎",
            "▲ Friday, April 1, 2016  1:00 AM               5      3      8  ▏",
            "▲ Friday, April 1, 2016  2:00 AM               4      2      6  ▏",
            "▼ Friday, April 1, 2016  3:00 AM               2      3      5  ▏",
            "▼ Friday, April 1, 2016  4:00 AM               0      2      2",
            "▲ Friday, April 1, 2016  5:00 AM              22     13     35  ▋",
            "▲ Friday, April 1, 2016  6:00 AM              94     43    137  ██▌",
            "▲ Friday, April 1, 2016  7:00 AM             256    106    362  ██████▋",
            "▲ Friday, April 1, 2016  8:00 AM             346    153    499  █████████▏",
            "▲ Friday, April 1, 2016  9:00 AM             150     93    243  ████▌",
            "▲ Friday, April 1, 2016 10:00 AM              77     63    140  ██▋",
            "▲ Friday, April 1, 2016 11:00 AM              54     44     98  █▊",
            "▲ Friday, April 1, 2016 12:00 PM              72     58    130  ██▍",
            "▼ Friday, April 1, 2016  1:00 PM              49     68    117  ██▏",
            "▼ Friday, April 1, 2016  2:00 PM              83     90    173  ███▏",
            "▼ Friday, April 1, 2016  3:00 PM              96    114    210  ███▉",
            " j/k move  PgUp/PgDn page  [ ] day  / find date  h heatmap  ? help  q quit",
            "",
        ])
    }

    @Test func theFeedListAt80x24() throws {
        let broken = "https://broken.example/feed.xml"
        let list = FeedListView(feeds: [FollowedFeed(source: FeedsFixtures.nasaPath, title: "NASA", tags: ["space"]), FollowedFeed(source: broken)],
                                now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var state = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = state.update(.feedsLoaded(source: FeedsFixtures.nasaPath,
                                      .success(PreparedFeed(try FeedsFixtures.nasa(), source: FeedsFixtures.nasaPath, readItemIDs: [])), at: "1"))
        _ = state.update(.feedsLoaded(source: broken, .failure(LoadError(source: broken, kind: .httpStatus(503), "HTTP 503 Service Unavailable")),
                                      at: "12:00:00"))
        expectScreen(state, [
            " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads         2 feeds",
            "  All items                                10/10",
            "  Unread items                                10",
            "★ Starred items",
            "● NASA                                     10/10  yesterday    space",
            "✗ feed.xml                                        failed: HTTP 503 Service Una…",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Enter open  n/p unread  A/C read  t tag  ? help  q quit",
            " HTTP 503 Service Unavailable · https://broken.example/feed.xml · 12:00:00",
        ])
    }
}
