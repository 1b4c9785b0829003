import Foundation
import FremontTestSupport
import Testing

/// The real binary in a real terminal (tmux), driven by keys, read off the screen.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct TerminalTests {
    private let fremont = Fremont.path

    private func expectShellRestored(_ tmux: TmuxSession, status: String) async throws {
        try await tmux.expectShellRestored(status: status)
    }

    @Test func startScrollToTheEndOfTheMonthAndQuit() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        var screen = try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        #expect(screen.contains("1 Table"))
        #expect(screen.contains("▲ North 46,905  ▼ South 46,734"))
        // The whole first frame at 80×24, every line of it.
        try await tmux.expectScreen("""
             1 Table  2 Feeds  3 Weather  4 Log  5 Search  6 Downloads  April 2016 Fremont…
             ▲ North 46,905  ▼ South 46,734  Total 93,639  N/S ratio 1.004
             Busiest ▲ 455 Tue 2016-04-19 08:00  ▼ 593 Mon 2016-04-18 17:00
             Shade:  ▲ more north   ▲ quiet   ▼ more south   ▼ quiet   = even   — missing
              Date                                     North  South  Total
            ── Friday, April 1, 2016 ────────────────────────────── ▲1,928 ▼1,988 = 3,916 ──
            ▼ Friday, April 1, 2016 12:00 AM               6      7     13  ▎
            ▲ Friday, April 1, 2016  1:00 AM               5      3      8  ▏
            ▲ Friday, April 1, 2016  2:00 AM               4      2      6  ▏
            ▼ Friday, April 1, 2016  3:00 AM               2      3      5  ▏
            ▼ Friday, April 1, 2016  4:00 AM               0      2      2
            ▲ Friday, April 1, 2016  5:00 AM              22     13     35  ▋
            ▲ Friday, April 1, 2016  6:00 AM              94     43    137  ██▌
            ▲ Friday, April 1, 2016  7:00 AM             256    106    362  ██████▋
            ▲ Friday, April 1, 2016  8:00 AM             346    153    499  █████████▏
            ▲ Friday, April 1, 2016  9:00 AM             150     93    243  ████▌
            ▲ Friday, April 1, 2016 10:00 AM              77     63    140  ██▋
            ▲ Friday, April 1, 2016 11:00 AM              54     44     98  █▊
            ▲ Friday, April 1, 2016 12:00 PM              72     58    130  ██▍
            ▼ Friday, April 1, 2016  1:00 PM              49     68    117  ██▏
            ▼ Friday, April 1, 2016  2:00 PM              83     90    173  ███▏
            ▼ Friday, April 1, 2016  3:00 PM              96    114    210  ███▉
             j/k move  PgUp/PgDn page  [ ] day  / find date  h heatmap  ? help  q quit
            """)
        try await tmux.press("G")
        screen = try await tmux.waitFor("Saturday, April 30, 2016 11:00 PM")
        #expect(!screen.contains("April 1, 2016 12:00 AM"))
        // Colours reach the terminal: the busiest rows' shades are in the 256-colour palette.
        try await tmux.press("g")
        try await tmux.waitFor("April 1, 2016 12:00 AM")
        let colored = try await tmux.screen(escapes: true)
        #expect(colored.contains("\u{1B}[48;5;"), "\(colored.prefix(600).debugDescription)")
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }

    @Test func switchTabsAndHelp() async throws {
        let tmux = try await TmuxSession(width: 100, height: 30)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        try await tmux.press("3")
        try await tmux.waitUntil("weather tab") { !$0.contains("April 1, 2016 12:00 AM") }
        try await tmux.press("1")
        try await tmux.waitFor("April 1, 2016 12:00 AM")
        try await tmux.press("?")
        try await tmux.waitFor("any other key closes")
        try await tmux.press("Escape")
        try await tmux.waitUntil("help to close") { !$0.contains("any other key closes") }
        try await tmux.press("C-c")
        try await expectShellRestored(tmux, status: "0")
    }

    @Test func resizeReLaysOutAtOnce() async throws {
        let tmux = try await TmuxSession(width: 100, height: 30)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        try await tmux.resize(width: 40, height: 12)
        var screen = try await tmux.waitFor("Fri 2016-04-01 00:00")
        #expect(!screen.contains("Friday, April 1, 2016 12:00 AM"))
        try await tmux.resize(width: 24, height: 6)
        try await tmux.waitFor("Window too small")
        try await tmux.resize(width: 120, height: 40)
        screen = try await tmux.waitFor("Friday, April 1, 2016 12:00 AM")
        #expect(screen.contains("3,121.3/day over 30 days"))
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }

    /// The built-in feeds, newest first: Night Vale's episode (1 Feb 2023), then Debian's news.
    @Test func expandAndCollapseAFeedItem() async throws {
        // A cache of its own: the built-in feeds keep read marks.
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 80, height: 24, environment: home.environment)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        try await tmux.press("2")
        // The Feeds tab opens on the feed list; its first row, every item.
        try await tmux.waitFor("All items")
        // The whole feed list at 80×24: the built-in feeds, every item new to this cache.
        try await tmux.expectScreen("""
             1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads         4 feeds
              All items                                32/32
              Unread items                                32
            ★ Starred items                                0
            ● NASA Breaking News                       10/10  4 Sep 2018
            ● Welcome to Night Vale                      1/1  1 Feb 2023
            ● Debian News                                1/1  17 Dec 2022
            ● Sam Ruby                                 20/20  16 Jul 2012














             Enter open  n/p unread  A/C read  t tag  ? help  q quit
            """)
        // A line an item, the feed named in this merged list; S: the same items with their first lines.
        try await tmux.press("Enter")
        let headlines = try await tmux.waitFor("Updated Debian 11: 11.6 released")
        #expect(headlines.contains("●   1 Feb  2023  Welcome to Nig…  221 - The Glow Cloud, Explained"))
        try await tmux.press("S")
        var screen = try await tmux.waitFor("│ Welcome to Night Vale · 1 Feb 2023")
        #expect(!screen.contains("Written by Joseph Fink"))
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let debianRow = try #require(rows.firstIndex { $0.contains("Updated Debian 11") })
        // New to this cache: unread (●).
        #expect(rows[1].hasPrefix("● 221 - The Glow Cloud, Explained"))
        // The selected item's lines carry a bar: its feed-and-date line and four lines of text.
        func itemLines(_ screen: String) -> Int { screen.split(separator: "\n").filter { $0.hasPrefix("│") }.count }
        #expect(itemLines(screen) == 5)
        // Expanded, the episode's whole text pushes the next item off the screen.
        try await tmux.press("Enter")
        // Wait for the whole frame, not its first changed line: curses repaints line by line.
        screen = try await tmux.waitUntil("the item to expand") { $0.contains("▾ 221 - The Glow Cloud") && itemLines($0) == 20 }
        #expect(screen.contains("The voice of Dr. Janet Lubelle is Janet Varney."))
        #expect(!screen.contains("Updated Debian 11"))
        #expect(itemLines(screen) == 20)
        try await tmux.press("PageDown")
        try await tmux.waitFor("[1] https://shotgunmarmalade.bandcamp.com/")
        // Collapsed again (Space this time), from the middle of the text: back to four lines.
        try await tmux.press("Space")
        screen = try await tmux.waitUntil("the item to collapse") { $0.contains("▸ 221 - The Glow Cloud") && itemLines($0) == 5 && $0.contains("Updated Debian 11") }
        let after = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.firstIndex { $0.contains("Updated Debian 11") } == debianRow)
        #expect(itemLines(screen) == 5)
        #expect(!screen.contains("[1] https://shotgunmarmalade"))
        // q goes back to the list, then quits.
        try await tmux.press("q")
        try await tmux.waitFor("All items")
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }

    @Test func feedFilesOpenOnTheFeedsTab() async throws {
        let tmux = try await TmuxSession(width: 100, height: 30)
        try await tmux.ready()
        let nasa = SharedData.path("feeds/real/nasa__breaking_news_2018-09-05.rss")
        let broken = SharedData.path("bikes/malformed/truncated.xml")
        try await tmux.run("\(fremont) feed \(nasa) \(broken); echo EXIT=$?")
        let screen = try await tmux.waitFor("NASA to Host Live Chat")
        #expect(screen.contains("2 feeds"))
        // The file that is not a feed says why, in the list's header and on the status line.
        let failed = try await tmux.waitFor("not a feed: the root element is <response>")
        #expect(failed.contains("2 feeds · 10 items · 1 failed"))
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }

    @Test(arguments: [("TERM", "143"), ("HUP", "129"), ("INT", "130")])
    func aSignalRestoresTheTerminal(signal: String, status: String) async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        try await tmux.waitFor("April 1, 2016")
        let pid = try #require(try await tmux.foregroundProcess())
        kill(pid, signal == "TERM" ? SIGTERM : signal == "HUP" ? SIGHUP : SIGINT)
        try await expectShellRestored(tmux, status: status)
    }

    @Test func noColorLeavesMarkersAndNoColours() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24, environment: ["NO_COLOR": "1"])
        try await tmux.ready()
        try await tmux.run("\(fremont); echo EXIT=$?")
        let screen = try await tmux.waitFor("April 1, 2016  6:00 AM")
        #expect(screen.contains("▲ Friday, April 1, 2016  6:00 AM"))
        #expect(!(try await tmux.screen(escapes: true)).contains("48;5;"))
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }

    @Test func aBrokenFileSaysSoOnTheStatusLine() async throws {
        let tmux = try await TmuxSession(width: 100, height: 24)
        try await tmux.ready()
        try await tmux.run("\(fremont) bikes \(SharedData.path("bikes/malformed/truncated.xml")); echo EXIT=$?")
        let screen = try await tmux.waitFor("truncated.xml:1:5001: the document ends before </response>")
        #expect(screen.contains("No data: truncated.xml:1:5001"))
        try await tmux.press("q")
        try await expectShellRestored(tmux, status: "0")
    }
}

