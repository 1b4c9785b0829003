import Foundation
import FremontCore
import FremontUI

/// The feed list with 200 feeds of 40 real items each (8,000 items) at 200×60: the UI thread's
/// cost of the 200 arrivals, then a key press (update + render), opening a feed and coming back,
/// and reading an item, whose count changes at once.
enum FeedListBenchmark {
    static let feedCount = 200

    static func run(dataDirectory: String) throws {
        let bytes = makeLargeFeed(items: 8_000, folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("feeds/real"))
        let parsed = try FeedParser.parse(.bytes(bytes, name: "bench-feed.xml"))
        let perFeed = parsed.feed.items.count / feedCount
        let followed = (0..<feedCount).map { FollowedFeed(source: "https://bench.example/\($0).xml", title: $0 % 3 == 0 ? "Feed \($0)" : nil,
                                                           tags: [$0 % 2 == 0 ? "even" : "odd"]) }
        // Lists opened with their first lines (the river), whose items the store holds: a list of
        // headlines reads the cache instead, measured over a million items by `--only window`.
        var list = FeedListView(feeds: followed)
        list.showsSummaries = true
        var state = BrowserState(width: 200, height: 60, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        // Prepared and wrapped off the UI thread, as the loads do.
        let area = state.contentArea
        let prepared = (0..<feedCount).map { index -> LoadPayload in
            var feed = parsed.feed
            feed.title = "Bench feed \(index)"
            feed.items = Array(parsed.feed.items[(index * perFeed)..<((index + 1) * perFeed)])
            return LoadPayload.feed(PreparedFeed(FeedParseResult(feed: feed), source: followed[index].source, readItemIDs: []))
                .laidOut(for: area)
        }
        let clock = ContinuousClock()
        var worst = Duration.zero
        let arrivals = clock.measure {
            for (index, feed) in prepared.enumerated() {
                let one = clock.measure { _ = state.update(.loaded(.feeds, source: followed[index].source, .success(feed), at: "")) }
                worst = max(worst, one)
            }
        }
        print("\nFeed list, \(feedCount) feeds of \(perFeed) items at 200×60, release build")
        print(String(format: "200 feeds arriving: %.1f ms on the UI thread in all, the slowest %.2f ms (a frame: 16 ms)",
                     milliseconds(arrivals), milliseconds(worst)))
        var buffer = ScreenBuffer(width: 200, height: 60)
        // Every item at once: merged on the UI thread, wrapped already on the loading threads.
        let openAll = clock.measure {
            _ = state.update(.key(.enter))
            state.render(into: &buffer)
        }
        _ = state.update(.key(.character("q")))
        print(String(format: "Enter on All items with their first lines (%d items, wrapped as they loaded): %.1f ms (a frame: 16 ms): %@", feedCount * perFeed,
                     milliseconds(openAll), milliseconds(openAll) <= 16 ? "met" : "MISSED"))
        print("key                      mean µs    p99 µs    max µs   (update + render into the buffer)")
        for (label, keys) in [("j (next feed)", [Key.character("j")]), ("PgDn (a page)", [Key.pageDown]),
                              ("Enter, q (a feed, back)", [Key.enter, Key.character("q")]),
                              ("Enter Enter q (read one)", [Key.enter, Key.enter, Key.character("q")]),
                              ("t j Enter (choose a tag)", [Key.character("t"), Key.character("j"), Key.enter]),
                              ("Ctrl-T (every feed)", [Key.control("t")])] {
            // Opening goes to a feed of its own, not to every item.
            if keys[0] == .enter { _ = state.update(.key(.character("n"))) }
            let timing = KeyTiming.measure(keys, presses: 1_500, state: &state, buffer: &buffer) { press, state in
                if press % 150 == 149, keys[0] == .character("j") || keys[0] == .pageDown { _ = state.update(.key(.character("g"))) }
            }
            // Back on the list, at its top (every feed shown again).
            while state.tabs[1].count > 1 { _ = state.update(.key(.character("q"))) }
            if keys[0] == .character("t") { _ = state.update(.key(.control("t"))) }
            _ = state.update(.key(.character("g")))
            KeyTiming.print(label, timing)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