/// Issue 5's acceptance in the browser: `fremont` opens on the feeds you follow, fetched from
/// the web; with the server gone, `fremont --offline` still shows them, and says how old they are.
/// And issue 12's: open a feed from the list, read an item, go back: the feed's unread count
/// dropped by one, and stays so after a restart.
@Suite(.serialized, .needs("tmux"), .needsSharedData) struct OfflineBrowserTests {
    private let fremont = Fremont.path

    @Test func withTheServerStoppedOfflineShowsTheLastFetch() async throws {
        let home = try TestHome()
        let tmux = try await TmuxSession(width: 100, height: 24, environment: home.environment)
        try await tmux.ready()
        let url = try await LoopbackServer.with { server in
            let url = server.address("/data/feeds/real/nasa__breaking_news_2018-09-05.rss")
            let added = try await Fremont.run(arguments: ["feeds", "add", url], environment: home.environment)
            #expect(added.status == 0)
            try await tmux.run("\(fremont); echo EXIT=$?")
            // With a feed list, `fremont` alone opens on the feeds: every item new.
            let list = try await tmux.waitFor("10/10")
            #expect(list.contains("● NASA Breaking News"))
            // n: the next feed with unread items; Enter opens it.
            try await tmux.press("n")
            try await tmux.press("Enter")
            let items = try await tmux.waitFor("NASA to Host Live Chat on Successful Mission to Asteroid Belt")
            #expect(items.contains("●   4 Sep  2018  NASA Television to Air Launch"))
            #expect(items.contains("q back"))
            // Reading the first item marks it read; back on the list, one fewer unread.
            try await tmux.press("Enter")
            try await tmux.waitFor("Title: NASA to Host Live Chat")
            try await tmux.press("q")
            try await tmux.waitFor("    4 Sep  2018  NASA to Host Live Chat")
            try await tmux.press("q")
            let back = try await tmux.waitFor("9/10")
            #expect(back.contains("Unread items"))
            try await tmux.press("q")
            try await tmux.waitFor("EXIT=0")
            return url
        }
        try await tmux.run("clear; \(fremont) --offline; echo EXIT=$?")
        // Read state survived the restart: 9 of 10 unread, the first item read, the next still new.
        // (The cache's counts show at once; the offline load's note follows.)
        let restarted = try await tmux.waitFor("(offline)")
        #expect(restarted.contains("9/10"))
        #expect(restarted.contains("nasa__breaking_news_2018-09-05.rss: cached"))
        try await tmux.press("n")
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("    4 Sep  2018  NASA to Host Live Chat on Successful Mission to Asteroid Belt")
        #expect(screen.contains("●   4 Sep  2018  NASA Television to Air Launch"))
        _ = url
        try await tmux.press("q")
        try await tmux.press("q")
        try await tmux.waitFor("EXIT=0")
    }
}
